import { useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored, type KeyValueStorage } from '../../lib/storage';

// The signed-in admin (docs/product.md#back-office): token and user, kept in localStorage under keys
// of their own (the store's keys are apart) and restored at load. Stored data that cannot be read
// back is discarded, both keys together.

export const ADMIN_TOKEN_KEY = 'admin-token';
export const ADMIN_USER_KEY = 'admin-user';

export interface AdminUser {
  id: string;
  username: string;
  name: string;
  role: string;
}

export interface AdminSession {
  token: string;
  user: AdminUser;
}

/** `logout`: the admin's own choice. `expired`: the server refused the token; the page is kept to return to. */
export type SignOutReason = 'logout' | 'expired';

export interface SessionState {
  session: AdminSession | null;
  /** Why the last session ended, if one did since load. */
  signedOut?: SignOutReason;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

export function parseUser(value: unknown): AdminUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, name, role } = value as Record<string, unknown>;
  if (!isText(id) || !isText(username) || typeof name !== 'string' || typeof role !== 'string') return null;
  return { id, username, name, role };
}

/** The stored session, or null when either part is missing or unreadable. */
export function parseStoredSession(token: string | null, user: string | null): AdminSession | null {
  if (!isText(token) || /\s/.test(token) || user === null) return null;
  try {
    const parsed = parseUser(JSON.parse(user));
    return parsed && { token, user: parsed };
  } catch {
    return null;
  }
}

export interface SessionStore {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  signIn(session: AdminSession): void;
  signOut(reason: SignOutReason): void;
  /** The server refused `token`: signs out if it is still the session's (a newer sign-in stays). */
  refused(token: string): void;
}

export function createSessionStore(
  storage?: KeyValueStorage | null,
  win: Pick<Window, 'addEventListener'> | null = typeof window === 'undefined' ? null : window,
): SessionStore {
  const clear = () => {
    removeStored(ADMIN_TOKEN_KEY, storage);
    removeStored(ADMIN_USER_KEY, storage);
  };
  const read = () => {
    const token = readStored(ADMIN_TOKEN_KEY, storage);
    const user = readStored(ADMIN_USER_KEY, storage);
    const session = parseStoredSession(token, user);
    if (!session && (token !== null || user !== null)) clear();
    return session;
  };
  let state: SessionState = { session: read() };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  // Another tab signed in or out: follow it (a sign-out there keeps this tab's page to return to).
  win?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== null && event.key !== ADMIN_TOKEN_KEY && event.key !== ADMIN_USER_KEY) return;
    const session = read();
    if (session?.token === state.session?.token) return;
    set(session ? { session } : { session: null, signedOut: 'expired' });
  });

  const store: SessionStore = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(session) {
      writeStored(ADMIN_TOKEN_KEY, session.token, storage);
      writeStored(ADMIN_USER_KEY, JSON.stringify(session.user), storage);
      set({ session });
    },
    signOut(reason) {
      clear();
      if (state.session) set({ session: null, signedOut: reason });
    },
    refused(token) {
      if (state.session?.token === token) store.signOut('expired');
    },
  };
  return store;
}

/** The app's one admin session. */
export const adminSession = createSessionStore();

export function useAdminSession(): SessionState {
  return useSyncExternalStore(adminSession.subscribe, adminSession.get);
}
