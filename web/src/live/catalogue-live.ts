import type { QueryClient } from '@tanstack/react-query';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/live/types';
import { io, type Socket } from 'socket.io-client';
import { cartStore } from '../cart/store';
import { applyCategoriesUpdate, applyProductsUpdate } from './catalogue-cache';

/** Reconnect 3 s after the connection closes. */
export const RECONNECT_DELAY_MS = 3000;

/**
 * The storefront's live connection (docs/architecture.md#live-updates): on every (re)connection it asks for the current
 * catalogue (the whole lists), then applies each catalogue change, sent as a delta of what changed,
 * to the page caches and the cart, so a price an admin changes shows without a reload. A delta
 * missed while disconnected does not matter: the reconnection asks for the whole lists again.
 * Loaded after the first paint, in its own chunk.
 */
export type CatalogueSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectCatalogueLive(queryClient: QueryClient): CatalogueSocket {
  const socket: CatalogueSocket = io({
    reconnectionDelay: RECONNECT_DELAY_MS,
    reconnectionDelayMax: RECONNECT_DELAY_MS,
    randomizationFactor: 0,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
  socket.on('connect', () => socket.emit('requestInitialData'));
  socket.on('productsUpdate', (payload) => applyProductsUpdate(queryClient, payload, cartStore()));
  socket.on('categoriesUpdate', (payload) => applyCategoriesUpdate(queryClient, payload));
  return socket;
}
