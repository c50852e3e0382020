import type { Kysely } from 'kysely';
import { durationToMs, type StoreConfig } from '../../config';
import type { Logger } from '../../logger';
import type { Clock } from '../../platform/clock';
import type { Sealer } from '../../platform/crypto/sealed';
import { loadStream } from '../../platform/eventstore/command-handler';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SYSTEM, type EventStore } from '../../platform/eventstore/port';
import type { ProjectionRunner } from '../../platform/projections/runner';
import type { JobDefaults, JobQueue } from '../../platform/queue/port';
import { RuleError } from '../../platform/rule-error';
import type { Database } from '../../projections/database';
import { findOrder } from '../../projections/orders';
import {
  SUBSCRIPTIONS_PROJECTION,
  deliverableSubscriptions,
  orderSubscriptionRows,
  ordersToProvision,
  type SubscriptionRow,
} from '../../projections/subscriptions';
import type { Activation } from '../../shared/subscriptions/types';
import { deliver, recordAutomaticFailure, type RecordOrderDelivery } from './commands';
import { deliveryDecider } from './decider';
import { orderSubscriptionsStream } from './events';
import { ProvisioningFailure, type ProvisioningRequest } from './provisioning-client';

// Automatic delivery (docs/product.md#automatic-delivery): one job per paid order asks the
// operator's provisioning service for each subscription awaiting its details, then delivers them
// all through the same command as an administrator, as `system`. The job is never the only record:
// the read model knows which orders await, and every start schedules them again.

export const PROVISION_JOB = 'provision-subscriptions';

/** A provisioning job's data: the order it works for (one job per order). */
export interface OrderJob {
  orderId: string;
}

/** The settings that say how often a job is tried. */
export type RetrySettings = Pick<StoreConfig, 'PROVISIONING_ATTEMPTS' | 'PROVISIONING_RETRY_AFTER'>;

export interface ProvisioningDeps {
  config: RetrySettings;
  store: EventStore;
  db: Kysely<Database>;
  queue: JobQueue;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  sealer: Sealer;
  recordOrderDelivery: RecordOrderDelivery;
  trialLengthMs: number;
  /** The deliveries' and failures' time (platform/clock.ts). */
  clock: Clock;
  /** Asks the service for one subscription's details (provisioning-client.ts). */
  provision: (request: ProvisioningRequest) => Promise<Activation>;
}

/**
 * PROVISIONING_ATTEMPTS tries, each retry waiting twice as long as the one before (5, 10, 20, 40 s
 * by default). Given with every job, not only as the definition's defaults: the read model may
 * enqueue one at start-up before the jobs are defined.
 */
export function provisioningRetries(config: RetrySettings): Required<JobDefaults> {
  return {
    attempts: config.PROVISIONING_ATTEMPTS,
    backoff: { type: 'exponential', delayMs: durationToMs(config.PROVISIONING_RETRY_AFTER) },
  };
}

export function defineProvisioning(deps: ProvisioningDeps): void {
  deps.queue.define<OrderJob>(
    PROVISION_JOB,
    ({ orderId }, { attempt }) => attemptDelivery(deps, orderId, attempt),
    provisioningRetries(deps.config),
  );
}

export type EnqueueDeps = Pick<ProvisioningDeps, 'config' | 'queue'>;

/**
 * One job per order: the queue drops a second one while the first waits or runs, so a payment's
 * webhook and its return page racing (or a start-up sweep) never ask twice at once.
 */
export const enqueueProvisioning = (deps: EnqueueDeps, orderIds: string[]) =>
  enqueuePerOrder(deps, PROVISION_JOB, 'provision', orderIds);

/** One job of `name` per order, its id `{prefix}-{orderId}`, tried as provisioningRetries says. */
export async function enqueuePerOrder(deps: EnqueueDeps, name: string, prefix: string, orderIds: string[]) {
  const retries = provisioningRetries(deps.config);
  for (const orderId of orderIds)
    await deps.queue.enqueue<OrderJob>(name, { orderId }, { jobId: `${prefix}-${orderId}`, ...retries });
}

/** Of these newly paid orders, those automatic delivery should ask for get their job. */
export async function provisionPaidOrders(
  deps: EnqueueDeps & Pick<ProvisioningDeps, 'db'>,
  orderIds: string[],
): Promise<void> {
  await enqueueProvisioning(deps, await ordersToProvision(deps.db, orderIds));
}

export type SweepDeps = Pick<ProvisioningDeps, 'config' | 'db' | 'queue' | 'logger' | 'store'> & {
  runner: Pick<ProjectionRunner, 'waitFor'>;
};

/**
 * At start-up (and when the queue is back): every paid order awaiting delivery with no failure
 * standing gets its job again, so a crash between a payment and its job loses nothing.
 */
export async function provisionAwaitingOrders(deps: SweepDeps): Promise<void> {
  const orderIds = await afterCatchingUp(deps, 'paid orders are provisioned', () => ordersToProvision(deps.db));
  await enqueueProvisioning(deps, orderIds);
  if (orderIds.length) deps.logger.info({ orders: orderIds.length }, 'paid orders scheduled for automatic delivery');
}

/**
 * What `find` answers once the subscriptions read model has caught up with the log (a sweep's
 * work, docs/architecture.md#jobs); if it is still catching up after a minute, what it has so far
 * (`later`: what is then done later, for the log).
 */
export async function afterCatchingUp<T>(deps: SweepDeps, later: string, find: () => Promise<T>): Promise<T> {
  const caughtUp = await deps.runner.waitFor(await deps.store.lastCommittedPosition(), {
    projections: [SUBSCRIPTIONS_PROJECTION],
    timeoutMs: 60_000,
  });
  if (!caughtUp) deps.logger.warn(`subscriptions read model still catching up: some ${later} later`);
  return find();
}

/**
 * A try of a job asking the provisioning service (`what` it does, for the log). The last one that
 * fails records why (`recordFailure`), for an administrator, and the job fails all the same, so the
 * queue's metrics count it (docs/operations.md#automatic-delivery).
 */
export async function tryRecordingFailure(
  deps: Pick<ProvisioningDeps, 'config' | 'logger'>,
  job: { what: string; orderId: string; attempt: number },
  work: () => Promise<void>,
  recordFailure: (reason: string) => Promise<unknown>,
): Promise<void> {
  const { what, orderId, attempt } = job;
  try {
    await work();
  } catch (error) {
    const reason = reasonOf(error, deps.logger, what, orderId);
    deps.logger.warn({ orderId, attempt, reason }, `${what} failed`);
    if (attempt >= deps.config.PROVISIONING_ATTEMPTS) await recordFailure(reason);
    throw error;
  }
}

/** A try of automatic delivery; the last one that fails records AutomaticDeliveryFailed. */
async function attemptDelivery(deps: ProvisioningDeps, orderId: string, attempt: number): Promise<void> {
  await tryRecordingFailure(
    deps,
    { what: 'automatic delivery', orderId, attempt },
    () => provisionOrder(deps, orderId),
    async (reason) => {
      const subscriptionIds = (await awaitingSubscriptions(deps.db, orderId)).map((row) => row.id);
      const failure = { subscriptionIds, reason, now: deps.clock().toISOString() };
      await recordAutomaticFailure(deps.store, orderId, failure, commandMetadata(SYSTEM));
    },
  );
}

async function provisionOrder(deps: ProvisioningDeps, orderId: string): Promise<void> {
  const awaiting = await undelivered(deps, await awaitingSubscriptions(deps.db, orderId));
  if (!awaiting.length) return;
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new ProvisioningFailure('the order is not readable yet');
  const provisioned: ({ subscriptionId: string } & Activation)[] = [];
  for (const row of awaiting)
    provisioned.push({ subscriptionId: row.id, ...(await deps.provision(requestOf(row, order.number))) });
  // An administrator may have delivered some by hand while the service answered: theirs are kept.
  const still = new Set((await undelivered(deps, awaiting)).map((row) => row.id));
  const subscriptions = provisioned.filter((s) => still.has(s.subscriptionId));
  if (!subscriptions.length) return;
  await deliver(deliveryDeps(deps), orderId, { subscriptions }, commandMetadata(SYSTEM));
}

const awaitingSubscriptions = async (db: Kysely<Database>, orderId: string) =>
  (await orderSubscriptionRows(db, orderId)).filter((row) => row.status === 'awaiting_delivery');

/** Those the log has no delivery for: the read model may not have folded the latest one yet. */
async function undelivered(deps: ProvisioningDeps, rows: SubscriptionRow[]): Promise<SubscriptionRow[]> {
  if (!rows.length) return [];
  const { state } = await loadStream(deps.store, orderSubscriptionsStream(rows[0]!.order_id), deliveryDecider);
  return rows.filter((row) => !state.startedAt[row.id]);
}

function requestOf(row: SubscriptionRow, orderNumber: number): ProvisioningRequest {
  return {
    subscriptionId: row.id,
    orderId: row.order_id,
    orderNumber,
    package: row.package_name,
    productId: row.product_id,
    duration: row.duration,
    devices: row.devices,
    quality: row.quality,
  };
}

const deliveryDeps = (deps: ProvisioningDeps) => ({
  store: deps.store,
  sealer: deps.sealer,
  recordOrderDelivery: deps.recordOrderDelivery,
  // No projection runner in a worker: the job runs after the read model opened the subscriptions.
  deliverable: (orderId: string) => deliverableSubscriptions(deps.db, orderId),
  trialLengthMs: deps.trialLengthMs,
  clock: deps.clock,
});

/** A reason safe to record and show: the failure's own, a rule's, or a pointer to the log. */
function reasonOf(error: unknown, logger: ProvisioningDeps['logger'], what: string, orderId: string): string {
  if (error instanceof ProvisioningFailure || error instanceof RuleError) return error.message;
  logger.error({ err: error, orderId }, `${what} failed unexpectedly`);
  return 'an unexpected error in the store (see its log)';
}
