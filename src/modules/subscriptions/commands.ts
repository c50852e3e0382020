import { handleCommand } from '../../platform/eventstore/command-handler';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import type { EventStore, Position } from '../../platform/eventstore/port';
import type { Clock } from '../../platform/clock';
import type { Sealer } from '../../platform/crypto/sealed';
import type { DeliveryBody } from '../../shared/subscriptions';
import type { Activation } from '../../shared/subscriptions/types';
import { checkDelivery, deliveryDecider, type DeliverableSubscription, type DeliveryCommand } from './decider';
import { orderSubscriptionsStream, renewalExtensionsStream } from './events';
import { extensionsDecider, type ExtensionCommand } from './extensions';

// The subscriptions module's commands. Delivering an order's activation details, by an
// administrator or by automatic delivery (docs/product.md#subscriptions). In this order:
//   1. the delivery is checked against the order's subscriptions (nothing is written if refused);
//   2. the details are sealed (docs/security.md#encryption-at-rest);
//   3. the order records the delivery at the version the admin saw (If-Match), through the ordering
//      module's command (wired by main.ts): of two deliveries from one version one is taken, the
//      other is a 409, and a completed order becomes dispatched;
//   4. the sealed details are appended to the order's deliveries stream.
// A delivery interrupted between 3 and 4 leaves its subscriptions awaiting: sending it again
// (with the new version) finishes it, as for the guarded writes of docs/architecture.md#invariants.

const CONFLICT_RETRIES = 4;

/** How the ordering module records a delivery on the order (its recordDelivery). */
export type RecordOrderDelivery = (
  store: EventStore,
  orderId: string,
  delivery: { kinds: string[]; subscriptions: number },
  metadata: CommandMetadata,
  expected?: bigint,
) => Promise<Position>;

export interface DeliveryDeps {
  store: EventStore;
  sealer: Sealer;
  recordOrderDelivery: RecordOrderDelivery;
  /** The order's subscriptions that may be delivered, from the read model caught up with the log. */
  deliverable: (orderId: string) => Promise<DeliverableSubscription[]>;
  trialLengthMs: number;
  /** The delivery's time: a subscription starts then (platform/clock.ts). */
  clock: Clock;
}

/** Delivers the body's activation details; answers the position the read models must reach. */
export async function deliver(
  deps: DeliveryDeps,
  orderId: string,
  body: DeliveryBody,
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const deliverable = await deps.deliverable(orderId);
  checkDelivery(
    deliverable,
    body.subscriptions.map((s) => s.subscriptionId),
  );
  const subscriptions = body.subscriptions.map(({ subscriptionId, ...activation }) => ({
    subscriptionId,
    kind: activation.kind,
    activation: deps.sealer.seal(withoutEmptyNote(activation)),
  }));
  const message = body.message ? deps.sealer.seal(body.message) : null;
  const kinds = [...new Set(subscriptions.map((s) => s.kind))];
  await deps.recordOrderDelivery(
    deps.store,
    orderId,
    { kinds, subscriptions: subscriptions.length },
    metadata,
    expected,
  );
  const now = deps.clock().toISOString();
  const command = {
    type: 'Deliver',
    data: { orderId, deliverable, message, subscriptions, trialLengthMs: deps.trialLengthMs, now },
  } as const;
  return (await runCommand(deps.store, orderId, command, metadata)).position;
}

function withoutEmptyNote(activation: Activation): Activation {
  if (activation.note) return activation;
  const { note: _none, ...rest } = activation;
  return rest;
}

/** Automatic delivery gave up on these subscriptions (docs/product.md#automatic-delivery). */
export async function recordAutomaticFailure(
  store: EventStore,
  orderId: string,
  failure: { subscriptionIds: string[]; reason: string; now: string },
  metadata: CommandMetadata,
): Promise<Position> {
  const command = { type: 'RecordAutomaticFailure', data: { orderId, ...failure } } as const;
  return (await runCommand(store, orderId, command, metadata)).position;
}

/** An administrator asks for automatic delivery again; `awaiting`: the order's subscriptions awaiting details. */
export async function retryAutomaticDelivery(
  store: EventStore,
  orderId: string,
  retry: { awaiting: string[]; now: string },
  metadata: CommandMetadata,
): Promise<Position> {
  const command = { type: 'RetryAutomaticDelivery', data: { orderId, ...retry } } as const;
  return (await runCommand(store, orderId, command, metadata)).position;
}

function runCommand(store: EventStore, orderId: string, command: DeliveryCommand, metadata: CommandMetadata) {
  return handleCommand(store, orderSubscriptionsStream(orderId), deliveryDecider, () => command, {
    metadata,
    retries: CONFLICT_RETRIES,
  });
}

/**
 * What the provisioning service did with a renewal order's renewals (docs/product.md#automatic-delivery):
 * extended one subscription's line, or failed at its last try, or an administrator asks again.
 */
export async function runExtensionCommand(
  store: EventStore,
  command: ExtensionCommand,
  metadata: CommandMetadata,
): Promise<Position> {
  const stream = renewalExtensionsStream(command.data.orderId);
  return (await handleCommand(store, stream, extensionsDecider, () => command, { metadata, retries: CONFLICT_RETRIES }))
    .position;
}
