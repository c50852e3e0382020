// Subscriptions and their activation details as the API answers them (docs/product.md#subscriptions).
// Zod-free: the web app imports it.

/** What the back office must do for a subscription: deliver it, nothing (active), or nothing ever (cancelled). */
export type SubscriptionStatus = 'awaiting_delivery' | 'active' | 'cancelled';

/**
 * A subscription's status at a given time (docs/product.md#subscriptions-screen): an active one is
 * `expiring` within EXPIRING_WITHIN of its end and `expired` after it. Derived when read, never stored.
 */
export type SubscriptionStatusNow = SubscriptionStatus | 'expiring' | 'expired';

/** The views of the subscriptions screen. */
export type SubscriptionView = 'awaiting' | 'active' | 'expiring' | 'expired' | 'cancelled';

/** The reminders an administrator sends before and after a subscription ends. */
export type ReminderStep = '7d' | '1d' | '0d' | 'ended';

/** The latest reminder of a subscription: which step, when, and who sent it. */
export interface ReminderView {
  step: ReminderStep;
  at: string;
  by: string;
  byName: string;
}

/** A row of the subscriptions screen (GET /api/admin/subscriptions). */
export interface AdminSubscriptionRowView {
  id: string;
  orderId: string;
  orderNumber: number;
  phone: string;
  /** The checkout's name when the shopper gave a real one, else null (the placeholder is not a name). */
  customerName: string | null;
  /** The language the shopper checked out in: reminders are written in it. */
  language: string | null;
  packageName: string;
  duration: string;
  status: SubscriptionStatusNow;
  startsAt: string | null;
  endsAt: string | null;
  /** Whole days until endsAt (negative once ended); null without an end. */
  daysLeft: number | null;
  lastReminder: ReminderView | null;
}

/** `GET /api/admin/subscriptions`: one page, in the orders list's shape. */
export interface AdminSubscriptionPage {
  subscriptions: AdminSubscriptionRowView[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** How the shopper's player reaches the service. */
export type ActivationKind = 'xtream' | 'm3u' | 'mag' | 'code';

export interface XtreamActivation {
  kind: 'xtream';
  serverUrl: string;
  username: string;
  password: string;
}

export interface M3uActivation {
  kind: 'm3u';
  playlistUrl: string;
}

export interface MagActivation {
  kind: 'mag';
  portalUrl: string;
  /** Upper-case, ':'-separated (00:1A:79:AB:CD:EF). */
  mac: string;
}

export interface CodeActivation {
  kind: 'code';
  code: string;
}

/** One subscription's activation details, with the administrator's optional note to the shopper. */
export type Activation = (XtreamActivation | M3uActivation | MagActivation | CodeActivation) & { note?: string };

/** An order's delivery as a whole: none of its subscriptions awaits ('delivered'), some do ('awaiting'), it has none ('none'). */
export type DeliveryState = 'awaiting' | 'delivered' | 'none';

/**
 * Automatic delivery through the operator's provisioning service (docs/product.md#automatic-delivery):
 * under way (`pending`), given up after its last try (`failed`, with why and when) or done.
 */
export interface AutomaticDelivery {
  state: 'pending' | 'failed' | 'delivered';
  reason?: string;
  failedAt?: string;
}

/**
 * A renewal order's renewals extended on the operator's provisioning service
 * (docs/product.md#automatic-delivery): under way (`pending`), given up after its last try
 * (`failed`, with why and when) or confirmed by the service (`extended`, when).
 */
export interface AutomaticExtension {
  state: 'pending' | 'failed' | 'extended';
  reason?: string;
  failedAt?: string;
  extendedAt?: string;
}

/** A paid renewal of a subscription (docs/product.md#renewals): its order, what it bought, the end it moved. */
export interface RenewalView {
  orderId: string;
  number: number;
  duration: string;
  paidAt: string;
  previousEnd: string;
  /** Null when bought for life. */
  newEnd: string | null;
}

/** One subscription as the back office reads it, its activation opened (admins only). */
export interface AdminSubscriptionView {
  id: string;
  orderId: string;
  productId: string;
  packageName: string;
  duration: string;
  quality: string;
  /** How many devices the package allows, when the catalogue said so at payment time. */
  devices: number | null;
  status: SubscriptionStatus;
  /** The first delivery (ISO time), or null before it. */
  startsAt: string | null;
  /** When it ends (ISO time); null before the first delivery and for 'life time'. */
  endsAt: string | null;
  /** The latest details delivered, or null before the first delivery. */
  activation: Activation | null;
  deliveredAt: string | null;
  /** Its paid renewals, oldest first. */
  renewals: RenewalView[];
}

/** The body of PUT /api/admin/orders/{id}/delivery. */
export interface DeliveryInput {
  /** A word to the shopper about the whole order. */
  message?: string;
  subscriptions: ({ subscriptionId: string } & Activation)[];
}

/**
 * One subscription as its shopper reads it on the order page (GET /api/orders/{token}): the
 * activation details once delivered. `itemId` names the order's item it comes from.
 */
export interface ShopperSubscriptionView {
  id: string;
  itemId: string;
  productId: string;
  package: string;
  duration: string;
  quality: string;
  devices: number | null;
  status: SubscriptionStatus;
  startsAt: string | null;
  endsAt: string | null;
  activation?: Activation;
  /** Its paid renewals, oldest first. */
  renewals: RenewalView[];
}
