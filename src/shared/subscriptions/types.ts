// Subscriptions and their activation details as the API answers them (docs/product.md#subscriptions).
// Zod-free: the web app imports it.

/** What the back office must do for a subscription: deliver it, nothing (active), or nothing ever (cancelled). */
export type SubscriptionStatus = 'awaiting_delivery' | 'active' | 'cancelled';

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
}

/** The body of PUT /api/admin/orders/{id}/delivery. */
export interface DeliveryInput {
  /** A word to the shopper about the whole order. */
  message?: string;
  subscriptions: ({ subscriptionId: string } & Activation)[];
}
