import { sql, type Kysely } from 'kysely';
import type {
  Activation,
  AdminSubscriptionView,
  AutomaticDelivery,
  DeliveryState,
  RenewalView,
  ShopperSubscriptionView,
} from '../../shared/subscriptions/types';
import type { SubscriptionOrderRow, SubscriptionRow, SubscriptionsTables } from './rows';

// Every read of the subscriptions read model.

const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The order's subscriptions, in line and unit order. */
export function orderSubscriptionRows(db: Kysely<SubscriptionsTables>, orderId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('line_index')
    .orderBy('unit_index')
    .execute();
}

/** The order's subscriptions an administrator may deliver (not cancelled), with their durations. */
export async function deliverableSubscriptions(
  db: Kysely<SubscriptionsTables>,
  orderId: string,
): Promise<{ id: string; duration: string }[]> {
  const rows = await orderSubscriptionRows(db, orderId);
  return rows.filter((row) => row.status !== 'cancelled').map((row) => ({ id: row.id, duration: row.duration }));
}

/** 'awaiting' while one subscription awaits its details, 'delivered' once none does, 'none' without any. */
export function deliveryStateOf(rows: Pick<SubscriptionRow, 'status'>[]): DeliveryState {
  const live = rows.filter((row) => row.status !== 'cancelled');
  if (!live.length) return 'none';
  return live.some((row) => row.status === 'awaiting_delivery') ? 'awaiting' : 'delivered';
}

/** A subscription as an administrator reads it, its activation opened with `open` (the sealer's). */
export function toAdminSubscription(
  row: SubscriptionRow,
  open: (sealed: string) => Activation,
  renewals: RenewalView[] = [],
): AdminSubscriptionView {
  return {
    id: row.id,
    orderId: row.order_id,
    productId: row.product_id,
    packageName: row.package_name,
    duration: row.duration,
    quality: row.quality,
    devices: row.devices,
    status: row.status,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    activation: row.activation === null ? null : open(row.activation),
    deliveredAt: iso(row.delivered_at),
    renewals,
  };
}

/**
 * Where automatic delivery stands (docs/product.md#automatic-delivery): null when it is off or the
 * order has no subscription to deliver; else delivered once none awaits, failed while its last
 * failure stands, pending otherwise.
 */
export function automaticDeliveryOf(
  rows: Pick<SubscriptionRow, 'status'>[],
  order: Pick<SubscriptionOrderRow, 'automatic_failure' | 'automatic_failed_at'> | undefined,
  automatic: boolean,
): AutomaticDelivery | null {
  const state = deliveryStateOf(rows);
  if (!automatic || state === 'none') return null;
  if (state === 'delivered') return { state: 'delivered' };
  if (order?.automatic_failure && order.automatic_failed_at)
    return { state: 'failed', reason: order.automatic_failure, failedAt: iso(order.automatic_failed_at)! };
  return { state: 'pending' };
}

/**
 * What GET /api/admin/orders/{id} adds to an order: its subscriptions (opened), its delivery state,
 * and, when the store delivers automatically (`automatic`), where that stands.
 */
export async function adminOrderSubscriptions(
  db: Kysely<SubscriptionsTables>,
  orderId: string,
  open: (sealed: string) => Activation,
  { automatic = false }: { automatic?: boolean } = {},
): Promise<{
  subscriptions: AdminSubscriptionView[];
  deliveryState: DeliveryState;
  automaticDelivery: AutomaticDelivery | null;
}> {
  const [rows, order, renewals] = await Promise.all([
    orderSubscriptionRows(db, orderId),
    db.selectFrom('subscription_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
    renewalsOfOrder(db, orderId),
  ]);
  return {
    subscriptions: rows.map((row) => toAdminSubscription(row, open, renewals.get(row.id))),
    deliveryState: deliveryStateOf(rows),
    automaticDelivery: automaticDeliveryOf(rows, order, automatic),
  };
}

/**
 * Orders automatic delivery should ask for (all, or those of `orderIds`): a subscription awaits its
 * details, the order is not deleted, and no failure stands (that waits for an administrator).
 */
export async function ordersToProvision(db: Kysely<SubscriptionsTables>, orderIds?: string[]): Promise<string[]> {
  if (orderIds?.length === 0) return [];
  let query = db
    .selectFrom('subscription_orders')
    .select('order_id')
    .where('deleted', '=', false)
    .where('automatic_failed_at', 'is', null)
    .where('order_id', 'in', ordersAwaitingDelivery(db));
  if (orderIds) query = query.where('order_id', 'in', orderIds);
  return (await query.execute()).map((row) => row.order_id);
}

/** How many paid orders hold a subscription awaiting its details (the dashboard's count). */
export async function awaitingDeliveryCount(db: Kysely<SubscriptionsTables>): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.count<string>('order_id').distinct().as('count'))
    .where('status', '=', 'awaiting_delivery')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The ids of orders with a subscription awaiting its details (the orders list's delivery filter). */
export function ordersAwaitingDelivery(db: Kysely<SubscriptionsTables>) {
  return db.selectFrom('subscriptions').select('order_id').where('status', '=', 'awaiting_delivery');
}

/**
 * Whether the order whose id is in `orderId` (a column of the query around it) holds a subscription
 * awaiting its details: one probe of the partial index subscriptions_awaiting per order it is asked of.
 */
export const awaitsDelivery = (orderId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM subscriptions WHERE subscriptions.order_id = ${sql.ref(orderId)} AND subscriptions.status = 'awaiting_delivery')`;

/** A subscription as its shopper reads it: the details opened once delivered, never while cancelled. */
function toShopperSubscription(
  row: SubscriptionRow,
  open: (sealed: string) => Activation,
  renewals: RenewalView[],
): ShopperSubscriptionView {
  const view: ShopperSubscriptionView = {
    id: row.id,
    itemId: `${row.order_id}-${row.line_index + 1}`,
    productId: row.product_id,
    package: row.package_name,
    duration: row.duration,
    quality: row.quality,
    devices: row.devices,
    status: row.status,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    renewals,
  };
  if (row.activation !== null && row.status !== 'cancelled') view.activation = open(row.activation);
  return view;
}

/**
 * What the order page shows of an order's subscriptions (docs/product.md#order-page): each with its
 * details opened, and the administrator's message to the shopper.
 */
export async function shopperOrderSubscriptions(
  db: Kysely<SubscriptionsTables>,
  orderId: string,
  open: <T>(sealed: string) => T,
): Promise<{ subscriptions: ShopperSubscriptionView[]; message: string | null }> {
  const [rows, order, renewals] = await Promise.all([
    orderSubscriptionRows(db, orderId),
    db.selectFrom('subscription_orders').select('message').where('order_id', '=', orderId).executeTakeFirst(),
    renewalsOfOrder(db, orderId),
  ]);
  const message = order?.message ? open<string>(order.message) : null;
  const subscriptions = rows.map((row) => toShopperSubscription(row, open, renewals.get(row.id) ?? []));
  return { subscriptions, message };
}

/** The paid renewals of an order's subscriptions, oldest first, by subscription. */
async function renewalsOfOrder(db: Kysely<SubscriptionsTables>, orderId: string): Promise<Map<string, RenewalView[]>> {
  const rows = await db
    .selectFrom('subscription_renewals as r')
    .innerJoin('subscriptions as s', 's.id', 'r.subscription_id')
    .selectAll('r')
    .where('s.order_id', '=', orderId)
    .orderBy('r.paid_at')
    .execute();
  const renewals = new Map<string, RenewalView[]>();
  for (const row of rows) {
    const view: RenewalView = {
      orderId: row.order_id,
      number: row.order_number,
      duration: row.duration,
      paidAt: iso(row.paid_at)!,
      previousEnd: iso(row.previous_end)!,
      newEnd: iso(row.new_end),
    };
    renewals.set(row.subscription_id, [...(renewals.get(row.subscription_id) ?? []), view]);
  }
  return renewals;
}
