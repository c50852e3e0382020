import type { OrderLine } from '../../modules/ordering/events';
import type { ActivationKind, ReminderStep, SubscriptionStatus } from '../../shared/subscriptions/types';

// The subscriptions read model's tables (migrations 023, 024, 025, 027, 029 and 031): what the projection writes and the queries
// read. Written statement by statement (projection.ts), not through RowFolder: opening an order's
// subscriptions needs the lines an earlier batch stored.

export interface SubscriptionRow {
  /** Derived from the order, the line and the unit (modules/subscriptions/events.ts subscriptionId). */
  id: string;
  order_id: string;
  line_index: number;
  unit_index: number;
  product_id: string;
  package_name: string;
  duration: string;
  quality: string;
  /** The product's devices when the order was paid; null when the catalogue had not said. */
  devices: number | null;
  status: SubscriptionStatus;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  kind: ActivationKind | null;
  /** The latest activation delivered, sealed (docs/security.md#encryption-at-rest). */
  activation: string | null;
  delivered_at: string | Date | null;
  /** When the order was paid. */
  created_at: string | Date;
}

/** What the projection keeps of an order to open its subscriptions when it is paid. */
export interface SubscriptionOrderRow {
  order_id: string;
  lines: OrderLine[];
  deleted: boolean;
  /** The latest delivery's message to the shopper, sealed. */
  message: string | null;
  delivered_at: string | Date | null;
  /** The order's number (#1042), as placed; null on orders placed before numbers (migration 029). */
  number: number | null;
  /** The hash of the order's private link: the room its page listens in (migration 024). */
  access_hash: string | null;
  /** Why automatic delivery last gave up, until an administrator retries it (migration 027). */
  automatic_failure: string | null;
  automatic_failed_at: string | Date | null;
}

/** The devices each product allows, from the catalogue's events. */
export interface SubscriptionProductRow {
  product_id: string;
  devices: number;
}

/** Each reminder step sent for a subscription, once (migration 025). */
export interface SubscriptionReminderRow {
  subscription_id: string;
  step: ReminderStep;
  at: string | Date;
  /** The admin's id. */
  by: string;
}

/** Each paid renewal of a subscription (migration 029): what the renewal bought, the end before and after. */
export interface SubscriptionRenewalRow {
  subscription_id: string;
  /** The renewal's order, and its number. */
  order_id: string;
  order_number: number;
  duration: string;
  /** What one unit cost, in dinars (renewals' revenue). */
  amount: number;
  paid_at: string | Date;
  previous_end: string | Date;
  /** Null when bought for life. */
  new_end: string | Date | null;
  /** When the provisioning service confirmed the new end (migration 031); null until then. */
  extended_at: string | Date | null;
  /** Why extending it on the service last gave up, until an administrator retries. */
  extension_failure: string | null;
  extension_failed_at: string | Date | null;
}

export interface SubscriptionsTables {
  subscription_renewals: SubscriptionRenewalRow;
  subscription_reminders: SubscriptionReminderRow;
  subscriptions: SubscriptionRow;
  subscription_orders: SubscriptionOrderRow;
  subscription_products: SubscriptionProductRow;
}
