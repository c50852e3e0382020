import type { OrderLine } from '../../modules/ordering/events';
import { column, type RowOf } from '../../platform/projections/columns';
import type { OrderStatus, PaymentMismatchView, RefundView } from '../../shared/ordering';

// The orders table (migrations 007, 010, 011, 022, 024 and 025), declared once: what the projection writes and
// the queries read.

export const ORDER_COLUMNS = {
  id: column.text(),
  /** The number people say (#1042), unique: the one OrderPlaced carries, or a legacy order's (projection.ts). */
  number: column.integer(),
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
  /** A payment whose amount or currency was not the order's: set by OrderPaymentMismatched, then kept. */
  payment_mismatch: column.jsonb<PaymentMismatchView | null>(),
  /** SHA-256 of the shopper's private link token (modules/ordering/access.ts); null on orders placed before links. */
  access_hash: column.nullableText(),
  /** The token, sealed: an administrator copies the link again from it. */
  access_sealed: column.nullableText(),
  /** The language the shopper checked out in. */
  language: column.nullableText(),
  /** The last time an administrator sent the order on WhatsApp, and who (an actor id). */
  whatsapp_sent_at: column.nullableTimestamptz(),
  whatsapp_sent_by: column.nullableText(),
  /** A renewal's: the number of the order whose subscription it renews (migration 029). */
  renewal_of_number: column.nullableInteger(),
  /** A free trial (docs/product.md#free-trials): granted without payment, so never paid_at nor revenue. */
  trial: column.boolean(),
  /** What an administrator recorded of a refund (migration 030), and the amount given back (0 without one). */
  refund: column.jsonb<RefundView | null>(),
  refunded_amount: column.integer(),
};

export type OrderRow = RowOf<typeof ORDER_COLUMNS>;

/** The numbers given to orders placed before orders had numbers: 1, 2, 3… in log order. */
export interface LegacyOrderNumberRow {
  order_id: string;
  number: number;
}

/**
 * The customers table (migration 012): one row per phone, summing its orders as the orders table
 * holds them, kept by the orders projection (customers.ts). Whatever empties orders empties it too.
 */
export const CUSTOMER_COLUMNS = {
  phone: column.text(),
  /** Name and e-mail of the customer's latest order. */
  name: column.text(),
  email: column.text(),
  orders_count: column.integer(),
  /** Paid orders' amounts. */
  total_spent: column.bigint(),
  /** When the first order was placed. */
  join_date: column.timestamptz(),
  /** The latest order, by (created_at, id): the one name and e-mail come from. */
  latest_order_at: column.timestamptz(),
  latest_order_id: column.text(),
};

export type CustomerRow = RowOf<typeof CUSTOMER_COLUMNS>;

export interface OrdersTables {
  orders: OrderRow;
  order_legacy_numbers: LegacyOrderNumberRow;
  customers: CustomerRow;
}
