import { sql, type Kysely } from 'kysely';
import type { ProductEvent } from '../../modules/catalogue/events';
import {
  ORDER_EVENT_TYPES,
  upcastOrderEvent,
  type OrderEvent,
  type OrderLine,
  type PlacedOrder,
} from '../../modules/ordering/events';
import { renewedEnd } from '../../shared/subscriptions/terms';
import { SUBSCRIPTION_EVENT_TYPES, subscriptionId, type SubscriptionEvent } from '../../modules/subscriptions/events';
import type { Actor, Recorded, StoredEvent } from '../../platform/eventstore/port';
import type { Projection, Write } from '../../platform/projections/projection';
import { orderPageRoom, type Realtime } from '../../platform/realtime/realtime';
import type { SubscriptionRow, SubscriptionsTables } from './rows';

// Subscriptions as the back office reads them (docs/product.md#subscriptions). Each unit of each
// line of a paid order is one subscription, opened when OrderPaid (or a free trial's
// OrderTrialGranted) is folded, under an id derived from the order, the line and the unit: the
// runner folds each event once (its checkpoint moves with the rows,
// docs/architecture.md#projections), and a payment folded again (a rebuild, a
// payment after a restore) finds the same ids and adds none. A deleted order's subscriptions are
// cancelled; a restored one's come back. Deliveries make them active with the sealed details;
// automatic delivery's last failure is kept on the order until an administrator retries, and each
// renewal keeps whether the provisioning service extended it (or why it last failed to).
//
// Events are written one by one, in log order, on the batch's transaction: opening an order's
// subscriptions reads the lines its OrderPlaced stored, maybe in an earlier batch.

export const SUBSCRIPTIONS_PROJECTION = 'subscriptions';

/** The catalogue events that say how many devices a product allows. */
const PRODUCT_EVENT_TYPES = ['ProductCreated', 'ProductDetailsUpdated', 'ProductRestored'] as const;

type Handled = OrderEvent | SubscriptionEvent | Extract<ProductEvent, { type: (typeof PRODUCT_EVENT_TYPES)[number] }>;

/** The events after which an order's page must read its subscriptions again. */
const CHANGES_SUBSCRIPTIONS = new Set<string>([
  'OrderPaid',
  'OrderPaymentAccepted',
  'OrderTrialGranted',
  'OrderDeleted',
  'OrderRefunded',
  'OrderRestored',
  'SubscriptionsDelivered',
]);

export interface SubscriptionsProjectionDeps {
  db?: Kysely<SubscriptionsTables>;
  realtime?: Realtime;
  /** Names who caused an event, for the live events (the admin-users read model). */
  describeActor?: (actor: Actor) => Promise<string>;
  /**
   * Told, after the batch committed, which orders it opened subscriptions for: automatic delivery
   * starts from here (docs/product.md#automatic-delivery), once the subscriptions can be read.
   */
  onOrdersPaid?: (orderIds: string[]) => Promise<void>;
}

export function subscriptionsProjection(deps: SubscriptionsProjectionDeps = {}): Projection {
  return {
    name: SUBSCRIPTIONS_PROJECTION,
    tables: [
      'subscriptions',
      'subscription_orders',
      'subscription_products',
      'subscription_reminders',
      'subscription_renewals',
    ],
    handles: new Set<string>([...ORDER_EVENT_TYPES, ...SUBSCRIPTION_EVENT_TYPES, ...PRODUCT_EVENT_TYPES]),
    fold(events) {
      const writes = (events as (StoredEvent & Handled)[]).map((event) => writeOf(event));
      return async (target) => {
        for (const write of writes) await write(target);
      };
    },
    async afterCommit(events) {
      await startAutomaticDelivery(deps, events);
      if (!deps.db || !deps.realtime) return;
      await tellOrderPages(deps.db, deps.realtime, events as (StoredEvent & Handled)[]);
      await tellAdminsOfReminders(deps, deps.realtime, events as Recorded<Handled>[]);
    },
  };
}

/** The subscriptions screens of every admin move a reminded row, and name who reminded. */
async function tellAdminsOfReminders(
  deps: SubscriptionsProjectionDeps,
  realtime: Realtime,
  events: Recorded<Handled>[],
) {
  for (const event of events) {
    if (event.type !== 'SubscriptionReminded') continue;
    const { subscriptionId, orderId, step, at } = event.data;
    const actor = event.metadata.actor;
    const actorName = (await deps.describeActor?.(actor)) ?? actor;
    realtime.broadcast('admins', 'subscription:reminded', { subscriptionId, orderId, step, at, actor, actorName });
  }
}

/**
 * Tells the open pages of the orders whose subscriptions changed to read them again, in the room
 * of each order's current link (docs/product.md#order-page): a signal, never the details.
 */
async function tellOrderPages(db: Kysely<SubscriptionsTables>, realtime: Realtime, events: (StoredEvent & Handled)[]) {
  const orderIds = [
    ...new Set(
      events.filter((e) => CHANGES_SUBSCRIPTIONS.has(e.type)).map((e) => (e.data as { orderId: string }).orderId),
    ),
  ];
  if (!orderIds.length) return;
  // A paid renewal changes the renewed order's subscription: that order's page is told too.
  const changed = await db
    .selectFrom('subscription_orders')
    .select('lines')
    .where('order_id', 'in', orderIds)
    .execute();
  const renewed = changed.flatMap(({ lines }) => lines.flatMap((line) => line.renewalOf?.orderId ?? []));
  const rows = await db
    .selectFrom('subscription_orders')
    .select('access_hash')
    .where('order_id', 'in', [...new Set([...orderIds, ...renewed])])
    .where('access_hash', 'is not', null)
    .execute();
  for (const { access_hash } of rows)
    realtime.broadcast(orderPageRoom(access_hash!), 'order:updated', { linkReplaced: false });
}

/** The order events that open an order's subscriptions: a payment, or a free trial granted. */
const PAYMENTS = new Set(['OrderPaid', 'OrderPaymentAccepted', 'OrderTrialGranted']);

/** The orders the batch opened subscriptions for go to automatic delivery, when it is on. */
async function startAutomaticDelivery(deps: SubscriptionsProjectionDeps, events: StoredEvent[]) {
  const paid = events.filter((e) => PAYMENTS.has(e.type)).map((e) => (e.data as { orderId: string }).orderId);
  if (deps.onOrdersPaid && paid.length) await deps.onOrdersPaid([...new Set(paid)]);
}

const nothing: Write = async () => {};

function writeOf(stored: Handled): Write {
  const event = stored.type.startsWith('Order') ? upcastOrderEvent(stored as OrderEvent) : stored;
  switch (event.type) {
    case 'OrderPlaced':
      return keepLines(event.data);
    case 'OrderRestored':
      return async (target) => {
        await keepLines(event.data.order)(target);
        await setCancelled(target.db, event.data.orderId, false);
      };
    // A payment that did not match the order opens them only once an admin accepts it; a free
    // trial's opens when it is granted (docs/product.md#free-trials).
    case 'OrderPaid':
    case 'OrderPaymentAccepted':
    case 'OrderTrialGranted':
      return ({ db }) => openSubscriptions(db as Kysely<SubscriptionsTables>, event.data.orderId, event.data.at);
    // Refunded or deleted, an order's subscriptions end at once (docs/product.md#refunds).
    case 'OrderRefunded':
    case 'OrderDeleted':
      return ({ db }) => setCancelled(db, event.data.orderId, true);
    case 'OrderAccessLinkRenewed':
      return ({ db }) =>
        sql`UPDATE subscription_orders SET access_hash = ${event.data.access.hash} WHERE order_id = ${event.data.orderId}`
          .execute(db)
          .then(() => undefined);
    case 'SubscriptionsDelivered':
      return ({ db }) => recordDelivery(db, event.data);
    case 'AutomaticDeliveryFailed':
      return ({ db }) => setAutomaticFailure(db, event.data.orderId, event.data.reason, event.data.at);
    case 'AutomaticDeliveryRetried':
      return ({ db }) => setAutomaticFailure(db, event.data.orderId, null, null);
    case 'AutomaticExtensionSucceeded': {
      const { orderId, subscriptionId, at } = event.data;
      return ({ db }) =>
        sql`
          UPDATE subscription_renewals SET extended_at = ${at}, extension_failure = NULL, extension_failed_at = NULL
          WHERE order_id = ${orderId} AND subscription_id = ${subscriptionId}`
          .execute(db)
          .then(() => undefined);
    }
    case 'AutomaticExtensionFailed': {
      const { orderId, subscriptionIds, reason, at } = event.data;
      return ({ db }) =>
        sql`
          UPDATE subscription_renewals SET extension_failure = ${reason}, extension_failed_at = ${at}
          WHERE order_id = ${orderId} AND subscription_id = ANY(${subscriptionIds})`
          .execute(db)
          .then(() => undefined);
    }
    case 'AutomaticExtensionRetried':
      return ({ db }) =>
        sql`
          UPDATE subscription_renewals SET extension_failure = NULL, extension_failed_at = NULL
          WHERE order_id = ${event.data.orderId}`
          .execute(db)
          .then(() => undefined);
    case 'SubscriptionReminded': {
      const { subscriptionId, step, by, at } = event.data;
      return ({ db }) =>
        sql`
          INSERT INTO subscription_reminders (subscription_id, step, at, by) VALUES (${subscriptionId}, ${step}, ${at}, ${by})
          ON CONFLICT (subscription_id, step) DO NOTHING`
          .execute(db)
          .then(() => undefined);
    }
    case 'ProductCreated':
    case 'ProductDetailsUpdated':
    case 'ProductRestored':
      return ({ db }) =>
        sql`
          INSERT INTO subscription_products (product_id, devices) VALUES (${event.data.productId}, ${event.data.devices})
          ON CONFLICT (product_id) DO UPDATE SET devices = excluded.devices`
          .execute(db)
          .then(() => undefined);
    default:
      // Other order events (payment failed, phone, dispatch, delivery marker) change no subscription.
      return nothing;
  }
}

function keepLines(order: PlacedOrder): Write {
  const { orderId, lines, access, number } = order;
  return async ({ db }) => {
    await sql`
      INSERT INTO subscription_orders (order_id, lines, deleted, access_hash, number)
      VALUES (${orderId}, ${JSON.stringify(lines)}::jsonb, false, ${access?.hash ?? null}, ${number ?? null})
      ON CONFLICT (order_id) DO UPDATE
      SET lines = excluded.lines, deleted = false, access_hash = excluded.access_hash, number = excluded.number`.execute(
      db,
    );
  };
}

/**
 * One subscription per unit of each line; those already there (a payment folded again) are left as
 * they are. A renewal line extends the subscription it names instead (renew), unless that one was
 * cancelled meanwhile: then it opens one of its own, to be delivered, so a payment is never lost.
 */
async function openSubscriptions(db: Kysely<SubscriptionsTables>, orderId: string, paidAt: string): Promise<void> {
  const { rows } = await sql<{ lines: OrderLine[]; deleted: boolean; number: number | null }>`
    SELECT lines, deleted, number FROM subscription_orders WHERE order_id = ${orderId}`.execute(db);
  const order = rows[0];
  if (!order) return;
  const devices = await devicesOf(
    db,
    order.lines.map((line) => line.productId),
  );
  const opened: OrderLine[] = [];
  for (const line of order.lines) {
    const renewed = line.renewalOf && (await renew(db, line, { orderId, number: order.number ?? 0, paidAt }));
    opened.push(renewed ? { ...line, quantity: 0 } : line);
  }
  const subscriptions = opened.flatMap((line, lineIndex) =>
    Array.from({ length: line.quantity }, (_, unitIndex) =>
      newSubscription(orderId, line, lineIndex, unitIndex, devices.get(line.productId) ?? null, paidAt),
    ),
  );
  if (!subscriptions.length) return;
  await db
    .insertInto('subscriptions')
    .values(subscriptions)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

function newSubscription(
  orderId: string,
  line: OrderLine,
  lineIndex: number,
  unitIndex: number,
  devices: number | null,
  paidAt: string,
): SubscriptionRow {
  return {
    id: subscriptionId(orderId, lineIndex, unitIndex),
    order_id: orderId,
    line_index: lineIndex,
    unit_index: unitIndex,
    product_id: line.productId,
    package_name: line.productName,
    duration: line.duration,
    quality: line.quality,
    devices,
    status: 'awaiting_delivery',
    starts_at: null,
    ends_at: null,
    kind: null,
    activation: null,
    delivered_at: null,
    created_at: paidAt,
  };
}

/**
 * Extends the subscription a paid renewal line names (docs/product.md#renewals) and records the
 * renewal; true when it did, or had already (the payment folded again). Its details stay: nothing
 * is delivered again.
 */
async function renew(
  db: Kysely<SubscriptionsTables>,
  line: OrderLine,
  renewal: { orderId: string; number: number; paidAt: string },
): Promise<boolean> {
  const target = line.renewalOf!;
  const done = await db
    .selectFrom('subscription_renewals')
    .select('order_id')
    .where('subscription_id', '=', target.subscriptionId)
    .where('order_id', '=', renewal.orderId)
    .executeTakeFirst();
  if (done) return true;
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['status', 'ends_at'])
    .where('id', '=', target.subscriptionId)
    .executeTakeFirst();
  if (!subscription || subscription.status === 'cancelled' || subscription.ends_at === null) return false;
  const previousEnd = new Date(subscription.ends_at).toISOString();
  // A renewal's duration is never a free trial (ordering/renewals.ts): no trial length applies.
  const newEnd = renewedEnd(previousEnd, renewal.paidAt, line.duration, 0);
  await db.updateTable('subscriptions').set({ ends_at: newEnd }).where('id', '=', target.subscriptionId).execute();
  await db
    .insertInto('subscription_renewals')
    .values({
      subscription_id: target.subscriptionId,
      order_id: renewal.orderId,
      order_number: renewal.number,
      duration: line.duration,
      amount: line.unitPrice,
      paid_at: renewal.paidAt,
      previous_end: previousEnd,
      new_end: newEnd,
    })
    .execute();
  return true;
}

async function devicesOf(db: Kysely<SubscriptionsTables>, productIds: string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ product_id: string; devices: number }>`
    SELECT product_id, devices FROM subscription_products WHERE product_id = ANY(${productIds})`.execute(db);
  return new Map(rows.map((row) => [row.product_id, row.devices]));
}

/** A deleted order's subscriptions are cancelled; a restored order's are awaiting or active again. */
async function setCancelled(db: Kysely<SubscriptionsTables>, orderId: string, cancelled: boolean): Promise<void> {
  await sql`UPDATE subscription_orders SET deleted = ${cancelled} WHERE order_id = ${orderId}`.execute(db);
  await sql`
    UPDATE subscriptions
    SET status = CASE WHEN ${cancelled} THEN 'cancelled' WHEN starts_at IS NULL THEN 'awaiting_delivery' ELSE 'active' END
    WHERE order_id = ${orderId}`.execute(db);
}

type Delivered = Extract<SubscriptionEvent, { type: 'SubscriptionsDelivered' }>['data'];

async function recordDelivery(db: Kysely<SubscriptionsTables>, data: Delivered): Promise<void> {
  for (const s of data.subscriptions)
    await sql`
      UPDATE subscriptions
      SET status = 'active', starts_at = ${s.startsAt}, kind = ${s.kind},
          -- The first delivery sets the end; a correction keeps it (renewals may have moved it).
          ends_at = CASE WHEN starts_at IS NULL THEN ${s.endsAt}::timestamptz ELSE ends_at END,
          activation = ${s.activation}, delivered_at = ${data.at}
      WHERE id = ${s.subscriptionId} AND status <> 'cancelled'`.execute(db);
  await sql`
    UPDATE subscription_orders SET message = ${data.message}, delivered_at = ${data.at}
    WHERE order_id = ${data.orderId}`.execute(db);
}

async function setAutomaticFailure(
  db: Kysely<SubscriptionsTables>,
  orderId: string,
  reason: string | null,
  at: string | null,
): Promise<void> {
  await sql`
    UPDATE subscription_orders SET automatic_failure = ${reason}, automatic_failed_at = ${at}
    WHERE order_id = ${orderId}`.execute(db);
}
