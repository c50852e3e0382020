import { Router, type Request, type Response } from 'express';
import { durationToMs, type Config } from '../../config';
import type { AppContext, ModuleRoutes } from '../../context';
import { loadStream } from '../../platform/eventstore/command-handler';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SHOPPER, type Position } from '../../platform/eventstore/port';
import type { RawBodyRequest } from '../../platform/http/app';
import { sendCsv, type CsvColumn } from '../../platform/http/csv';
import { notFound } from '../../platform/http/errors';
import { JsonAnswer, mountReads, type ReadHandler } from '../../platform/http/fast-reads';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { clientAddress, limitByAddress, tooManyRequests } from '../../platform/throttle/http';
import type { Limiters } from '../../platform/throttle/limiters';
import { describeActor } from '../../projections/admin-users';
import { findProductsForPricing } from '../../projections/catalogue';
import { notesOf } from '../../projections/notes';
import {
  adminOrderSubscriptions,
  customerSubscriptions,
  orderSubscriptionRows,
  SUBSCRIPTIONS_PROJECTION,
} from '../../projections/subscriptions';
import { normalisePhone, type CheckoutLanguage } from '../../shared/ordering/constants';
import { createSealer, type Sealer } from '../../platform/crypto/sealed';
import type { Activation } from '../../shared/subscriptions';
import {
  ORDERS_PROJECTION,
  allCustomers,
  allOrders,
  customerOrders,
  findCustomer,
  findOrder,
  findOrderByAccessHash,
  findOrderByCheckout,
  findOrderDetail,
  listCustomers,
  listOrders,
  toAdminOrderDetail,
  type OrderDetailRow,
  type OrderRow,
} from '../../projections/orders';
import {
  createCheckoutSchema,
  customersQuerySchema,
  dashboardStatsQuerySchema,
  orderStatusUpdateSchema,
  ordersQuerySchema,
  paymentDecisionSchema,
  processSuccessfulOrderSchema,
  refundSchema,
  updatePhoneSchema,
  whatsappSentSchema,
  type CreateCheckoutInput,
  type CreatedCheckoutView,
  type CustomerDetailView,
  type CustomerView,
  type StartedTrialView,
  type OrderContactView,
  type OrderRefundByView,
} from '../../shared/ordering';
import { accessTokenHash, isAccessTokenShaped, mintAccessToken } from './access';
import { executeOrderCommand, openCheckout, recordOutcome, type AdmitTrial, type OpenedCheckout } from './commands';
import { customerOrder } from './customer-order';
import { orderPageRoutes } from './order-page';
import { decider, phoneChangeOpenUntil } from './decider';
import { orderStream } from './events';
import { dashboardStats } from './dashboard';
import { nextOrderNumber } from './order-numbers';
import { createPaymentProvider, ProviderUnavailable, type PaymentProvider, type ProviderCheckout } from './payment';
import { outcomeOf } from './reconciliation';
import { coded } from '../../shared/errors';

// The ordering module's HTTP routes: the shopper's side of paying (paths in docs/product.md#api: checkout,
// status, the order, the webhook) and the admin's orders, customers and dashboard.

export function orderingRoutes(ctx: AppContext): ModuleRoutes {
  const provider = createPaymentProvider(ctx.config, { db: ctx.db, logger: ctx.logger });
  // Seals the orders' private link tokens and opens them, and the activation details, for their readers.
  const sealer = createSealer(ctx.config.DATA_ENCRYPTION_KEY);
  const shopper = Router().use(
    checkoutThrottles(ctx.limiters, ctx.config),
    paymentRoutes(ctx, provider, sealer),
    orderPageRoutes(ctx, sealer),
  );
  if (provider.router) shopper.use(provider.router);
  const admin = adminRoutes(ctx, sealer);
  // After the CSV exports, which /orders/:id would otherwise take for an order's id.
  const adminFastReads = mountReads(admin, adminReads(ctx, sealer));
  return { public: shopper, admin, adminFastReads };
}

/**
 * Per client address, shared by every instance: each status check may call the payment provider
 * with our key. The storefront polls a pending checkout's status every 5 s (12 a minute), so the
 * default 120 a minute leaves room for several shoppers behind one address. Checkouts have their
 * own throttles, in the route (CheckoutThrottles): they count accepted and refused checkouts apart.
 */
function checkoutThrottles(
  limiters: Limiters,
  config: Pick<Config, 'CHECKOUT_STATUS_PER_MINUTE' | 'PHONE_CHANGES_PER_10_MINUTES'>,
): Router {
  const statusChecks = limiters.create({
    name: 'checkout-status',
    points: config.CHECKOUT_STATUS_PER_MINUTE,
    windowSeconds: 60,
  });
  // An order's phone is changed once (decider.ts); more than a few tries from one address is
  // someone trying order ids.
  const phoneChanges = limiters.create({
    name: 'update-customer-phone',
    points: config.PHONE_CHANGES_PER_10_MINUTES,
    windowSeconds: 600,
  });
  return Router()
    .post(
      '/api/payment/update-customer-phone',
      limitByAddress(phoneChanges, (seconds) => coded('order.phone_change_rate_limited', { seconds })),
    )
    .get(
      '/api/payment/checkout-status/:checkoutId',
      limitByAddress(statusChecks, (seconds) => coded('checkout.status_rate_limited', { seconds })),
    );
}

/** How often the per-address checkout counts of one instance are added to the shared ones. */
const ADDRESS_COUNT_FLUSH_MS = 100;

/**
 * The checkout's throttles. Many shoppers may share one public address (mobile carriers' NAT), so
 * accepted checkouts count per phone (a few in 10 minutes) and per address (a limit a shared
 * address can live with); refused ones (invalid, mispriced, unknown packages) count apart per
 * address, so a script sending junk is stopped without eating the accepted budget of the
 * shoppers behind its address. The per-address counts are kept in each instance's memory and
 * added to the shared counters every ADDRESS_COUNT_FLUSH_MS (LimitOptions.batchMs): the checkouts
 * of one address never wait on one shared row.
 */
function checkoutLimits(
  limiters: Limiters,
  config: Pick<Config, 'CHECKOUTS_PER_MINUTE' | 'CHECKOUTS_PER_PHONE_PER_10_MINUTES' | 'REJECTED_CHECKOUTS_PER_MINUTE'>,
) {
  const perPhone = limiters.create({
    name: 'create-checkout-phone',
    points: config.CHECKOUTS_PER_PHONE_PER_10_MINUTES,
    windowSeconds: 600,
  });
  const perAddress = limiters.create({
    name: 'create-checkout',
    points: config.CHECKOUTS_PER_MINUTE,
    windowSeconds: 60,
    batchMs: ADDRESS_COUNT_FLUSH_MS,
  });
  const rejected = limiters.create({
    name: 'create-checkout-rejected',
    points: config.REJECTED_CHECKOUTS_PER_MINUTE,
    windowSeconds: 60,
    batchMs: ADDRESS_COUNT_FLUSH_MS,
  });
  type RateCode = 'checkout.rate_limited' | 'checkout.rate_limited_phone' | 'checkout.rejected_rate_limited';
  const refuse = (res: Response, waitMs: number, code: RateCode) => {
    const seconds = Math.ceil(waitMs / 1000);
    return tooManyRequests(res, seconds, coded(code, { seconds }));
  };
  return {
    /** Counts a checkout that is about to be opened; refused past the phone's or the address's limit. */
    async accept(res: Response, address: string, phone: string): Promise<void> {
      const addressWait = await perAddress.take(address);
      if (addressWait) throw refuse(res, addressWait, 'checkout.rate_limited');
      const phoneWait = await perPhone.take(phone);
      if (phoneWait) {
        await perAddress.giveBack(address);
        throw refuse(res, phoneWait, 'checkout.rate_limited_phone');
      }
    },
    /** A checkout counted by accept that was not opened after all: it does not count. */
    async notOpened(address: string, phone: string): Promise<void> {
      await Promise.all([perAddress.giveBack(address), perPhone.giveBack(phone)]);
    },
    /**
     * Counts a checkout refused for what it asked (a 4xx answer): the refusal to send, or past the
     * address's limit of refusals a 429 that tells a script nothing more. A valid checkout from
     * the same address is not held back by it.
     */
    async refused(res: Response, address: string, refusal: unknown): Promise<unknown> {
      const waitMs = await rejected.take(address);
      if (!waitMs) return refusal;
      return refuse(res, waitMs, 'checkout.rejected_rate_limited');
    },
  };
}

/**
 * Free trials started per client address and day (docs/product.md#free-trials), on top of the
 * checkout's throttles: each phone has one trial a year, and this stops one address from making up
 * phones. A trial refused after it was counted (its phone already had one) is given back.
 */
function trialAdmission(limiters: Limiters, config: Pick<Config, 'TRIALS_PER_ADDRESS_PER_DAY'>) {
  const perAddress = limiters.create({
    name: 'free-trials',
    points: config.TRIALS_PER_ADDRESS_PER_DAY,
    windowSeconds: 86_400,
  });
  return (res: Response, address: string): AdmitTrial =>
    async () => {
      const waitMs = await perAddress.take(address);
      if (waitMs) {
        const seconds = Math.ceil(waitMs / 1000);
        throw tooManyRequests(res, seconds, coded('trial.rate_limited', { hours: Math.ceil(seconds / 3600) }));
      }
      return () => perAddress.giveBack(address);
    };
}

/** What create-checkout answers: where to pay, or the free trial's order (docs/product.md#api). */
function checkoutAnswer(opened: OpenedCheckout): CreatedCheckoutView | StartedTrialView {
  if (opened.kind === 'trial') {
    return { success: true, trial: true, order: opened.order, orderAccessToken: opened.accessToken };
  }
  const { checkout, accessToken } = opened;
  return {
    success: true,
    message: 'Checkout created',
    checkout: { id: checkout.id, checkoutUrl: checkout.checkoutUrl },
    orderAccessToken: accessToken,
  };
}

/** The shopper's side of paying (docs/product.md#api): checkout, status, the order, the webhook. */
function paymentRoutes(ctx: AppContext, provider: PaymentProvider, sealer: Sealer): Router {
  const router = Router();
  const caughtUp = (position: Position) => ctx.runner.waitFor(position, { projections: [ORDERS_PROJECTION] });
  const checkoutDeps = {
    store: ctx.store,
    queue: ctx.queue,
    provider,
    products: (ids: string[], language?: CheckoutLanguage) => findProductsForPricing(ctx.catalogue, ids, language),
    publicUrl: ctx.config.PUBLIC_URL,
    firstPollMs: durationToMs(ctx.config.CHECKOUT_FIRST_POLL_AFTER),
    nextNumber: () => nextOrderNumber(ctx.db),
    sealer,
    renewedOrder: async (token: string | undefined) => {
      const order =
        token && isAccessTokenShaped(token) ? await findOrderByAccessHash(ctx.db, accessTokenHash(token)) : undefined;
      if (!order) return undefined;
      const rows = await orderSubscriptionRows(ctx.db, order.id);
      const subscriptions = rows.map((row) => ({
        id: row.id,
        productId: row.product_id,
        status: row.status,
        endsAt: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
      }));
      return { id: order.id, number: order.number, subscriptions };
    },
    trialCooldownMs: durationToMs(ctx.config.TRIAL_COOLDOWN),
    logger: ctx.logger,
  };

  const limits = checkoutLimits(ctx.limiters, ctx.config);
  const admitTrial = trialAdmission(ctx.limiters, ctx.config);
  const refusedForItsInput = (error: unknown) => {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' && status >= 400 && status < 500;
  };

  router.post('/api/payment/create-checkout', async (req, res) => {
    const address = clientAddress(req);
    let input: CreateCheckoutInput;
    try {
      input = parseInput(createCheckoutSchema, req.body ?? {});
    } catch (error) {
      throw await limits.refused(res, address, error);
    }
    await limits.accept(res, address, input.phone);
    let opened: OpenedCheckout;
    try {
      opened = await openCheckout(checkoutDeps, input, commandMetadata(SHOPPER), admitTrial(res, address));
    } catch (error) {
      await limits.notOpened(address, input.phone);
      throw refusedForItsInput(error) ? await limits.refused(res, address, error) : error;
    }
    // The shopper goes straight to a trial's page (GET /api/orders/{token}), which reads both.
    if (opened.kind === 'trial')
      await ctx.runner.waitFor(opened.position, { projections: [ORDERS_PROJECTION, SUBSCRIPTIONS_PROJECTION] });
    res.json(checkoutAnswer(opened));
  });

  // Shoppers' pages poll this; each provider call costs a call with our key. A settled order is
  // answered from our read model; a pending one asks the provider at most once per interval.
  const mayAskProvider = askLimiter(PROVIDER_ASK_INTERVAL_MS);

  router.get('/api/payment/checkout-status/:checkoutId', async (req, res) => {
    let order = await orderFor(req.params.checkoutId);
    let checkout: ProviderCheckout | undefined;
    if (order.status === 'pending' && mayAskProvider(order.id)) {
      // Asking the provider here makes the return page one more way the news arrives.
      checkout = await provider.getCheckout(order.checkout_id).catch((error: unknown) => {
        if (error instanceof ProviderUnavailable) return undefined;
        throw error;
      });
      const outcome = checkout && outcomeOf(checkout.status);
      if (checkout && outcome) {
        await caughtUp(
          await recordOutcome(ctx.store, order.id, {
            outcome,
            paymentMethod: checkout.paymentMethod,
            amount: checkout.amount,
            currency: checkout.currency,
          }),
        );
        order = (await findOrder(ctx.db, order.id)) ?? order;
      }
    }
    res.json({
      success: true,
      checkout: {
        id: order.checkout_id,
        status: checkoutStatus(order),
        paymentMethod: checkout?.paymentMethod ?? order.payment_method ?? order.requested_method,
        amount: order.total_amount,
        metadata: { orderId: order.id, customer_name: order.customer_name, customer_email: order.customer_email },
      },
    });
  });

  router.post('/api/payment/process-successful-order', async (req, res) => {
    const { checkoutId } = parseInput(processSuccessfulOrderSchema, req.body ?? {});
    // The order exists since the checkout opened: this only tells the page which one it is.
    const order = await orderFor(checkoutId);
    res.json({ orderId: order.id });
  });

  router.get('/api/payment/order/:checkoutId', async (req, res) => {
    const order = await orderFor(req.params.checkoutId);
    // Whether the confirmation page offers its phone form is the decider's rule, on the order's own events.
    const { state } = await loadStream(ctx.store, orderStream(order.id), decider);
    res.json({ order: customerOrder(order, phoneChangeOpenUntil(state) ?? null, ctx.config) });
  });

  // The private link's token proves the order is the caller's (docs/product.md#order-page).
  router.post('/api/payment/update-customer-phone', async (req, res) => {
    const { accessToken, orderId: named, phone } = parseInput(updatePhoneSchema, req.body ?? {});
    const orderId = (await findOrderByAccessHash(ctx.db, accessTokenHash(accessToken)))?.id;
    if (!orderId || (named && named !== orderId)) throw notFound(coded('order.link_not_found'));
    const update = { type: 'UpdatePhone', data: { orderId, phone, now: new Date().toISOString() } } as const;
    await caughtUp(await executeOrderCommand(ctx.store, orderId, update, commandMetadata(SHOPPER)));
    res.json({ success: true, message: 'Phone number saved', phone });
  });

  router.post('/api/payment/webhook', async (req, res) => {
    const notification = provider.parseWebhook((req as RawBodyRequest).rawBody ?? Buffer.alloc(0), req.headers);
    const order = await findOrderByCheckout(ctx.db, notification.checkoutId);
    const orderId = order?.id ?? (await metadataOrderId(provider, notification.checkoutId));
    const outcome = outcomeOf(notification.status);
    if (orderId && outcome)
      await recordOutcome(ctx.store, orderId, {
        outcome,
        paymentMethod: notification.paymentMethod,
        amount: notification.amount,
        currency: notification.currency,
      });
    res.json({ received: true });
  });

  const lookup = async (id: string) => (await findOrderByCheckout(ctx.db, id)) ?? (await findOrder(ctx.db, id));

  // A checkout answers at once without waiting for the read model; the rare call that comes
  // before the model has caught up waits for it, briefly, instead of saying "not found".
  async function orderFor(checkoutOrOrderId: string): Promise<OrderRow> {
    let order = await lookup(checkoutOrOrderId);
    if (!order && (await caughtUp(await ctx.store.lastCommittedPosition()))) order = await lookup(checkoutOrOrderId);
    if (!order) throw notFound(coded('checkout.not_found'));
    return order;
  }

  return router;
}

/**
 * What the return page is told, in the provider's words: paid, why it failed, or pending. A
 * payment that does not match its order is not paid: it stays pending until an admin decides.
 */
function checkoutStatus(order: OrderRow): string {
  if (order.status === 'completed' || order.status === 'dispatched') return 'paid';
  if (order.status === 'failed') return order.failure_reason ?? 'failed';
  if (order.status === 'payment_mismatch') return 'pending';
  return order.status;
}

/** How often checkout-status may ask the provider about one pending order. */
const PROVIDER_ASK_INTERVAL_MS = 5_000;

/**
 * Answers true for a key at most once per `intervalMs`. Kept in this process's memory (each
 * instance asks on its own); keys older than the interval are dropped as time passes.
 */
export function askLimiter(intervalMs: number, now: () => number = Date.now): (key: string) => boolean {
  // Insertion order is time order: a key is only set again after it was dropped.
  const asked = new Map<string, number>();
  return (key) => {
    const at = now();
    for (const [old, when] of asked) {
      if (at - when < intervalMs) break;
      asked.delete(old);
    }
    if (asked.has(key)) return false;
    asked.set(key, at);
    return true;
  };
}

/** A webhook may outrun the read model by a moment; the checkout's own metadata names the order. */
async function metadataOrderId(provider: PaymentProvider, checkoutId: string): Promise<string | undefined> {
  const checkout: ProviderCheckout | undefined = await provider.getCheckout(checkoutId).catch(() => undefined);
  return checkout?.metadata.orderId;
}

const ORDER_COLUMNS: CsvColumn<OrderRow>[] = [
  { header: 'Order number', value: (o) => o.number },
  { header: 'Order ID', value: (o) => o.id },
  { header: 'Customer', value: (o) => o.customer_name },
  { header: 'Email', value: (o) => o.customer_email },
  { header: 'Phone', value: (o) => o.phone },
  { header: 'Date', value: (o) => new Date(o.created_at).toISOString() },
  { header: 'Amount (Da)', value: (o) => o.total_amount },
  { header: 'Free trial', value: (o) => (o.trial ? 'yes' : 'no') },
  { header: 'Status', value: (o) => o.status },
  { header: 'Payment method', value: (o) => o.payment_method ?? o.requested_method },
  { header: 'Items', value: (o) => o.items.map((i) => `${i.quantity} × ${i.productName} (${i.duration})`).join('; ') },
];

const CUSTOMER_COLUMNS: CsvColumn<CustomerView>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Orders', value: (c) => c.orders },
  { header: 'Total spent (Da)', value: (c) => c.totalSpent },
  { header: 'First order', value: (c) => c.joinDate },
];

/**
 * The admin's JSON reads: the screens reload them on every live event, for every admin watching.
 * Each is a route of the admin router and a fast read (fast-reads.ts), by the same path.
 */
function adminReads(ctx: AppContext, sealer: Sealer): Record<string, ReadHandler> {
  const describe = (author: string) => describeActor(ctx.db, author);
  const openActivation = (sealed: string) => sealer.open<Activation>(sealed);
  return {
    '/orders': async ({ query }) => {
      const { page, limit, search, status, delivery } = parseInput(ordersQuerySchema, query);
      const awaitingDelivery = delivery === 'awaiting';
      return new JsonAnswer(await listOrders(ctx.db, { search, status, awaitingDelivery }, { page, limit }));
    },
    // The order's version (its stream's revision) is its ETag; PUT and DELETE honour If-Match
    // (stale: 409 saying who changed it and when). Without If-Match they apply to the order as it
    // is now: the public API's callers send none.
    // With its subscriptions, their activation details opened for the admin (docs/product.md#subscriptions).
    '/orders/:id': async ({ params }) => {
      const order = await findOrderDetail(ctx.db, params.id!);
      if (!order) throw notFound(coded('order.details_unavailable'));
      const [delivery, contact, notes, refundedBy] = await Promise.all([
        adminOrderSubscriptions(ctx.db, order.id, openActivation, { automatic: Boolean(ctx.config.PROVISIONING_URL) }),
        orderContact(ctx, sealer, order),
        notesOf(ctx.db, 'order', order.id, describe),
        refundedByOf(ctx, order),
      ]);
      return new JsonAnswer(
        { order: { ...toAdminOrderDetail(order), ...delivery, ...contact, ...refundedBy, notes } },
        versionTag(order.version),
      );
    },
    '/customers': async ({ query }) => {
      const { page, limit, search } = parseInput(customersQuerySchema, query);
      return new JsonAnswer(await listCustomers(ctx.db, search, { page, limit }));
    },
    // A customer's page: their subscriptions at this instant, their orders and the admins' notes.
    '/customers/:phone': async ({ params }) => {
      const phone = normalisePhone(params.phone!);
      const customer = await findCustomer(ctx.db, phone);
      if (!customer) throw notFound(coded('customers.not_found'));
      const at = { now: ctx.clock(), expiringWithinMs: durationToMs(ctx.config.EXPIRING_WITHIN) };
      const [subscriptions, orders, notes] = await Promise.all([
        customerSubscriptions(ctx.db, phone, at),
        customerOrders(ctx.db, phone),
        notesOf(ctx.db, 'customer', phone, describe),
      ]);
      return new JsonAnswer({ customer, subscriptions, orders, notes } satisfies CustomerDetailView);
    },
    '/dashboard/stats': async ({ query }) => {
      const { range } = parseInput(dashboardStatsQuerySchema, query);
      const at = { now: ctx.clock(), expiringWithinMs: durationToMs(ctx.config.EXPIRING_WITHIN) };
      return new JsonAnswer(await dashboardStats(ctx.db, range, at));
    },
  };
}

/** The private link of a token, as shoppers open it. */
const accessLink = (config: AppContext['config'], token: string) => ({
  token,
  url: `${config.PUBLIC_URL.replace(/\/$/, '')}/orders/${token}`,
});

/** Who recorded the order's refund, by name: "Refunded 1 500 Da by Amina…" in the admin's detail. */
async function refundedByOf(ctx: AppContext, order: OrderDetailRow): Promise<OrderRefundByView> {
  return { refundedByName: order.refund ? await describeActor(ctx.db, order.refund.by) : null };
}

/** What the admin's order detail says about reaching the shopper: language, link, the last WhatsApp sending. */
async function orderContact(ctx: AppContext, sealer: Sealer, order: OrderDetailRow): Promise<OrderContactView> {
  const sentBy = order.whatsapp_sent_by;
  return {
    language: order.language,
    accessLink: order.access_sealed ? accessLink(ctx.config, sealer.open<string>(order.access_sealed)) : null,
    whatsappSent:
      order.whatsapp_sent_at && sentBy
        ? {
            at: new Date(order.whatsapp_sent_at).toISOString(),
            by: sentBy,
            byName: await describeActor(ctx.db, sentBy),
          }
        : null,
  };
}

/** /api/admin routes of the ordering module besides its reads (adminReads): the CSV exports and an order's writes. */
function adminRoutes(ctx: AppContext, sealer: Sealer): Router {
  const router = Router();
  const meta = (req: Request) => commandMetadata(req.admin!.id);
  const caughtUp = (position: Position) => ctx.runner.waitFor(position, { projections: [ORDERS_PROJECTION] });
  const stamp = () => new Date().toISOString().slice(0, 10);

  router.get('/orders/export.csv', async (req, res) => {
    const { search, status, delivery } = parseInput(ordersQuerySchema, req.query);
    const filter = { search, status, awaitingDelivery: delivery === 'awaiting' };
    await sendCsv(res, `orders-${stamp()}.csv`, ORDER_COLUMNS, allOrders(ctx.db, filter));
  });

  router.put('/orders/:id/status', async (req, res) => {
    const { status } = parseInput(orderStatusUpdateSchema, req.body ?? {});
    const change = {
      type: 'ChangeStatus',
      data: { orderId: req.params.id, status, now: new Date().toISOString() },
    } as const;
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, change, meta(req), ifMatchRevision(req)));
    const order = await findOrderDetail(ctx.db, req.params.id);
    if (order) res.set('ETag', versionTag(order.version));
    res.json({
      message: `Order status updated to ${status}`,
      order: order && toAdminOrderDetail(order),
    });
  });

  // An order whose payment does not match its total (payment_mismatch): the admin accepts the
  // payment (completed) or cancels the order (failed; the money is refunded with the provider).
  router.post('/orders/:id/payment-decision', async (req, res) => {
    const { decision } = parseInput(paymentDecisionSchema, req.body ?? {});
    const decide = {
      type: 'DecidePayment',
      data: { orderId: req.params.id, decision, now: new Date().toISOString() },
    } as const;
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, decide, meta(req), ifMatchRevision(req)));
    const order = await findOrderDetail(ctx.db, req.params.id);
    if (order) res.set('ETag', versionTag(order.version));
    res.json({
      message: decision === 'accept' ? 'Payment accepted: the order is completed' : 'Order canceled',
      order: order && toAdminOrderDetail(order),
    });
  });

  // New link (docs/product.md#order-page): the old token stops opening the order at once.
  router.post('/orders/:id/access-link', async (req, res) => {
    const { token, access } = mintAccessToken(sealer);
    const renew = {
      type: 'RenewAccessLink',
      data: { orderId: req.params.id, access, now: new Date().toISOString() },
    } as const;
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, renew, meta(req), ifMatchRevision(req)));
    const order = await findOrderDetail(ctx.db, req.params.id);
    if (order) res.set('ETag', versionTag(order.version));
    res.json({ message: 'New link created', link: accessLink(ctx.config, token) });
  });

  // The admin opened WhatsApp with the order's message; this records that it was sent, and by whom.
  router.post('/orders/:id/whatsapp-sent', async (req, res) => {
    const { withDetails } = parseInput(whatsappSentSchema, req.body ?? {});
    const sent = {
      type: 'RecordWhatsAppSent',
      data: { orderId: req.params.id, withDetails, by: req.admin!.id, now: new Date().toISOString() },
    } as const;
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, sent, meta(req)));
    const order = await findOrderDetail(ctx.db, req.params.id);
    if (order) res.set('ETag', versionTag(order.version));
    res.json({ message: 'Recorded as sent on WhatsApp', order: order && (await orderContact(ctx, sealer, order)) });
  });

  // What an administrator gave back outside the store (docs/product.md#refunds): once per paid order.
  router.post('/orders/:id/refund', async (req, res) => {
    const { amount, reason, method, date } = parseInput(refundSchema, req.body ?? {});
    const refund = {
      type: 'RecordRefund',
      data: {
        orderId: req.params.id,
        amount,
        reason,
        method,
        refundedOn: date,
        by: req.admin!.id,
        now: ctx.clock().toISOString(),
      },
    } as const;
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, refund, meta(req), ifMatchRevision(req)));
    const order = await findOrderDetail(ctx.db, req.params.id);
    if (order) res.set('ETag', versionTag(order.version));
    res.json({
      message: 'Refund recorded',
      order: order && { ...toAdminOrderDetail(order), ...(await refundedByOf(ctx, order)) },
    });
  });

  router.delete('/orders/:id', async (req, res) => {
    const remove = { type: 'DeleteOrder', data: { orderId: req.params.id, now: new Date().toISOString() } } as const;
    const order = await findOrder(ctx.db, req.params.id);
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, remove, meta(req), ifMatchRevision(req)));
    // 'Order #{number} has been deleted successfully' (docs/product.md#messages), with the number people know it by.
    res.json({ message: `Order #${order?.number ?? req.params.id} has been deleted successfully` });
  });

  router.get('/customers/export.csv', async (req, res) => {
    const { search } = parseInput(customersQuerySchema, req.query);
    await sendCsv(res, `customers-${stamp()}.csv`, CUSTOMER_COLUMNS, await allCustomers(ctx.db, search));
  });

  return router;
}
