import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, START, type EventStore, type Position } from '../../platform/eventstore/port';
import { decide, evolve, initialState, type OrderCommand } from './decider';
import { orderStream, type OrderEvent } from './events';

export async function loadOrder(store: EventStore, orderId: string) {
  const events = await store.readStream(orderStream(orderId));
  const state = events.reduce((s, e) => evolve(s, e as unknown as OrderEvent), initialState);
  const last = events[events.length - 1];
  return { state, revision: last ? last.revision : ('no_stream' as const), position: last?.position ?? START };
}

/**
 * Load, decide, append at the loaded revision. A concurrent writer makes the append fail; the
 * command is then decided again on the fresh state, which is how racing webhooks, polls and
 * return pages settle on one payment event. Answers the position the read models must reach.
 */
export async function executeOrderCommand(
  store: EventStore,
  orderId: string,
  command: OrderCommand,
  metadata: CommandMetadata,
): Promise<Position> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await loadOrder(store, orderId);
    const events = decide(command, state);
    if (!events.length) return position;
    try {
      return (await store.append(orderStream(orderId), events, { expectedRevision: revision, metadata })).position;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
}


/** A new order's stream cannot exist yet (its id was just made), so there is nothing to load. */
export async function placeOrder(store: EventStore, command: Extract<OrderCommand, { type: 'PlaceOrder' }>, metadata: CommandMetadata): Promise<Position> {
  const events = decide(command, initialState);
  return (await store.append(orderStream(command.data.orderId), events, { expectedRevision: 'no_stream', metadata })).position;
}
