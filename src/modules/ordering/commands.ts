import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { handleCommand } from '../../platform/eventstore/command-handler';
import { commandMetadata, type CommandMetadata } from '../../platform/eventstore/metadata';
import { SYSTEM, type EventStore, type Position } from '../../platform/eventstore/port';
import { HttpError } from '../../platform/http/errors';
import type { Sealer } from '../../platform/crypto/sealed';
import type { JobQueue } from '../../platform/queue/port';
import { TRIAL_PAYMENT_METHOD, type CreateCheckoutInput } from '../../shared/ordering';
import { decider, isTrialOrder, OrderRuleError, orderTotal, type OrderCommand } from './decider';
import { mintAccessToken, type OrderAccess } from './access';
import { checkoutDescription } from './description';
import { orderStream, trialCheckoutId, type OrderLine, type PaymentOutcome } from './events';
import { ProviderRejected, ProviderUnavailable, type PaymentProvider, type ProviderCheckout } from './payment/provider';
import { priceLines, type ProductLookup } from './pricing';
import { renewalTargets, type RenewedOrder } from './renewals';
import { claimTrial, releaseTrial } from './trial-guard';
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
  /** How long after a phone's free trial it may have another (TRIAL_COOLDOWN). */
  trialCooldownMs: number;
  logger: Pick<Logger, 'warn'>;
}

/**
 * Counts a free trial against the client's address (429 past its daily limit), answering how to
 * take it back if the trial is not placed after all.
 */
export type AdmitTrial = () => Promise<() => Promise<void>>;

/**
 * What create-checkout opened, with the order's private link token, told to the shopper once: a
 * provider's checkout to pay at, or a free trial's order, placed and granted.
 */
export type OpenedCheckout =
  | { kind: 'checkout'; checkout: ProviderCheckout; accessToken: string }
  | { kind: 'trial'; order: { id: string; number: number }; accessToken: string; position: Position };

/**
 * Opens a checkout: the cart priced from the catalogue (a total that differs from the shopper's is
 * a 409 with the real one), the provider's checkout, the order placed (pending, with its number and
 * its private link) and its reconciliation scheduled. The order exists from here on, so a shopper
 * who pays and closes the tab still has one. A free trial's cart opens no checkout (startTrial).
 */
export async function openCheckout(
  deps: CheckoutDeps,
  input: CreateCheckoutInput,
  metadata: CommandMetadata,
  admitTrial: AdmitTrial,
): Promise<OpenedCheckout> {
  const renewing = input.items.some((item) => item.renewalOf);
  const renewals = renewing ? renewalTargets(input.items, await deps.renewedOrder(input.orderAccessToken)) : undefined;
  // Each line keeps its package's name in the shopper's language: their order page and messages show it.
  const lines = await priceLines((ids) => deps.products(ids, input.language), input.items, renewals);
  const trial = isTrialOrder(lines);
  const total = orderTotal(lines);
  if (Math.round(input.amount) !== total) {
    throw new OrderRuleError(409, coded('checkout.prices_changed', { total }), { total });
  }
  if (trial) return startTrial(deps, input, lines, metadata, admitTrial);
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
  const place = placeOrder(input, lines, {
    orderId,
    number,
    checkoutId: checkout.id,
    provider: deps.provider.name,
    requestedMethod: input.paymentMethod,
    access,
  });
  await executeOrderCommand(deps.store, orderId, place, metadata);
  // The order is placed: a job queue that is away (Redis down) must not fail the shopper's checkout.
  // Pending orders are scheduled again when the queue is back (ordering's start), and the webhook
  // settles most of them before any poll.
  await scheduleReconciliation(deps.queue, { orderId, checkoutId: checkout.id }, deps.firstPollMs).catch(
    (error: unknown) =>
      deps.logger.warn({ err: error, orderId }, 'reconciliation not scheduled yet: it is once the job queue is back'),
  );
  return { kind: 'checkout', checkout, accessToken: token };
}

/** How an order is paid for, and what names it: the rest of PlaceOrder comes from the checkout's input. */
type Placement = Pick<
  Extract<OrderCommand, { type: 'PlaceOrder' }>['data'],
  'orderId' | 'number' | 'checkoutId' | 'provider' | 'requestedMethod'
> & { access: OrderAccess };

function placeOrder(input: CreateCheckoutInput, lines: OrderLine[], placement: Placement): OrderCommand {
  return {
    type: 'PlaceOrder',
    data: {
      ...placement,
      lines,
      phone: input.phone,
      customerName: input.fullName,
      customerEmail: input.email,
      language: input.language,
      now: new Date().toISOString(),
    },
  };
}

/** A trial with no provider: the phone and the order are the shop's own. */
const TRIAL_PROVIDER = 'none';

/**
 * A free trial (docs/product.md#free-trials): counted against the address, claimed for the phone
 * (trial-guard.ts), then placed and granted with its number and private link, all without a
 * provider. A trial that cannot be placed gives back both its count and its claim.
 */
async function startTrial(
  deps: CheckoutDeps,
  input: CreateCheckoutInput,
  lines: OrderLine[],
  metadata: CommandMetadata,
  admitTrial: AdmitTrial,
): Promise<OpenedCheckout> {
  const giveBack = await admitTrial();
  const orderId = randomUUID();
  const claim = { phone: input.phone, orderId };
  try {
    await claimTrial(deps.store, { ...claim, cooldownMs: deps.trialCooldownMs }, metadata);
  } catch (error) {
    await giveBack();
    throw error;
  }
  try {
    const number = await deps.nextNumber();
    const { token, access } = mintAccessToken(deps.sealer);
    const place = placeOrder(input, lines, {
      orderId,
      number,
      checkoutId: trialCheckoutId(orderId),
      provider: TRIAL_PROVIDER,
      requestedMethod: TRIAL_PAYMENT_METHOD,
      access,
    });
    const position = await executeOrderCommand(deps.store, orderId, place, metadata);
    return { kind: 'trial', order: { id: orderId, number }, accessToken: token, position };
  } catch (error) {
    await Promise.all([giveBack(), releaseTrial(deps.store, claim, metadata)]);
    throw error;
  }
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
