// What this admin just changed: for 5 s after a write, live events about the item leave the list
// this admin just updated alone (docs/product.md#back-office: such lists ignore live events about it for 5 s). Whether
// to notify is decided by the event's `actor`, not by this.

export const LOCAL_CHANGE_MS = 5000;

export type LiveArea = 'orders' | 'products' | 'categories' | 'users';

const recent = new Map<string, number>();
const keyOf = (area: LiveArea, id: string) => `${area}:${id}`;

export function markLocalChange(area: LiveArea, id: string, now = Date.now()): void {
  for (const [key, until] of recent) if (until <= now) recent.delete(key);
  recent.set(keyOf(area, id), now + LOCAL_CHANGE_MS);
}

export function isLocalChange(area: LiveArea, id: string, now = Date.now()): boolean {
  return (recent.get(keyOf(area, id)) ?? 0) > now;
}
