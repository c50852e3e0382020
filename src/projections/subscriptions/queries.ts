import { sql, type Kysely } from 'kysely';
import type {
  Activation,
  AdminSubscriptionView,
  AutomaticDelivery,
  AutomaticExtension,
  DeliveryState,
  RenewalView,
  ShopperSubscriptionView,
} from '../../shared/subscriptions/types';
import type { SubscriptionOrderRow, SubscriptionRenewalRow, SubscriptionRow, SubscriptionsTables } from './rows';

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
 * Where a renewal order's extension on the provisioning service stands
 * (docs/product.md#automatic-delivery): null when the service is off or the order renews nothing
 * still running; else extended once the service confirmed every renewal, failed while its last
 * failure stands, pending otherwise.
 */
export function automaticExtensionOf(
  renewals: Pick<RenewalToExtend, 'extended_at' | 'extension_failure' | 'extension_failed_at'>[],
  automatic: boolean,
): AutomaticExtension | null {
  if (!automatic || !renewals.length) return null;
  const left = renewals.filter((r) => r.extended_at === null);
  if (!left.length) {
    const extendedAt = renewals.map((r) => iso(r.extended_at)!).sort();
    return { state: 'extended', extendedAt: extendedAt[extendedAt.length - 1]! };
  }
  const failed = left.find((r) => r.extension_failure !== null && r.extension_failed_at !== null);
  if (failed) return { state: 'failed', reason: failed.extension_failure!, failedAt: iso(failed.extension_failed_at)! };
  return { state: 'pending' };
}

/**
 * What GET /api/admin/orders/{id} adds to an order: its subscriptions (opened), its delivery state,
 * and, when the store delivers automatically (`automatic`), where that stands, and for a renewal,
 * where its extension on the provisioning service stands.
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
  automaticExtension: AutomaticExtension | null;
}> {
  const [rows, order, renewals, extensions] = await Promise.all([
    orderSubscriptionRows(db, orderId),
    db.selectFrom('subscription_orders').selectAll().where('order_id', '=', orderId).executeTakeFirst(),
    renewalsOfOrder(db, orderId),
    automatic ? renewalsToExtendOf(db, orderId) : [],
  ]);
  return {
    subscriptions: rows.map((row) => toAdminSubscription(row, open, renewals.get(row.id))),
    deliveryState: deliveryStateOf(rows),
    automaticDelivery: automaticDeliveryOf(rows, order, automatic),
    automaticExtension: automaticExtensionOf(extensions, automatic),
  };
}

/** A renewal the provisioning service is to extend, with what it is told (its job's request). */
export type RenewalToExtend = Pick<
  SubscriptionRenewalRow,
  'subscription_id' | 'duration' | 'new_end' | 'extended_at' | 'extension_failure' | 'extension_failed_at'
> & {
  /** The renewal's order and its number. */
  renewal_order_id: string;
  renewal_order_number: number;
  /** The renewed subscription's own order. */
  order_id: string;
  package_name: string;
  product_id: string;
};

/**
 * The renewals a paid renewal order made that the provisioning service is to extend: those of
 * subscriptions still running (not cancelled), while the renewal order stands (not refunded or deleted).
 */
const renewalsToExtendQuery = (db: Kysely<SubscriptionsTables>) =>
  db
    .selectFrom('subscription_renewals as r')
    .innerJoin('subscriptions as s', 's.id', 'r.subscription_id')
    .innerJoin('subscription_orders as renewal', 'renewal.order_id', 'r.order_id')
    .where('s.status', '<>', 'cancelled')
    .where('renewal.deleted', '=', false);

/** One renewal order's renewals to extend, in the order its lines were renewed. */
export function renewalsToExtendOf(
  db: Kysely<SubscriptionsTables>,
  renewalOrderId: string,
): Promise<RenewalToExtend[]> {
  return renewalsToExtendQuery(db)
    .select([
      'r.subscription_id',
      'r.duration',
      'r.new_end',
      'r.extended_at',
      'r.extension_failure',
      'r.extension_failed_at',
      'r.order_id as renewal_order_id',
      'r.order_number as renewal_order_number',
      's.order_id',
      's.package_name',
      's.product_id',
    ])
    .where('r.order_id', '=', renewalOrderId)
    .orderBy('s.order_id')
    .orderBy('s.line_index')
    .orderBy('s.unit_index')
    .execute();
}

/**
 * Renewal orders (all, or those of `orderIds`) with a renewal the provisioning service has not
 * extended yet and no failure standing (that waits for an administrator).
 */
export async function renewalOrdersToExtend(db: Kysely<SubscriptionsTables>, orderIds?: string[]): Promise<string[]> {
  if (orderIds?.length === 0) return [];
  let query = renewalsToExtendQuery(db)
    .select('r.order_id')
    .distinct()
    .where('r.extended_at', 'is', null)
    .where('r.extension_failed_at', 'is', null);
  if (orderIds) query = query.where('r.order_id', 'in', orderIds);
  return (await query.execute()).map((row) => row.order_id);
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
