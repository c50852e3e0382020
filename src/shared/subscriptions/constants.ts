import type {
  ActivationKind,
  ReminderStep,
  SubscriptionStatus,
  SubscriptionStatusNow,
  SubscriptionView,
} from './types';

// Rules of subscriptions' activation details (docs/product.md#subscriptions), shared by the server
// and the web app. Zod-free.

export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['awaiting_delivery', 'active', 'cancelled'];

export const SUBSCRIPTION_VIEWS: readonly SubscriptionView[] = [
  'awaiting',
  'active',
  'expiring',
  'expired',
  'cancelled',
];

/** How far back the "expired" view looks. */
export const EXPIRED_VIEW_DAYS = 30;

/** Reminder steps, in the order they come: 7 days before the end, the day before, the day itself, after it. */
export const REMINDER_STEPS: readonly ReminderStep[] = ['7d', '1d', '0d', 'ended'];

export const ACTIVATION_KINDS: readonly ActivationKind[] = ['xtream', 'm3u', 'mag', 'code'];

/** How each kind is named in the audit trail and the back office. */
export const ACTIVATION_KIND_LABELS: Record<ActivationKind, string> = {
  xtream: 'Xtream',
  m3u: 'M3U',
  mag: 'MAG',
  code: 'Code',
};

/** A field of some kind's activation details. */
export type ActivationField = 'serverUrl' | 'username' | 'password' | 'playlistUrl' | 'portalUrl' | 'mac' | 'code';

/** The fields of each kind, in the order people read and type them. */
export const ACTIVATION_FIELDS: Record<ActivationKind, readonly ActivationField[]> = {
  xtream: ['serverUrl', 'username', 'password'],
  m3u: ['playlistUrl'],
  mag: ['portalUrl', 'mac'],
  code: ['code'],
};

export const DELIVERY_LIMITS = {
  url: 500,
  username: 100,
  password: 200,
  code: 200,
  note: 1000,
  message: 2000,
  /** Subscriptions in one delivery: an order has at most its lines × their quantities. */
  subscriptions: 500,
} as const;

/** Six pairs of hex digits separated by ':' or '-' (one separator throughout). */
const MAC = /^[0-9a-f]{2}([:-])[0-9a-f]{2}(\1[0-9a-f]{2}){4}$/i;

/** A MAC address as stored (upper-case, ':'), or undefined when it is not one. */
export function normaliseMac(text: string): string | undefined {
  const trimmed = text.trim();
  return MAC.test(trimmed) ? trimmed.toUpperCase().replace(/-/g, ':') : undefined;
}

/** Whether a URL may be given to a shopper's player: http or https only. */
export function isPlayerUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A subscription's status at `now` (docs/product.md#subscriptions-screen): an active one whose end
 * has come is `expired`, one ending within `expiringWithinMs` is `expiring`. Right at every instant,
 * and the same after a rebuild: nothing about time is stored.
 */
export function subscriptionStatusAt(
  status: SubscriptionStatus,
  endsAt: string | null,
  now: Date,
  expiringWithinMs: number,
): SubscriptionStatusNow {
  if (status !== 'active' || endsAt === null) return status;
  const left = Date.parse(endsAt) - now.getTime();
  if (left <= 0) return 'expired';
  return left <= expiringWithinMs ? 'expiring' : 'active';
}

/** Days until `endsAt`, counted up (half a day left is 1), negative once ended; null without an end. */
export function daysLeft(endsAt: string | null, now: Date): number | null {
  if (endsAt === null) return null;
  const left = Date.parse(endsAt) - now.getTime();
  return left > 0 ? Math.ceil(left / DAY_MS) : Math.floor(left / DAY_MS);
}

// Why automatic delivery failed, as recorded and as the back office reads it back.
export * from './provisioning-reasons';
