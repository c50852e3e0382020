import { createHash } from 'node:crypto';
import type { ActivationKind, ReminderStep } from '../../shared/subscriptions/types';

// Events of the subscriptions module (docs/product.md#subscriptions). A subscription is one unit of
// one paid order line: the subscriptions read model opens them from the ordering module's
// OrderPaid, under ids derived from the order, the line and the unit (subscriptionId), so replays
// and rebuilds find the same ones. What this module records is what an administrator (or automatic
// delivery) delivered for them, one stream per order, and what the provisioning service was told of
// their renewals, one stream per renewal order. Activation details and the message are sealed (platform/crypto/sealed.ts)
// before they reach an event: the log never holds them in clear (docs/security.md#encryption-at-rest).

/** One subscription's delivery: its kind in clear (the audit trail names it), its details sealed. */
export interface DeliveredSubscription {
  subscriptionId: string;
  kind: ActivationKind;
  /** The Activation (details and note), sealed. */
  activation: string;
  /** The first delivery's time: a correction keeps it. */
  startsAt: string;
  /** startsAt plus the duration; null for 'life time'. */
  endsAt: string | null;
}

export type SubscriptionEvent =
  | {
      type: 'SubscriptionsDelivered';
      data: {
        orderId: string;
        /** The administrator's word to the shopper about the order, sealed; null when none. */
        message: string | null;
        subscriptions: DeliveredSubscription[];
        at: string;
      };
    }
  /**
   * Automatic delivery gave up after its last try (docs/product.md#automatic-delivery): an
   * administrator retries or delivers by hand. The reason says what went wrong, never a secret.
   */
  | {
      type: 'AutomaticDeliveryFailed';
      data: { orderId: string; subscriptionIds: string[]; reason: string; at: string };
    }
  /** An administrator asked for automatic delivery again. */
  | { type: 'AutomaticDeliveryRetried'; data: { orderId: string; at: string } }
  /**
   * The provisioning service extended the line of a subscription a paid renewal renewed
   * (docs/product.md#automatic-delivery), to `endsAt` (null: bought for life). `orderId` is the
   * renewal's order; one stream per renewal order (renewalExtensionsStream).
   */
  | {
      type: 'AutomaticExtensionSucceeded';
      data: { orderId: string; subscriptionId: string; endsAt: string | null; at: string };
    }
  /** Extending them on the service gave up after its last try: an administrator retries. The reason holds no secret. */
  | {
      type: 'AutomaticExtensionFailed';
      data: { orderId: string; subscriptionIds: string[]; reason: string; at: string };
    }
  /** An administrator asked for the renewal's extension on the service again. */
  | { type: 'AutomaticExtensionRetried'; data: { orderId: string; at: string } }
  /**
   * An administrator (`by`, their id: read models are rebuilt without the events' metadata) reminded
   * the customer that the subscription ends, at one step of the worklist (docs/product.md#subscriptions-screen).
   */
  | {
      type: 'SubscriptionReminded';
      data: { subscriptionId: string; orderId: string; step: ReminderStep; by: string; at: string };
    };

export type SubscriptionEventType = SubscriptionEvent['type'];

export const SUBSCRIPTION_EVENT_TYPES: readonly SubscriptionEventType[] = [
  'SubscriptionsDelivered',
  'AutomaticDeliveryFailed',
  'AutomaticDeliveryRetried',
  'AutomaticExtensionSucceeded',
  'AutomaticExtensionFailed',
  'AutomaticExtensionRetried',
  'SubscriptionReminded',
];

export const orderSubscriptionsStream = (orderId: string) => `order-subscriptions-${orderId}`;

/**
 * What the provisioning service was told of one renewal order's renewals: a stream per renewal
 * order, as its job works per order (docs/product.md#automatic-delivery).
 */
export const renewalExtensionsStream = (orderId: string) => `renewal-extensions-${orderId}`;

/** One subscription's reminders: one stream each, so two admins reminding the same step meet in it. */
export const subscriptionRemindersStream = (subscriptionId: string) => `subscription-reminders-${subscriptionId}`;

/**
 * The id of the `unit`-th unit (0-based) of the order's `line`-th line (0-based): the same on
 * every replay and rebuild, a UUID's shape (version 8, from SHA-256).
 */
export function subscriptionId(orderId: string, line: number, unit: number): string {
  const hex = createHash('sha256').update(`subscription/${orderId}/${line}/${unit}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
