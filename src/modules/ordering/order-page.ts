import { Router } from 'express';
import type { AppContext } from '../../context';
import type { Sealer } from '../../platform/crypto/sealed';
import { notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { orderPageRoom } from '../../platform/realtime/realtime';
import { clientAddress, limitByAddress, tooManyRequests } from '../../platform/throttle/http';
import { findOrderByAccessHash, findOrderByNumber, type OrderRow } from '../../projections/orders';
import { deliveryStateOf, orderSubscriptionRows, shopperOrderSubscriptions } from '../../projections/subscriptions';
import { coded } from '../../shared/errors';
import { orderLookupSchema, type OrderLookupView, type ShopperOrderView } from '../../shared/ordering';
import { accessTokenHash, isAccessTokenShaped } from './access';
import { customerOrder, supportContact } from './customer-order';

// The shopper's way back to what they bought (docs/product.md#order-page): the private page the
// order's link opens, its live room, and Find my order by phone and number.

export function orderPageRoutes(ctx: AppContext, sealer: Sealer): Router {
  const router = Router();
  const pages = ctx.limiters.create({
    name: 'order-page',
    points: ctx.config.ORDER_PAGES_PER_MINUTE,
    windowSeconds: 60,
  });
  // Order numbers follow each other and phones can be guessed: what a guesser makes is misses.
  const lookupMisses = ctx.limiters.create({
    name: 'order-lookup-misses',
    points: ctx.config.ORDER_LOOKUP_MISSES_PER_10_MINUTES,
    windowSeconds: 600,
  });

  router.get(
    '/api/orders/:token',
    limitByAddress(pages, (seconds) => coded('order.link_rate_limited', { seconds })),
    async (req, res) => {
      const order = await orderOfToken(ctx, String(req.params.token));
      // The link is the key to the activation details: no cache, no referrer (helmet's default).
      res.set('Cache-Control', 'no-store');
      res.json({ order: await shopperOrder(ctx, sealer, order) });
    },
  );

  router.post('/api/orders/lookup', async (req, res) => {
    const address = clientAddress(req);
    const waitMs = await lookupMisses.peek(address);
    if (waitMs) {
      const seconds = Math.ceil(waitMs / 1000);
      throw tooManyRequests(res, seconds, coded('order.lookup_rate_limited', { seconds }));
    }
    const { phone, number } = parseInput(orderLookupSchema, req.body ?? {});
    const order = await findOrderByNumber(ctx.db, number);
    // One answer for a wrong number and a wrong phone: a miss tells nothing about either.
    if (!order || order.phone !== phone) {
      await lookupMisses.take(address);
      throw notFound(coded('order.lookup_not_found'));
    }
    res.set('Cache-Control', 'no-store');
    res.json({ order: await lookedUpOrder(ctx, order) });
  });

  // The page joins the room of its link; a token that opens no order joins nothing.
  ctx.realtime.onClientEvent('order:watch', async (socket, _identity, payload) => {
    const token = (payload as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || !isAccessTokenShaped(token)) return;
    const hash = accessTokenHash(token);
    if (await findOrderByAccessHash(ctx.db, hash)) await socket.join(orderPageRoom(hash));
  });

  return router;
}

/** The order a link's token opens; any other text is the same 404 (a malformed one is not even looked up). */
async function orderOfToken(ctx: AppContext, token: string): Promise<OrderRow> {
  const order = isAccessTokenShaped(token) ? await findOrderByAccessHash(ctx.db, accessTokenHash(token)) : undefined;
  if (!order) throw notFound(coded('order.link_not_found'));
  return order;
}

async function shopperOrder(ctx: AppContext, sealer: Sealer, order: OrderRow): Promise<ShopperOrderView> {
  const { phoneChangeUntil: _notHere, ...customer } = customerOrder(order, null, ctx.config);
  const { subscriptions, message } = await shopperOrderSubscriptions(ctx.db, order.id, (sealed) => sealer.open(sealed));
  return {
    ...customer,
    subscriptions,
    deliveryState: deliveryStateOf(subscriptions),
    message,
    language: order.language,
  };
}

async function lookedUpOrder(ctx: AppContext, order: OrderRow): Promise<OrderLookupView> {
  const subscriptions = await orderSubscriptionRows(ctx.db, order.id);
  return {
    orderNumber: order.number,
    status: order.status,
    date: new Date(order.created_at).toISOString(),
    total: order.total_amount,
    items: order.items.map((line) => ({ package: line.productName, duration: line.duration, quantity: line.quantity })),
    deliveryState: deliveryStateOf(subscriptions),
    adminContact: supportContact(ctx.config),
  };
}
