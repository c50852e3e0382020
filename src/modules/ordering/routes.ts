import { Router, type Request } from 'express';
import { durationToMs, type Config } from '../../config';
import type { AppContext, ModuleRoutes } from '../../context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SHOPPER, type Position } from '../../platform/eventstore/port';
import type { RawBodyRequest } from '../../platform/http/app';
import { sendCsv, type CsvColumn } from '../../platform/http/csv';
import { notFound } from '../../platform/http/errors';
import { JsonAnswer, mountReads, type ReadHandler } from '../../platform/http/fast-reads';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { limitByAddress } from '../../platform/throttle/http';
import type { Limiters } from '../../platform/throttle/limiters';
import { findProductsForPricing } from '../../projections/catalogue';
import {
  ORDERS_PROJECTION,
  allCustomers,
  allOrders,
  findOrder,
  findOrderByCheckout,
  findOrderDetail,
  listCustomers,
  listOrders,
  toAdminOrderDetail,
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
  updatePhoneSchema,
  type CustomerView,
} from '../../shared/ordering';
import { executeOrderCommand, openCheckout, recordOutcome } from './commands';
import { dashboardStats } from './dashboard';
import { nextOrderNumber } from './order-numbers';
import { createPaymentProvider, ProviderUnavailable, type PaymentProvider, type ProviderCheckout } from './payment';
import { outcomeOf } from './reconciliation';

// The ordering module's HTTP routes: the shopper's side of paying (SPEC §7 paths: checkout,
// status, the order, the webhook) and the admin's orders, customers and dashboard.

export function orderingRoutes(ctx: AppContext): ModuleRoutes {
  const provider = createPaymentProvider(ctx.config, { db: ctx.db, logger: ctx.logger });
  const shopper = Router().use(checkoutThrottles(ctx.limiters, ctx.config), paymentRoutes(ctx, provider));
  if (provider.router) shopper.use(provider.router);
  const admin = adminRoutes(ctx);
  // After the CSV exports, which /orders/:id would otherwise take for an order's id.
  const adminFastReads = mountReads(admin, adminReads(ctx));
  return { public: shopper, admin, adminFastReads };
}

/**
 * Per client address, shared by every instance: each checkout places an order and may call the
 * payment provider with our key, each status check may too. The storefront polls a pending
 * checkout's status every 5 s (12 a minute), so the default 120 a minute leaves room for several
 * shoppers behind one address; 10 checkouts a minute is more than a shopper makes.
 */
function checkoutThrottles(
  limiters: Limiters,
  config: Pick<Config, 'CHECKOUTS_PER_MINUTE' | 'CHECKOUT_STATUS_PER_MINUTE'>,
): Router {
  const checkouts = limiters.create({
    name: 'create-checkout',
    points: config.CHECKOUTS_PER_MINUTE,
    windowSeconds: 60,
  });
  const statusChecks = limiters.create({
    name: 'checkout-status',
    points: config.CHECKOUT_STATUS_PER_MINUTE,
    windowSeconds: 60,
  });
  const wait = (seconds: number) => `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return Router()
    .post(
      '/api/payment/create-checkout',
      limitByAddress(checkouts, (s) => `Too many checkouts from your address. ${wait(s)}`),
    )
    .get(
      '/api/payment/checkout-status/:checkoutId',
      limitByAddress(statusChecks, (s) => `Too many payment status checks from your address. ${wait(s)}`),
    );
}

/** The shopper's side of paying (SPEC §7 paths): checkout, status, the order, the webhook. */
function paymentRoutes(ctx: AppContext, provider: PaymentProvider): Router {
  const router = Router();
  const caughtUp = (position: Position) => ctx.runner.waitFor(position, { projections: [ORDERS_PROJECTION] });
  const checkoutDeps = {
    store: ctx.store,
    queue: ctx.queue,
    provider,
    products: (ids: string[]) => findProductsForPricing(ctx.catalogue, ids),
    publicUrl: ctx.config.PUBLIC_URL,
    firstPollMs: durationToMs(ctx.config.CHECKOUT_FIRST_POLL_AFTER),
    nextNumber: () => nextOrderNumber(ctx.db),
    logger: ctx.logger,
  };

  router.post('/api/payment/create-checkout', async (req, res) => {
    const input = parseInput(createCheckoutSchema, req.body ?? {});
    const checkout = await openCheckout(checkoutDeps, input, commandMetadata(SHOPPER));
    res.json({
      success: true,
      message: 'Checkout created',
      checkout: { id: checkout.id, checkoutUrl: checkout.checkoutUrl },
    });
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
    res.json({ order: customerOrder(order, ctx.config) });
  });

  router.post('/api/payment/update-customer-phone', async (req, res) => {
    const { orderId, phone } = parseInput(updatePhoneSchema, req.body ?? {});
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
    if (!order && (await caughtUp(await ctx.store.headPosition()))) order = await lookup(checkoutOrOrderId);
    if (!order) throw notFound('Checkout not found');
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

/** SPEC §3 'Order (customer side)'. */
function customerOrder(order: OrderRow, config: AppContext['config']) {
  return {
    dbOrderId: order.id,
    orderNumber: order.number,
    checkoutId: order.checkout_id,
    status: order.status,
    paymentMethod: order.payment_method ?? order.requested_method,
    total: order.total_amount,
    phone: order.phone,
    date: new Date(order.created_at).toISOString(),
    items: order.items.map((line) => ({
      product: { name: line.productName, price: line.unitPrice, duration: line.duration, quality: line.quality },
      quantity: line.quantity,
      selectedPrice: line.unitPrice,
      selectedDuration: line.duration,
    })),
    adminContact: { phone: config.SUPPORT_PHONE, whatsapp: config.SUPPORT_WHATSAPP, email: config.SUPPORT_EMAIL },
  };
}

const ORDER_COLUMNS: CsvColumn<OrderRow>[] = [
  { header: 'Order number', value: (o) => o.number },
  { header: 'Order ID', value: (o) => o.id },
  { header: 'Customer', value: (o) => o.customer_name },
  { header: 'Email', value: (o) => o.customer_email },
  { header: 'Phone', value: (o) => o.phone },
  { header: 'Date', value: (o) => new Date(o.created_at).toISOString() },
  { header: 'Amount (Da)', value: (o) => o.total_amount },
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
function adminReads(ctx: AppContext): Record<string, ReadHandler> {
  return {
    '/orders': async ({ query }) => {
      const { page, limit, search, status } = parseInput(ordersQuerySchema, query);
      return new JsonAnswer(await listOrders(ctx.db, { search, status }, { page, limit }));
    },
    // The order's version (its stream's revision) is its ETag; PUT and DELETE honour If-Match
    // (stale: 409 saying who changed it and when). Without If-Match they apply to the order as it
    // is now: SPEC's API sends none.
    '/orders/:id': async ({ params }) => {
      const order = await findOrderDetail(ctx.db, params.id!);
      if (!order) throw notFound('Order details not available');
      return new JsonAnswer({ order: toAdminOrderDetail(order) }, versionTag(order.version));
    },
    '/customers': async ({ query }) => {
      const { page, limit, search } = parseInput(customersQuerySchema, query);
      return new JsonAnswer(await listCustomers(ctx.db, search, { page, limit }));
    },
    '/dashboard/stats': async ({ query }) => {
      const { range } = parseInput(dashboardStatsQuerySchema, query);
      return new JsonAnswer(await dashboardStats(ctx.db, range));
    },
  };
}

/** /api/admin routes of the ordering module besides its reads (adminReads): the CSV exports and an order's writes. */
function adminRoutes(ctx: AppContext): Router {
  const router = Router();
  const meta = (req: Request) => commandMetadata(req.admin!.id);
  const caughtUp = (position: Position) => ctx.runner.waitFor(position, { projections: [ORDERS_PROJECTION] });
  const stamp = () => new Date().toISOString().slice(0, 10);

  router.get('/orders/export.csv', async (req, res) => {
    const { search, status } = parseInput(ordersQuerySchema, req.query);
    await sendCsv(res, `orders-${stamp()}.csv`, ORDER_COLUMNS, allOrders(ctx.db, { search, status }));
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

  router.delete('/orders/:id', async (req, res) => {
    const remove = { type: 'DeleteOrder', data: { orderId: req.params.id, now: new Date().toISOString() } } as const;
    const order = await findOrder(ctx.db, req.params.id);
    await caughtUp(await executeOrderCommand(ctx.store, req.params.id, remove, meta(req), ifMatchRevision(req)));
    // SPEC §8's 'Order #{id} has been deleted successfully', with the number people know it by.
    res.json({ message: `Order #${order?.number ?? req.params.id} has been deleted successfully` });
  });

  router.get('/customers/export.csv', async (req, res) => {
    const { search } = parseInput(customersQuerySchema, req.query);
    await sendCsv(res, `customers-${stamp()}.csv`, CUSTOMER_COLUMNS, await allCustomers(ctx.db, search));
  });

  return router;
}
