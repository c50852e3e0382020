import type { Kysely } from 'kysely';
import type { OrderEvent, OrderEventType, OrderLine } from '../modules/ordering/events';
import type { StoredEvent } from '../platform/eventstore/port';
import { RowFolder } from '../platform/projections/fold';
import type { Projection } from '../platform/projections/projection';
import type { OrderStatus } from '../shared/ordering';
import type { ProjectionDeps } from './index';

// Orders as the back office and the shopper's confirmation read them. Revenue counts paid orders
// only (paid_at set); a deleted order leaves the lists and the figures, its events stay.

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
} as const;

const HANDLES: OrderEventType[] = ['OrderPlaced', 'OrderPaid', 'OrderPaymentFailed', 'OrderPhoneUpdated', 'OrderDispatched', 'OrderDeleted'];

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

function fold(rows: RowFolder<OrderRow>, event: OrderEvent): void {
  switch (event.type) {
    case 'OrderPlaced': {
      const d = event.data;
      rows.create(d.orderId, {
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
        updated_at: d.placedAt,
      });
      return;
    }
    case 'OrderPaid':
      rows.patch(event.data.orderId, { status: 'completed', payment_method: event.data.paymentMethod, paid_at: event.data.paidAt, updated_at: event.data.paidAt });
      return;
    case 'OrderPaymentFailed':
      rows.patch(event.data.orderId, { status: 'failed', updated_at: event.data.failedAt });
      return;
    case 'OrderPhoneUpdated':
      rows.patch(event.data.orderId, { phone: event.data.phone, updated_at: event.data.updatedAt });
      return;
    case 'OrderDispatched':
      rows.patch(event.data.orderId, { status: 'dispatched', updated_at: event.data.dispatchedAt });
      return;
    case 'OrderDeleted':
      rows.remove(event.data.orderId);
      return;
  }
}

async function pushOrderChanges(db: Kysely<any>, realtime: NonNullable<ProjectionDeps['realtime']>, events: OrderEvent[]): Promise<void> {
  const created = new Set(events.filter((e) => e.type === 'OrderPlaced').map((e) => e.data.orderId));
  const deleted = new Set(events.filter((e) => e.type === 'OrderDeleted').map((e) => e.data.orderId));
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
