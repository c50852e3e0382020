import type { Kysely } from 'kysely';
import type { Logger } from '../../logger';
import { loadStream } from '../../platform/eventstore/command-handler';
import type { EventStore } from '../../platform/eventstore/port';
import type { ProjectionRunner } from '../../platform/projections/runner';
import type { JobQueue } from '../../platform/queue/port';
import { ORDERS_PROJECTION, pendingOrders } from '../../projections/orders';
import type { Database } from '../../projections/database';
import { RECONCILE_JOB, recordOutcome, scheduleReconciliation, type ReconcileJob } from './commands';
import { decider } from './decider';
import { orderStream, type PaymentOutcome } from './events';
import type { CheckoutStatus } from '../../shared/ordering';
import type { PaymentProvider } from './payment/provider';

// Every pending checkout has a job that asks the provider until the checkout ends. The job is
// never the only record: pending orders live in the read model and are scheduled again at every
// start, so a lost Redis loses nothing.

export interface ReconciliationDeps {
  store: EventStore;
  db: Kysely<Database>;
  provider: PaymentProvider;
  queue: JobQueue;
  /** How long a checkout may stay unpaid before we give up on it. */
  expiresAfterMs: number;
  /** When the first poll comes; each later one waits twice as long as the one before. */
  firstPollMs: number;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/** Thrown to have the queue ask again later, with backoff. */
class StillPending extends Error {}

// The webhook normally brings the news as the shopper pays; polls are the safety net, so the first
// comes once a shopper could have paid (CHECKOUT_FIRST_POLL_AFTER, 1 minute) and each later one
// waits twice as long: 1, 2, 4, 8, 16, 32 minutes after the checkout opened, the last one past
// any checkout's life. Six polls for an abandoned checkout; the job ends when the checkout does.
const ATTEMPTS = 12;

export function defineReconciliation(deps: ReconciliationDeps): void {
  deps.queue.define<ReconcileJob>(RECONCILE_JOB, (job) => reconcile(deps, job), {
    attempts: ATTEMPTS,
    backoff: { type: 'exponential', delayMs: deps.firstPollMs },
  });
}

/**
 * At start-up: every order still pending gets its job again (the queue drops duplicates). The
 * orders read model is caught up with the log first, or an order placed just before a crash
 * would be missed.
 */
export async function rescheduleAllPending(
  deps: Pick<ReconciliationDeps, 'db' | 'queue' | 'logger' | 'store'> & { runner: Pick<ProjectionRunner, 'waitFor'> },
): Promise<number> {
  const caughtUp = await deps.runner.waitFor(await deps.store.lastCommittedPosition(), {
    projections: [ORDERS_PROJECTION],
    timeoutMs: 60_000,
  });
  if (!caughtUp) deps.logger.warn('orders read model still catching up: some pending checkouts are scheduled later');
  const pending = await pendingOrders(deps.db);
  for (const order of pending)
    await scheduleReconciliation(deps.queue, { orderId: order.id, checkoutId: order.checkout_id }, 0);
  if (pending.length) deps.logger.info({ pending: pending.length }, 'pending checkouts scheduled for reconciliation');
  return pending.length;
}

async function reconcile(deps: ReconciliationDeps, { orderId, checkoutId }: ReconcileJob): Promise<void> {
  const { state } = await loadStream(deps.store, orderStream(orderId), decider);
  if (!state.exists || state.status !== 'pending') return;
  const checkout = await deps.provider.getCheckout(checkoutId);
  const outcome =
    outcomeOf(checkout.status) ??
    (Date.now() > Date.parse(state.order?.at ?? '') + deps.expiresAfterMs ? 'expired' : undefined);
  if (!outcome) throw new StillPending(`checkout ${checkoutId} is still pending`);
  await recordOutcome(deps.store, orderId, {
    outcome,
    paymentMethod: checkout.paymentMethod,
    amount: checkout.amount,
    currency: checkout.currency,
  });
}

export function outcomeOf(status: CheckoutStatus): PaymentOutcome | undefined {
  return status === 'pending' ? undefined : status;
}
