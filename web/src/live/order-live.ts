import type { ClientToServerEvents, ServerToClientEvents } from '@shared/live/types';
import { io, type Socket } from 'socket.io-client';
import { RECONNECT_DELAY_MS } from './catalogue-live';

// An order page's live connection (docs/product.md#order-page): it joins its order's room with the
// link's token on every (re)connection, and is told when to read the order again. The news itself
// is never sent on the socket: the page reads it over HTTPS with its token.

export interface OrderNews {
  /** The order changed (or the connection came back, and news may have been missed): read it again. */
  changed(): void;
  /** The link this page was opened with was replaced: it no longer opens the order. */
  replaced(): void;
}

/** Watches the order of `token`; returns what stops watching. */
export function watchOrder(token: string, news: OrderNews): () => void {
  // Socket.IO's default transports: long-polling first, then the upgrade.
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
    randomizationFactor: 0,
  });
  socket.on('connect', () => {
    socket.emit('order:watch', { token });
    news.changed();
  });
  socket.on('order:updated', (payload) => {
    if ('linkReplaced' in payload && payload.linkReplaced) news.replaced();
    else news.changed();
  });
  return () => void socket.close();
}
