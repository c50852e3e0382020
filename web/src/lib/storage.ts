// localStorage access that never throws: storage can be disabled, full or blocked (private
// browsing, sandboxed iframes, strict privacy settings). A failed read is treated as "nothing
// stored" and a failed write is simply dropped.

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readStored(key: string, storage: KeyValueStorage | null = browserStorage()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value simply is not remembered.
  }
}

export function removeStored(key: string, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // ignore
  }
}

/**
 * Reads a short string value that may have been saved either raw (`dark`) or JSON-encoded
 * (`"dark"`), and returns it only when `accept` recognises it.
 */
export function parseStoredChoice<T extends string>(
  raw: string | null,
  accept: (value: string) => value is T,
): T | null {
  if (raw == null) return null;
  let value = raw.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== 'string') return null;
      value = parsed.trim();
    } catch {
      return null;
    }
  }
  return accept(value) ? value : null;
}
