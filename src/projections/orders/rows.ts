import type { OrderLine } from '../../modules/ordering/events';
import { column, type RowOf } from '../../platform/projections/columns';
import type { OrderStatus } from '../../shared/ordering';

// The orders table (migrations 007 and 010), declared once: what the projection writes and the
// queries read.

export const ORDER_COLUMNS = {
  id: column.text(),
  checkout_id: column.text(),
  provider: column.text(),
  customer_name: column.text(),
  customer_email: column.text(),
  phone: column.text(),
  total_amount: column.integer(),
  status: column.text<OrderStatus>(),
  requested_method: column.text(),
  payment_method: column.nullableText(),
  items: column.jsonb<OrderLine[]>(),
  created_at: column.timestamptz(),
  paid_at: column.nullableTimestamptz(),
  updated_at: column.timestamptz(),
  /** The revision of the order's stream: the admin's ETag. */
  version: column.integer(),
  /** Why a failed order failed: the provider said failed (declined), canceled, or it expired. */
  failure_reason: column.nullableText(),
  /** When a payment arrived for this order after an admin had deleted it, bringing it back. */
  restored_at: column.nullableTimestamptz(),
};

export type OrderRow = RowOf<typeof ORDER_COLUMNS>;

export interface OrdersTables {
  orders: OrderRow;
}
