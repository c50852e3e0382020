import type { Kysely } from 'kysely';
import type { Logger } from '../../logger';
import type { Clock } from '../../platform/clock';
import { loadStream } from '../../platform/eventstore/command-handler';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SYSTEM, type EventStore } from '../../platform/eventstore/port';
import type { JobQueue } from '../../platform/queue/port';
import type { Database } from '../../projections/database';
import { findOrder } from '../../projections/orders';
import { renewalOrdersToExtend, renewalsToExtendOf, type RenewalToExtend } from '../../projections/subscriptions';
import { runExtensionCommand } from './commands';
import { renewalExtensionsStream } from './events';
import { extensionsDecider } from './extensions';
import { ProvisioningFailure, type ExtensionRequest } from './provisioning-client';
import {
  afterCatchingUp,
  enqueuePerOrder,
  provisioningRetries,
  tryRecordingFailure,
  type EnqueueDeps,
  type OrderJob,
  type RetrySettings,
  type SweepDeps,
} from './provisioning';

// Renewals extended on the operator's provisioning service (docs/product.md#automatic-delivery): a
// paid renewal moves the subscription's end in the store (the subscriptions read model, renewedEnd),
// and one job per renewal order tells the service the new end of each subscription it renewed, so
// the customer's line does not lapse there. Like automatic delivery's job, it is never the only
// record: the read model knows which renewals the service has not confirmed, and every start
// schedules them again.

export const EXTEND_JOB = 'extend-subscriptions';

export interface ExtensionDeps {
  config: RetrySettings;
  store: EventStore;
  db: Kysely<Database>;
  queue: JobQueue;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The time the service's answers and failures are recorded at (platform/clock.ts). */
  clock: Clock;
  /** Asks the service to extend one subscription's line (provisioning-client.ts). */
  extend: (request: ExtensionRequest) => Promise<void>;
}

export function defineExtension(deps: ExtensionDeps): void {
  deps.queue.define<OrderJob>(
    EXTEND_JOB,
    ({ orderId }, { attempt }) => attemptExtension(deps, orderId, attempt),
    provisioningRetries(deps.config),
  );
}

/**
 * One job per renewal order (`extend-<orderId>`): a renewal's webhook and its return page racing,
 * or a start-up sweep, never ask twice at once.
 */
export const enqueueExtension = (deps: EnqueueDeps, orderIds: string[]) =>
  enqueuePerOrder(deps, EXTEND_JOB, 'extend', orderIds);

/** Of these newly paid orders, the renewals whose extension the service has not confirmed get their job. */
export async function extendPaidRenewals(
  deps: EnqueueDeps & Pick<ExtensionDeps, 'db'>,
  orderIds: string[],
): Promise<void> {
  await enqueueExtension(deps, await renewalOrdersToExtend(deps.db, orderIds));
}

/**
 * At start-up (and when the queue is back): every renewal order paid with an extension not
 * confirmed and no failure standing gets its job again, so renewals paid while the store (or the
 * queue) was down are extended on the service too.
 */
export async function extendAwaitingRenewals(deps: SweepDeps): Promise<void> {
  const orderIds = await afterCatchingUp(deps, 'renewals are extended on the provisioning service', () =>
    renewalOrdersToExtend(deps.db),
  );
  await enqueueExtension(deps, orderIds);
  if (orderIds.length) deps.logger.info({ orders: orderIds.length }, 'renewals scheduled for automatic extension');
}

/** A try; the last one that fails records AutomaticExtensionFailed for the renewals not extended. */
async function attemptExtension(deps: ExtensionDeps, orderId: string, attempt: number): Promise<void> {
  await tryRecordingFailure(
    deps,
    { what: 'automatic extension', orderId, attempt },
    () => extendRenewals(deps, orderId),
    async (reason) => {
      const subscriptionIds = (await renewalsToExtendOf(deps.db, orderId)).map((r) => r.subscription_id);
      const now = deps.clock().toISOString();
      const command = { type: 'RecordExtensionFailure', data: { orderId, subscriptionIds, reason, now } } as const;
      await runExtensionCommand(deps.store, command, commandMetadata(SYSTEM));
    },
  );
}

/**
 * Asks the service to extend each renewed subscription the log has no extension for yet, one
 * request each, and records each answer as it comes: a later failure does not ask again for those.
 */
async function extendRenewals(deps: ExtensionDeps, orderId: string): Promise<void> {
  const renewals = await renewalsToExtendOf(deps.db, orderId);
  if (!renewals.length) return;
  const { state } = await loadStream(deps.store, renewalExtensionsStream(orderId), extensionsDecider);
  for (const renewal of renewals.filter((r) => !(r.subscription_id in state.extended))) {
    const renewed = await findOrder(deps.db, renewal.order_id);
    if (!renewed) throw new ProvisioningFailure('the renewed order is not readable yet');
    const request = requestOf(renewal, renewed.number);
    await deps.extend(request);
    const now = deps.clock().toISOString();
    const data = { orderId, subscriptionId: request.subscriptionId, endsAt: request.endsAt, now };
    await runExtensionCommand(deps.store, { type: 'RecordExtension', data }, commandMetadata(SYSTEM));
  }
}

function requestOf(renewal: RenewalToExtend, orderNumber: number): ExtensionRequest {
  return {
    subscriptionId: renewal.subscription_id,
    orderId: renewal.order_id,
    orderNumber,
    renewalOrderId: renewal.renewal_order_id,
    renewalOrderNumber: renewal.renewal_order_number,
    package: renewal.package_name,
    productId: renewal.product_id,
    duration: renewal.duration,
    endsAt: renewal.new_end === null ? null : new Date(renewal.new_end).toISOString(),
  };
}
