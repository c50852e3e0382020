import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, SHOPPER, START, SYSTEM, type EventStore, type Position, type RecordedEvent } from '../../platform/eventstore/port';
import { decide, evolve, initialState, OrderRuleError, type OrderCommand } from './decider';
import { orderStream, type OrderEvent } from './events';

export async function loadOrder(store: EventStore, orderId: string) {
  const events = await store.readStream(orderStream(orderId));
  const state = events.reduce((s, e) => evolve(s, e as unknown as OrderEvent), initialState);
  const last = events[events.length - 1];
  return { state, last, revision: last ? last.revision : ('no_stream' as const), position: last?.position ?? START };
}

/**
 * Load, decide, append at the loaded revision. A concurrent writer makes the append fail; the
 * command is then decided again on the fresh state, which is how racing webhooks, polls and
 * return pages settle on one payment event. An admin's command may name the revision it saw
 * (If-Match): any other revision is a 409 saying what changed, by whom and when. Answers the
 * position the read models must reach.
 */
export async function executeOrderCommand(
  store: EventStore,
  orderId: string,
  command: OrderCommand,
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  for (let attempt = 1; ; attempt++) {
    const { state, last, revision, position } = await loadOrder(store, orderId);
    if (expected !== undefined && last && last.revision !== expected) throw staleVersion(last);
    const events = decide(command, state);
    if (!events.length) return position;
    try {
      return (await store.append(orderStream(orderId), events, { expectedRevision: revision, metadata })).position;
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= 5) throw error;
    }
  }
}

const CHANGES: Record<OrderEvent['type'], string> = {
  OrderPlaced: 'placed',
  OrderPaid: 'paid',
  OrderPaymentFailed: 'marked failed',
  OrderPhoneUpdated: 'given a new phone number',
  OrderDispatched: 'dispatched',
  OrderDeleted: 'deleted',
  OrderRestored: 'restored by a payment',
};

function staleVersion(last: RecordedEvent): OrderRuleError {
  const { actor, occurredAt } = last.metadata;
  const who = actor === SYSTEM ? 'the payment service' : actor === SHOPPER ? 'the shopper' : 'an administrator';
  return new OrderRuleError(409, `This order was ${CHANGES[last.type as OrderEvent['type']]} by ${who} at ${occurredAt}, after you opened it. Reload it and try again.`, {
    version: Number(last.revision),
  });
}

/** A new order's stream cannot exist yet (its id was just made), so there is nothing to load. */
export async function placeOrder(store: EventStore, command: Extract<OrderCommand, { type: 'PlaceOrder' }>, metadata: CommandMetadata): Promise<Position> {
  const events = decide(command, initialState);
  return (await store.append(orderStream(command.data.orderId), events, { expectedRevision: 'no_stream', metadata })).position;
}
