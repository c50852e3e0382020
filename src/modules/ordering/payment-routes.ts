import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { durationToMs } from '../../config';
import type { AppContext } from '../../platform/context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SHOPPER } from '../../platform/eventstore/port';
import type { RawBodyRequest } from '../../platform/http/app';
import { HttpError, conflict, notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import type { OrderRow } from '../../projections/orders';
import { createCheckoutSchema, processSuccessfulOrderSchema, updatePhoneSchema } from '../../shared/ordering';
import { executeOrderCommand, placeOrder } from './commands';
import { orderTotal } from './decider';
import { ProviderRejected, ProviderUnavailable, type PaymentProvider, type ProviderCheckout } from './payment/provider';
import { priceLines, type ProductLookup } from './pricing';
import { findOrder, findOrderByCheckout } from './queries';
import { outcomeOf, recordOutcome, scheduleReconciliation } from './reconciliation';

const READ_MODEL = ['orders'];

export interface PaymentRoutesDeps {
  provider: PaymentProvider;
  products: ProductLookup;
}

/** The shopper's side of paying (SPEC §7 paths): checkout, status, the order, the webhook. */
export function paymentRoutes(ctx: AppContext, deps: PaymentRoutesDeps): Router {
  const router = Router();
  const base = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  const firstPollMs = durationToMs(ctx.config.CHECKOUT_FIRST_POLL_AFTER);
  const caughtUp = (position: Parameters<AppContext['runner']['waitFor']>[0]) => ctx.runner.waitFor(position, { projections: READ_MODEL });

  router.post('/api/payment/create-checkout', async (req, res) => {
    const input = parseInput(createCheckoutSchema, req.body ?? {});
    const lines = await priceLines(deps.products, input.items);
    const total = orderTotal(lines);
    if (Math.round(input.amount) !== total) {
      throw conflict(`Prices have changed since you filled your cart: the total is now ${total} Da. Please check your cart and try again.`, { total });
    }
    const orderId = randomUUID();
    const checkout = await providerCall(() =>
      deps.provider.createCheckout({
        amount: total,
        description: input.description || lines.map((l) => `${l.quantity} × ${l.productName} (${l.duration})`).join(', '),
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
    await placeOrder(
      ctx.store,
      {
        type: 'PlaceOrder',
        data: { orderId, checkoutId: checkout.id, provider: deps.provider.name, lines, phone: input.phone, customerName: input.fullName, customerEmail: input.email, requestedMethod: input.paymentMethod, now: new Date().toISOString() },
      },
      commandMetadata(SHOPPER, requestId(req)),
    );
    await scheduleReconciliation(ctx.queue, { orderId, checkoutId: checkout.id }, firstPollMs);
    res.json({ success: true, message: 'Checkout created', checkout: { id: checkout.id, checkoutUrl: checkout.checkoutUrl } });
  });

  // Shoppers' pages poll this; each provider call costs a call with our key. A settled order is
  // answered from our read model; a pending one asks the provider at most once per interval.
  const mayAskProvider = askLimiter(PROVIDER_ASK_INTERVAL_MS);

  router.get('/api/payment/checkout-status/:checkoutId', async (req, res) => {
    let order = await orderFor(req.params.checkoutId);
    let checkout: ProviderCheckout | undefined;
    if (order.status === 'pending' && mayAskProvider(order.id)) {
      // Asking the provider here makes the return page one more way the news arrives.
      checkout = await deps.provider.getCheckout(order.checkout_id).catch((error: unknown) => {
        if (error instanceof ProviderUnavailable) return undefined;
        throw error;
      });
      const outcome = checkout && outcomeOf(checkout.status);
      if (checkout && outcome) {
        await caughtUp(await recordOutcome(ctx.store, order.id, { outcome, paymentMethod: checkout.paymentMethod, amount: checkout.amount }));
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
    const position = await executeOrderCommand(ctx.store, orderId, { type: 'UpdatePhone', data: { orderId, phone, now: new Date().toISOString() } }, commandMetadata(SHOPPER, requestId(req)));
    await caughtUp(position);
    res.json({ success: true, message: 'Phone number saved', phone });
  });

  router.post('/api/payment/webhook', async (req, res) => {
    const notification = deps.provider.parseWebhook((req as RawBodyRequest).rawBody ?? Buffer.alloc(0), req.headers);
    const order = await findOrderByCheckout(ctx.db, notification.checkoutId);
    const orderId = order?.id ?? (await metadataOrderId(deps.provider, notification.checkoutId));
    const outcome = outcomeOf(notification.status);
    if (orderId && outcome) await recordOutcome(ctx.store, orderId, { outcome, paymentMethod: notification.paymentMethod, amount: notification.amount });
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

/** What the return page is told, in the provider's words: paid, why it failed, or pending. */
function checkoutStatus(order: OrderRow): string {
  if (order.status === 'completed' || order.status === 'dispatched') return 'paid';
  if (order.status === 'failed') return order.failure_reason ?? 'failed';
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

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new HttpError(503, 'The payment service is not answering. Please try again in a moment.');
    if (error instanceof ProviderRejected) throw new HttpError(502, `The payment service refused the checkout: ${error.message}`);
    throw error;
  }
}

const requestId = (req: Request) => req.get('x-request-id') ?? randomUUID();

/** SPEC §3 'Order (customer side)'. */
function customerOrder(order: OrderRow, config: AppContext['config']) {
  return {
    dbOrderId: order.id,
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
