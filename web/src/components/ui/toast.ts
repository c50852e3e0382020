import { useSyncExternalStore } from 'react';

// A tiny toast queue (docs/product.md#constants: errors stay 4 s, successes 2 s, at most 20 at once).
export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** A button on the toast (Undo): it acts, then the toast goes. */
  action?: { label: string; onClick: () => void };
}

const DURATION_MS: Record<ToastKind, number> = { success: 2000, error: 4000, info: 5000 };
const MAX_TOASTS = 20;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

function show(kind: ToastKind, message: string, durationMs = DURATION_MS[kind], action?: Toast['action']): number {
  const id = nextId++;
  let next = [...toasts, { id, kind, message, ...(action && { action }) }];
  while (next.length > MAX_TOASTS) {
    const oldest = next[0]!;
    clearTimeout(timers.get(oldest.id));
    timers.delete(oldest.id);
    next = next.slice(1);
  }
  emit(next);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
  return id;
}

export const toast = {
  success: (message: string, durationMs?: number) => show('success', message, durationMs),
  error: (message: string, durationMs?: number) => show('error', message, durationMs),
  info: (message: string, durationMs?: number) => show('info', message, durationMs),
  /** Says what was just done, with a button to take it back while the toast shows. */
  undoable: (message: string, label: string, undo: () => void) =>
    show('info', message, DURATION_MS.info, { label, onClick: undo }),
  dismiss: dismissToast,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
