import type { Kysely } from 'kysely';
import type { OrderEvent, OrderEventType, OrderLine, PlacedOrder } from '../modules/ordering/events';
import type { StoredEvent } from '../platform/eventstore/port';
import { RowFolder } from '../platform/projections/fold';
import type { Projection } from '../platform/projections/projection';
import type { OrderStatus } from '../shared/ordering';
import type { ProjectionDeps } from './index';

// Orders as the back office and the shopper's confirmation read them. Revenue counts paid orders
// only (paid_at set); a deleted order leaves the lists and the figures, its events stay. A payment
// that reaches a deleted order brings its row back with restored_at set (see the order decider).

export interface OrderRow {
  id: string;
  checkout_id: string;
  provider: string;
  customer_name: string;
  customer_email: string;
  phone: string;
  total_amount: number;
  status: OrderStatus;
  requested_method: string;
  payment_method: string | null;
  items: OrderLine[];
  created_at: string;
  paid_at: string | null;
  updated_at: string;
  /** The revision of the order's stream: the admin's ETag. */
  version: number;
  /** Why a failed order failed: the provider said failed (declined), canceled, or it expired. */
  failure_reason: string | null;
  /** When a payment arrived for this order after an admin had deleted it, bringing it back. */
  restored_at: string | null;
}

const COLUMNS = {
  id: 'text',
  checkout_id: 'text',
  provider: 'text',
  customer_name: 'text',
  customer_email: 'text',
  phone: 'text',
  total_amount: 'integer',
  status: 'text',
  requested_method: 'text',
  payment_method: 'text',
  items: 'jsonb',
  created_at: 'timestamptz',
  paid_at: 'timestamptz',
  updated_at: 'timestamptz',
  version: 'integer',
  failure_reason: 'text',
  restored_at: 'timestamptz',
} as const;

const HANDLES: OrderEventType[] = ['OrderPlaced', 'OrderPaid', 'OrderPaymentFailed', 'OrderPhoneUpdated', 'OrderDispatched', 'OrderDeleted', 'OrderRestored'];

export const ordersTable = (db: Kysely<any>) => db as Kysely<{ orders: OrderRow }>;

export function ordersProjection(deps: ProjectionDeps): Projection {
  return {
    name: 'orders',
    tables: ['orders'],
    handles: new Set(HANDLES),
    fold(events) {
      const rows = new RowFolder<OrderRow>('orders', 'id', COLUMNS);
      for (const event of events as unknown as (OrderEvent & StoredEvent)[]) fold(rows, event);
      return rows.write();
    },
    async afterCommit(events) {
      if (deps.realtime) await pushOrderChanges(deps.db, deps.realtime, events as unknown as OrderEvent[]);
    },
  };
}

function fold(rows: RowFolder<OrderRow>, event: OrderEvent & StoredEvent): void {
  const version = Number(event.revision);
  switch (event.type) {
    case 'OrderPlaced':
      rows.create(event.data.orderId, placedRow(event.data, version, null));
      return;
    case 'OrderRestored':
      rows.create(event.data.orderId, placedRow(event.data.order, version, event.data.restoredAt));
      return;
    case 'OrderPaid':
      rows.patch(event.data.orderId, { status: 'completed', payment_method: event.data.paymentMethod, paid_at: event.data.paidAt, updated_at: event.data.paidAt, failure_reason: null, version });
      return;
    case 'OrderPaymentFailed':
      rows.patch(event.data.orderId, { status: 'failed', failure_reason: event.data.reason, updated_at: event.data.failedAt, version });
      return;
    case 'OrderPhoneUpdated':
      rows.patch(event.data.orderId, { phone: event.data.phone, updated_at: event.data.updatedAt, version });
      return;
    case 'OrderDispatched':
      rows.patch(event.data.orderId, { status: 'dispatched', updated_at: event.data.dispatchedAt, version });
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
    created_at: d.placedAt,
    paid_at: null,
    updated_at: restoredAt ?? d.placedAt,
    version,
    failure_reason: null,
    restored_at: restoredAt,
  };
}

async function pushOrderChanges(db: Kysely<any>, realtime: NonNullable<ProjectionDeps['realtime']>, events: OrderEvent[]): Promise<void> {
  // A restored order is new to the admins' lists, which dropped it when it was deleted.
  const created = new Set(events.filter((e) => e.type === 'OrderPlaced' || e.type === 'OrderRestored').map((e) => e.data.orderId));
  // The last word of the batch counts: a deleted order that a payment restored is not deleted.
  const deleted = new Set<string>();
  for (const e of events) {
    if (e.type === 'OrderDeleted') deleted.add(e.data.orderId);
    if (e.type === 'OrderRestored') deleted.delete(e.data.orderId);
  }
  const touched = [...new Set(events.map((e) => e.data.orderId))].filter((id) => !deleted.has(id));
  const rows = touched.length ? await ordersTable(db).selectFrom('orders').selectAll().where('id', 'in', touched).execute() : [];
  for (const row of rows) realtime.broadcast('admins', created.has(row.id) ? 'order:created' : 'order:updated', { order: toAdminOrder(row) });
  for (const orderId of deleted) realtime.broadcast('admins', 'orderDeleted', { orderId });
}

/** SPEC §3 'Order (admin)', plus what the list and the detail show. */
export function toAdminOrder(row: OrderRow) {
  return {
    id: row.id,
    customer_name: row.customer_name,
    customer_email: row.customer_email,
    phone: row.phone,
    total_amount: row.total_amount,
    status: row.status,
    payment_method: row.payment_method ?? row.requested_method,
    created_at: new Date(row.created_at).toISOString(),
    paid_at: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    version: row.version,
    restored_at: row.restored_at ? new Date(row.restored_at).toISOString() : null,
  };
}

/** The items of an order as SPEC §3 lists them for the admin detail. */
export function toAdminItems(row: OrderRow) {
  return row.items.map((line, index) => ({
    id: `${row.id}-${index + 1}`,
    product_id: line.productId,
    product_name: line.productName,
    selected_duration: line.duration,
    selected_price: line.unitPrice,
    quantity: line.quantity,
    subtotal: line.unitPrice * line.quantity,
  }));
}
