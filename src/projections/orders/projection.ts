import type { Kysely } from 'kysely';
import { ORDER_EVENT_TYPES, upcastOrderEvent, type OrderEvent, type PlacedOrder } from '../../modules/ordering/events';
import type { Recorded, StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import { RowFolder } from '../../platform/projections/fold';
import type { Projection } from '../../platform/projections/projection';
import type { Realtime } from '../../platform/realtime/realtime';
import { ordersByIds, toAdminOrder } from './queries';
import { ORDER_COLUMNS, type OrderRow, type OrdersTables } from './rows';

// Orders as the back office and the shopper's confirmation read them. Revenue counts paid orders
// only (paid_at set); a deleted order leaves the lists and the figures, its events stay. A payment
// that reaches a deleted order brings its row back with restored_at set (see the order decider).

export const ORDERS_PROJECTION = 'orders';

export function ordersProjection(deps: { db: Kysely<OrdersTables>; realtime?: Realtime }): Projection {
  return {
    name: ORDERS_PROJECTION,
    tables: ['orders'],
    handles: new Set(ORDER_EVENT_TYPES),
    fold(events) {
      const rows = new RowFolder<OrderRow>('orders', 'id', sqlTypes(ORDER_COLUMNS));
      for (const event of events as (StoredEvent & OrderEvent)[])
        fold(rows, upcastOrderEvent(event), Number(event.revision));
      return rows.write();
    },
    async afterCommit(events) {
      if (deps.realtime) await pushOrderChanges(deps.db, deps.realtime, events as Recorded<OrderEvent>[]);
    },
  };
}

function fold(rows: RowFolder<OrderRow>, event: OrderEvent, version: number): void {
  switch (event.type) {
    case 'OrderPlaced':
      rows.create(event.data.orderId, placedRow(event.data, version, null));
      return;
    case 'OrderRestored':
      rows.create(event.data.orderId, placedRow(event.data.order, version, event.data.at));
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
    case 'OrderPhoneUpdated':
      rows.patch(event.data.orderId, { phone: event.data.phone, updated_at: event.data.at, version });
      return;
    case 'OrderDispatched':
      rows.patch(event.data.orderId, { status: 'dispatched', updated_at: event.data.at, version });
      return;
    case 'OrderDeleted':
      rows.remove(event.data.orderId);
      return;
  }
}

function placedRow(d: PlacedOrder, version: number, restoredAt: string | null): OrderRow {
  return {
    id: d.orderId,
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
  };
}

async function pushOrderChanges(db: Kysely<OrdersTables>, realtime: Realtime, events: OrderEvent[]): Promise<void> {
  // A restored order is new to the admins' lists, which dropped it when it was deleted.
  const created = new Set(
    events.filter((e) => e.type === 'OrderPlaced' || e.type === 'OrderRestored').map((e) => e.data.orderId),
  );
  // The last word of the batch counts: a deleted order that a payment restored is not deleted.
  const deleted = new Set<string>();
  for (const e of events) {
    if (e.type === 'OrderDeleted') deleted.add(e.data.orderId);
    if (e.type === 'OrderRestored') deleted.delete(e.data.orderId);
  }
  const touched = [...new Set(events.map((e) => e.data.orderId))].filter((id) => !deleted.has(id));
  for (const row of await ordersByIds(db, touched)) {
    realtime.broadcast('admins', created.has(row.id) ? 'order:created' : 'order:updated', { order: toAdminOrder(row) });
  }
  for (const orderId of deleted) realtime.broadcast('admins', 'orderDeleted', { orderId });
}
