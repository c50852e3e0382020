import type { QueryClient } from '@tanstack/react-query';
import type { Settings } from '@shared/identity/types';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/live/types';
import { io, type Socket } from 'socket.io-client';
import { currentAdmin } from '../api/auth';
import { adminKeys } from '../api/keys';
import { usersQuery } from '../api/users';
import { ADMIN_EVENTS, applyAdminEvent, wantsNotice, type Notice } from './events';

/** Reconnect 3 s after the connection drops. */
export const RECONNECT_DELAY_MS = 3000;

export type LiveStatus = 'connecting' | 'online' | 'offline';

export interface AdminLiveOptions {
  token: string;
  /** The signed-in admin: their own catalogue changes raise no notification. */
  selfId: string;
  queryClient: QueryClient;
  onStatus(status: LiveStatus): void;
  /** The admin's notification switches (Settings > Notifications) as they are now. */
  notifications(): Settings['notifications'];
  /** Shows another admin's change; `who` is their name, or null when the event does not say. */
  onNotice(notice: Notice, who: string | null): void;
}

/**
 * The back office's live connection (docs/architecture.md#live-updates): the admin token in `auth.token`, Socket.IO's default
 * transports (long-polling first, then the upgrade). Each event becomes cache updates (events.ts);
 * after a drop (or a first attempt that failed) it reconnects 3 s later and refetches every admin
 * query, for what it missed. A
 * connection the server refuses or ends (token expired, admin deleted, password changed) makes the
 * session be checked: a refused token signs out. Returns the disconnect.
 */
export function connectAdminLive(options: AdminLiveOptions): () => void {
  const { queryClient } = options;
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    auth: { token: options.token },
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
    randomizationFactor: 0,
  });
  // Set while the connection is down, and until it is first up: what the page loaded before then
  // may already be behind (an order placed between its fetch and the connection was never told).
  let missedSome = true;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  // Socket.IO retries a dropped transport by itself, not a connection the server refused or ended.
  const checkSessionThenRetry = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      // A 401 here signs out, which closes this connection; anything else is worth another try.
      currentAdmin()
        .catch(() => undefined)
        .finally(() => {
          if (!closed && !socket.connected) socket.connect();
        });
    }, RECONNECT_DELAY_MS);
  };

  options.onStatus('connecting');
  socket.on('connect', () => {
    options.onStatus('online');
    if (missedSome) void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    missedSome = false;
  });
  socket.on('disconnect', (reason) => {
    missedSome = true;
    options.onStatus('offline');
    if (reason === 'io server disconnect') checkSessionThenRetry();
  });
  socket.on('connect_error', () => {
    missedSome = true;
    options.onStatus('offline');
    if (!socket.active) checkSessionThenRetry();
  });

  for (const event of ADMIN_EVENTS) {
    socket.on(event, (payload: unknown) => {
      const notice = applyAdminEvent(queryClient, event, payload, options.selfId);
      // The cache follows every event; the admin is told only of the kinds they follow.
      if (!notice || !wantsNotice(notice, options.notifications())) return;
      if (notice.who || !notice.actor) return options.onNotice(notice, notice.who ?? null);
      const actor = notice.actor;
      void queryClient
        .fetchQuery({ ...usersQuery(), staleTime: 60_000 })
        .then((answer) => answer.users.find((user) => user.id === actor)?.name ?? null)
        .catch(() => null)
        .then((who) => !closed && options.onNotice(notice, who));
    });
  }

  return () => {
    closed = true;
    clearTimeout(retry);
    socket.disconnect();
  };
}
