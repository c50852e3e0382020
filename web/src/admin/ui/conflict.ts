import { useSyncExternalStore } from 'react';
import type { Conflict } from '../api/client';

// The one conflict dialog of the back office (rendered by the shell): a write refused because the
// item changed since the screen showed it says who changed it and when, and offers to reload.

export interface OpenConflict extends Conflict {
  reload: () => void;
}

let current: OpenConflict | null = null;
const listeners = new Set<() => void>();
const set = (next: OpenConflict | null) => {
  current = next;
  listeners.forEach((listener) => listener());
};

export const showConflict = (conflict: OpenConflict) => set(conflict);
export const closeConflict = () => set(null);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useConflict(): OpenConflict | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
