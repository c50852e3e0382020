import { sql, type Kysely } from 'kysely';
import { ORDER_EVENT_TYPES, upcastOrderEvent, type OrderEvent, type PlacedOrder } from '../../modules/ordering/events';
import { SYSTEM, type Actor, type Recorded, type StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import { RowFolder } from '../../platform/projections/fold';
import type { Projection, Write } from '../../platform/projections/projection';
import { orderPageRoom, type Realtime } from '../../platform/realtime/realtime';
import { withCustomers } from './customers';
import { ordersByIds, toAdminOrder } from './queries';
import { ORDER_COLUMNS, type OrderRow, type OrdersTables } from './rows';

// Orders as the back office and the shopper's confirmation read them. Revenue counts paid orders
// only (paid_at set; a free trial is completed without one): an order whose payment does not match (payment_mismatch) has none until an
// admin accepts that payment, and paid_at is then the time of the acceptance; a deleted order leaves the lists and the figures, its events stay. A payment
// that reaches a deleted order brings its row back with restored_at set (see the order decider).
//
// Every order has a number. OrderPlaced carries it (a sequence taken at checkout); orders placed
// before that get 1, 2, 3… in log order, kept in order_legacy_numbers, which this read model owns,
// so a rebuild numbers them again the same way and a restored order gets its number back. The
// sequence hands out numbers above them (modules/ordering/order-numbers.ts).

export const ORDERS_PROJECTION = 'orders';

export interface OrdersProjectionDeps {
  db: Kysely<OrdersTables>;
  realtime?: Realtime;
  /** Names who caused an event, for the live events' notifications (the admin-users read model). */
  describeActor?: (actor: Actor) => Promise<string>;
}

export function ordersProjection(deps: OrdersProjectionDeps): Projection {
  return {
    name: ORDERS_PROJECTION,
    tables: ['orders', 'order_legacy_numbers', 'customers'],
    handles: new Set(ORDER_EVENT_TYPES),
    fold(events) {
      const rows = new RowFolder<OrderRow>('orders', 'id', sqlTypes(ORDER_COLUMNS));
      const legacy = new LegacyNumbers();
      for (const event of events as (StoredEvent & OrderEvent)[])
        fold(rows, legacy, upcastOrderEvent(event), Number(event.revision));
      // The customers of the orders the batch touches follow them, in the same transaction.
      return withCustomers(
        events as (StoredEvent & OrderEvent)[],
        legacy.numberBefore(() => rows.write()),
      );
    },
    async afterCommit(events) {
      if (deps.realtime) await pushOrderChanges(deps, deps.realtime, events as Recorded<OrderEvent>[]);
    },
  };
}

function fold(rows: RowFolder<OrderRow>, legacy: LegacyNumbers, event: OrderEvent, version: number): void {
  switch (event.type) {
    case 'OrderPlaced':
      rows.create(event.data.orderId, legacy.track(placedRow(event.data, version, null), 'placed'));
      return;
    case 'OrderRestored':
      rows.create(event.data.orderId, legacy.track(placedRow(event.data.order, version, event.data.at), 'restored'));
      return;
    case 'OrderPaid':
      rows.patch(event.data.orderId, {
        status: 'completed',
        payment_method: event.data.paymentMethod,
        paid_at: event.data.at,
        updated_at: event.data.at,
        failure_reason: null,
        version,
      });
      return;
    case 'OrderPaymentFailed':
      rows.patch(event.data.orderId, {
        status: 'failed',
        failure_reason: event.data.reason,
        updated_at: event.data.at,
        version,
      });
      return;
    case 'OrderPaymentMismatched': {
      const { amount, currency, expectedAmount, expectedCurrency, paymentMethod, at } = event.data;
      rows.patch(event.data.orderId, {
        status: 'payment_mismatch',
        payment_method: paymentMethod,
        payment_mismatch: { amount, currency, expectedAmount, expectedCurrency },
        updated_at: at,
        failure_reason: null,
        version,
      });
      return;
    }
    case 'OrderPaymentAccepted':
      rows.patch(event.data.orderId, {
        status: 'completed',
        paid_at: event.data.at,
        updated_at: event.data.at,
        version,
      });
      return;
    case 'OrderTrialGranted':
      // Completed without payment: no paid_at, so never in the revenue nor a customer's spending.
      rows.patch(event.data.orderId, { status: 'completed', updated_at: event.data.at, version });
      return;
    case 'OrderPaymentRejected':
      rows.patch(event.data.orderId, { status: 'failed', updated_at: event.data.at, version });
      return;
    case 'OrderPhoneUpdated':
      rows.patch(event.data.orderId, { phone: event.data.phone, updated_at: event.data.at, version });
      return;
    case 'OrderDispatched':
      rows.patch(event.data.orderId, { status: 'dispatched', updated_at: event.data.at, version });
      return;
    case 'OrderDelivered':
      // The details are the subscriptions read model's; the order's version moves.
      rows.patch(event.data.orderId, { updated_at: event.data.at, version });
      return;
    case 'OrderAccessLinkRenewed':
      rows.patch(event.data.orderId, {
        access_hash: event.data.access.hash,
        access_sealed: event.data.access.sealed,
        updated_at: event.data.at,
        version,
      });
      return;
    case 'OrderSentOnWhatsApp':
      rows.patch(event.data.orderId, { whatsapp_sent_at: event.data.at, whatsapp_sent_by: event.data.by, version });
      return;
    case 'OrderRefunded': {
      const { orderId, amount, reason, method, refundedOn, by, at } = event.data;
      rows.patch(orderId, {
        status: 'refunded',
        refund: { amount, reason, method, refundedOn, by, at },
        refunded_amount: amount,
        updated_at: at,
        version,
      });
      return;
    }
    case 'OrderDeleted':
      rows.remove(event.data.orderId);
      return;
  }
}

function placedRow(d: PlacedOrder, version: number, restoredAt: string | null): OrderRow {
  return {
    id: d.orderId,
    // 0 (no order has it) until LegacyNumbers gives a legacy order its number, before the write.
    number: d.number ?? 0,
    checkout_id: d.checkoutId,
    provider: d.provider,
    customer_name: d.customerName,
    customer_email: d.customerEmail,
    phone: d.phone,
    total_amount: d.total,
    status: 'pending',
    requested_method: d.requestedMethod,
    payment_method: null,
    items: d.lines,
    created_at: d.at,
    paid_at: null,
    updated_at: restoredAt ?? d.at,
    version,
    failure_reason: null,
    restored_at: restoredAt,
    payment_mismatch: null,
    access_hash: d.access?.hash ?? null,
    access_sealed: d.access?.sealed ?? null,
    language: d.language ?? null,
    whatsapp_sent_at: null,
    whatsapp_sent_by: null,
    refund: null,
    refunded_amount: 0,
    renewal_of_number: d.lines.find((line) => line.renewalOf)?.renewalOf?.orderNumber ?? null,
    trial: d.trial ?? false,
  };
}

/**
 * The rows of a batch created without a number (orders placed before orders had numbers): those
 * placed take the next legacy numbers, in log order; a restored one gets back the number it was
 * given when placed. Numbered in the batch's transaction, before its rows are written.
 */
class LegacyNumbers {
  private readonly placed: string[] = [];
  private readonly unnumbered: OrderRow[] = [];

  track(row: OrderRow, how: 'placed' | 'restored'): OrderRow {
    if (row.number) return row;
    if (how === 'placed') this.placed.push(row.id);
    this.unnumbered.push(row);
    return row;
  }

  numberBefore(rowsWrite: () => Write): Write {
    if (!this.unnumbered.length) return rowsWrite();
    return async (target) => {
      // Folded again (a rebuild's batch written a second time), an order keeps the number it has.
      if (this.placed.length)
        await sql`
          INSERT INTO order_legacy_numbers (order_id, number)
          SELECT t.id, (SELECT coalesce(max(number), 0) FROM order_legacy_numbers) + row_number() OVER (ORDER BY t.n)
          FROM unnest(${this.placed}::text[]) WITH ORDINALITY AS t(id, n)
          WHERE NOT EXISTS (SELECT 1 FROM order_legacy_numbers l WHERE l.order_id = t.id)`.execute(target.db);
      const ids = this.unnumbered.map((row) => row.id);
      const { rows } = await sql<{ order_id: string; number: number }>`
        SELECT order_id, number FROM order_legacy_numbers WHERE order_id = ANY(${ids})`.execute(target.db);
      const numbers = new Map(rows.map((row) => [row.order_id, row.number]));
      for (const row of this.unnumbered) {
        const number = numbers.get(row.id);
        if (number === undefined) throw new Error(`Order ${row.id} was restored but never placed: it has no number`);
        row.number = number;
      }
      await rowsWrite()(target);
    };
  }
}

// Each event says who caused it (the order's last event in the batch counts), so an admin's screen
// can tell its own changes from another admin's and name that admin.
async function pushOrderChanges(deps: OrdersProjectionDeps, realtime: Realtime, events: Recorded<OrderEvent>[]) {
  // A restored order is new to the admins' lists, which dropped it when it was deleted.
  const created = new Set(
    events.filter((e) => e.type === 'OrderPlaced' || e.type === 'OrderRestored').map((e) => e.data.orderId),
  );
  // The last word of the batch counts: a deleted order that a payment restored is not deleted.
  const deleted = new Set<string>();
  const lastActor = new Map<string, Actor>();
  for (const e of events) {
    if (e.type === 'OrderDeleted') deleted.add(e.data.orderId);
    if (e.type === 'OrderRestored') deleted.delete(e.data.orderId);
    lastActor.set(e.data.orderId, e.metadata.actor);
  }
  const names = new Map<Actor, string>();
  const by = async (orderId: string) => {
    const actor = lastActor.get(orderId) ?? SYSTEM;
    if (!names.has(actor)) names.set(actor, (await deps.describeActor?.(actor)) ?? actor);
    return { actor, actorName: names.get(actor)! };
  };
  const touched = [...lastActor.keys()].filter((id) => !deleted.has(id));
  const rows = await ordersByIds(deps.db, touched);
  const firsts = await firstOrders(deps.db, events, rows);
  for (const row of rows) {
    const event = created.has(row.id) ? 'order:created' : 'order:updated';
    // `newCustomer`: the order is the first of a phone never seen before (admins may follow those).
    const news = event === 'order:created' ? { newCustomer: firsts.has(row.id) } : {};
    realtime.broadcast('admins', event, { order: toAdminOrder(row), ...(await by(row.id)), ...news });
    if (row.access_hash) realtime.broadcast(orderPageRoom(row.access_hash), 'order:updated', { linkReplaced: false });
  }
  for (const orderId of deleted) realtime.broadcast('admins', 'orderDeleted', { orderId, ...(await by(orderId)) });
  const numbers = new Map(rows.map((row) => [row.id, row.number]));
  for (const e of events) {
    // The page opened with a replaced link learns it no longer opens the order.
    if (e.type === 'OrderAccessLinkRenewed' && e.data.replacedHash)
      realtime.broadcast(orderPageRoom(e.data.replacedHash), 'order:updated', { linkReplaced: true });
    if (e.type === 'OrderDelivered' && numbers.has(e.data.orderId))
      realtime.broadcast('admins', 'order:delivered', {
        orderId: e.data.orderId,
        number: numbers.get(e.data.orderId)!,
        ...(await by(e.data.orderId)),
      });
  }
}

/**
 * The orders the batch placed that are their customer's first: the customers table (written in
 * the batch's transaction) counts no other order for that phone. One read by primary key, and
 * only for batches that place orders.
 */
async function firstOrders(
  db: Kysely<OrdersTables>,
  events: Recorded<OrderEvent>[],
  rows: Pick<OrderRow, 'id' | 'phone' | 'created_at'>[],
): Promise<Set<string>> {
  const placedIds = new Set(events.filter((e) => e.type === 'OrderPlaced').map((e) => e.data.orderId));
  const placed = rows.filter((row) => placedIds.has(row.id));
  if (!placed.length) return new Set();
  const byPhone = new Map<string, typeof placed>();
  for (const row of placed) byPhone.set(row.phone, [...(byPhone.get(row.phone) ?? []), row]);
  const counts = await db
    .selectFrom('customers')
    .select(['phone', 'orders_count'])
    .where('phone', 'in', [...byPhone.keys()])
    .execute();
  const firsts = new Set<string>();
  for (const { phone, orders_count } of counts) {
    const orders = byPhone.get(phone) ?? [];
    // Every order of the phone was placed in this batch: the earliest of them is its first.
    if (orders_count !== orders.length) continue;
    const at = (row: (typeof orders)[number]) => new Date(row.created_at).getTime();
    const first = orders.reduce((a, b) => (at(b) < at(a) || (at(b) === at(a) && b.id < a.id) ? b : a));
    firsts.add(first.id);
  }
  return firsts;
}
