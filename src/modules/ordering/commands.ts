import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { handleCommand } from '../../platform/eventstore/command-handler';
import { commandMetadata, type CommandMetadata } from '../../platform/eventstore/metadata';
import { SYSTEM, type EventStore, type Position } from '../../platform/eventstore/port';
import { HttpError } from '../../platform/http/errors';
import type { Sealer } from '../../platform/crypto/sealed';
import type { JobQueue } from '../../platform/queue/port';
import type { CreateCheckoutInput } from '../../shared/ordering';
import { decider, OrderRuleError, orderTotal, type OrderCommand } from './decider';
import { mintAccessToken } from './access';
import { checkoutDescription } from './description';
import { orderStream, type PaymentOutcome } from './events';
import { ProviderRejected, ProviderUnavailable, type PaymentProvider, type ProviderCheckout } from './payment/provider';
import { priceLines, type ProductLookup } from './pricing';
import { renewalTargets, type RenewedOrder } from './renewals';
import { coded } from '../../shared/errors';

// The ordering module's commands, through the platform's command handler. A concurrent writer
// makes the append fail; the command is then decided again on the fresh state (up to 4 times),
// which is how racing webhooks, polls and return pages settle on one payment event. An admin's
// command may name the revision they saw (If-Match): any other is a 409 saying who changed the
// order and when. Each answers the position the read models must reach.

const CONFLICT_RETRIES = 4;

export async function executeOrderCommand(
  store: EventStore,
  orderId: string,
  command: OrderCommand,
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const result = await handleCommand(store, orderStream(orderId), decider, () => command, {
    metadata,
    expected,
    retries: CONFLICT_RETRIES,
  });
  return result.position;
}

/**
 * Records that an admin delivered the order's activation details, at the version they saw
 * (If-Match): of two deliveries from one version, one is taken and the other is a 409. A completed
 * order becomes dispatched. Used by the subscriptions module, wired by main.ts.
 */
export function recordDelivery(
  store: EventStore,
  orderId: string,
  delivery: { kinds: string[]; subscriptions: number },
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const command: OrderCommand = {
    type: 'RecordDelivery',
    data: { orderId, ...delivery, now: new Date().toISOString() },
  };
  return executeOrderCommand(store, orderId, command, metadata, expected);
}

/**
 * The one way a payment outcome reaches an order, whoever learnt it (webhook, poll, return page):
 * with the amount and currency the provider says were paid, which the order decider compares.
 */
export function recordOutcome(
  store: EventStore,
  orderId: string,
  result: { outcome: PaymentOutcome; paymentMethod: string | null; amount: number; currency: string },
): Promise<Position> {
  return executeOrderCommand(
    store,
    orderId,
    { type: 'RecordPayment', data: { orderId, ...result, now: new Date().toISOString() } },
    commandMetadata(SYSTEM),
  );
}

export interface CheckoutDeps {
  store: EventStore;
  queue: JobQueue;
  provider: PaymentProvider;
  /** The catalogue's products, to price the cart on the server. */
  products: ProductLookup;
  /** Where the provider sends the shopper back and its webhooks (PUBLIC_URL). */
  publicUrl: string;
  /** When the checkout's first reconciliation poll comes. */
  firstPollMs: number;
  /** The next order number (order-numbers.ts). */
  nextNumber: () => Promise<number>;
  /** Seals the order's private link token (access.ts). */
  sealer: Pick<Sealer, 'seal'>;
  /** The order a private link token opens, with its subscriptions: what a renewal renews (renewals.ts). */
  renewedOrder: (token: string | undefined) => Promise<RenewedOrder | undefined>;
  logger: Pick<Logger, 'warn'>;
}

/** An opened checkout, and the order's private link token, told to the shopper once. */
export interface OpenedCheckout {
  checkout: ProviderCheckout;
  accessToken: string;
}

/**
 * Opens a checkout: the cart priced from the catalogue (a total that differs from the shopper's is
 * a 409 with the real one), the provider's checkout, the order placed (pending, with its number and
 * its private link) and its reconciliation scheduled. The order exists from here on, so a shopper
 * who pays and closes the tab still has one.
 */
export async function openCheckout(
  deps: CheckoutDeps,
  input: CreateCheckoutInput,
  metadata: CommandMetadata,
): Promise<OpenedCheckout> {
  const renewing = input.items.some((item) => item.renewalOf);
  const renewals = renewing ? renewalTargets(input.items, await deps.renewedOrder(input.orderAccessToken)) : undefined;
  const lines = await priceLines(deps.products, input.items, renewals);
  const total = orderTotal(lines);
  if (Math.round(input.amount) !== total) {
    throw new OrderRuleError(409, coded('checkout.prices_changed', { total }), { total });
  }
  const orderId = randomUUID();
  // Taken before the provider is asked, as the description names it: a checkout the provider
  // refuses leaves a gap in the numbers (never a repeat).
  const number = await deps.nextNumber();
  const base = deps.publicUrl.replace(/\/$/, '');
  const checkout = await providerCall(() =>
    deps.provider.createCheckout({
      amount: total,
      // Composed from the order; the shopper's `description` is accepted but never used.
      description: checkoutDescription(number, lines, input.language),
      paymentMethod: input.paymentMethod,
      // Chargily sends the shopper back to a fixed URL, so it names our order, under a name of
      // our own: Chargily appends its own checkout_id to the success URL.
      successUrl: `${base}/payment/return?order=${orderId}`,
      failureUrl: `${base}/payment/return?order=${orderId}`,
      webhookUrl: `${base}/api/payment/webhook`,
      metadata: { orderId, customer_name: input.fullName, customer_email: input.email },
      locale: input.language,
    }),
  );
  const { token, access } = mintAccessToken(deps.sealer);
  const place: OrderCommand = {
    type: 'PlaceOrder',
    data: {
      orderId,
      number,
      checkoutId: checkout.id,
      provider: deps.provider.name,
      lines,
      phone: input.phone,
      customerName: input.fullName,
      customerEmail: input.email,
      requestedMethod: input.paymentMethod,
      access,
      language: input.language,
      now: new Date().toISOString(),
    },
  };
  await executeOrderCommand(deps.store, orderId, place, metadata);
  // The order is placed: a job queue that is away (Redis down) must not fail the shopper's checkout.
  // Pending orders are scheduled again when the queue is back (ordering's start), and the webhook
  // settles most of them before any poll.
  await scheduleReconciliation(deps.queue, { orderId, checkoutId: checkout.id }, deps.firstPollMs).catch(
    (error: unknown) =>
      deps.logger.warn({ err: error, orderId }, 'reconciliation not scheduled yet: it is once the job queue is back'),
  );
  return { checkout, accessToken: token };
}

export const RECONCILE_JOB = 'reconcile-checkout';

/** A pending checkout's reconciliation: it asks the provider until the checkout ends (reconciliation.ts). */
export interface ReconcileJob {
  orderId: string;
  checkoutId: string;
}

const jobIdFor = (checkoutId: string) => `checkout-${checkoutId.replace(/:/g, '-')}`;

/** The checkout's job, first run after `delayMs` (the first poll's delay; 0 at start-up); the queue drops duplicates. */
export function scheduleReconciliation(queue: JobQueue, job: ReconcileJob, delayMs: number): Promise<boolean> {
  return queue.enqueue(RECONCILE_JOB, job, { jobId: jobIdFor(job.checkoutId), delayMs });
}

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new HttpError(503, coded('payment.provider_unavailable'));
    if (error instanceof ProviderRejected)
      throw new HttpError(502, coded('payment.provider_refused', { reason: error.message }));
    throw error;
  }
}
