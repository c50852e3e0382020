import type { PriceDuration } from '@shared/catalogue/types';
import { isTrialDuration } from '@shared/ordering/constants';
import type { CartItem, CartProduct, Renewal } from './cart';

// Renewal lines of the cart (docs/product.md#renewals): each renews one subscription, one unit of a
// paid duration of its own package, and carries the private link token of the order it belongs to.
// A cart renews the subscriptions of one order at most: the checkout sends one token.

/** A duration and its price, as a renewal line takes them. */
export interface DurationPrice {
  duration: string;
  price: number;
}

/** The durations a renewal may buy: the offered ones but a free trial. */
export function paidDurations(durations: readonly PriceDuration[]): PriceDuration[] {
  return durations.filter((entry) => entry.active && !isTrialDuration(entry.duration));
}

/** The durations the catalogue offered for a cart line's product, as the cart stored them (possibly an older shape). */
export function storedDurations(product: CartProduct): PriceDuration[] {
  const stored = Array.isArray(product.priceDurations) ? (product.priceDurations as unknown[]) : [];
  return stored.filter(
    (entry): entry is PriceDuration =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as PriceDuration).duration === 'string' &&
      typeof (entry as PriceDuration).price === 'number' &&
      (entry as PriceDuration).active !== false,
  );
}

/** The duration a renewal starts on: the subscription's own while it is still offered, else the first paid one. */
export function renewalChoice(durations: readonly PriceDuration[], own: string): PriceDuration | undefined {
  const paid = paidDurations(durations);
  return paid.find((entry) => entry.duration === own) ?? paid[0];
}

/**
 * Puts the renewal of one subscription in the cart, one unit at `entry`'s duration and price: in
 * place of an earlier renewal of the same subscription, and of renewals of another order's
 * subscriptions (one token per cart). A free trial never shares a cart with paid lines: the
 * shopper's renewal takes its place.
 */
export function putRenewal(
  items: readonly CartItem[],
  product: CartProduct,
  entry: DurationPrice,
  renewal: Renewal,
): readonly CartItem[] {
  const line: CartItem = {
    product,
    quantity: 1,
    selectedDuration: entry.duration,
    selectedPrice: entry.price,
    renewal,
  };
  // Renewed again (another duration): the line stays where the shopper saw it.
  const replaced = items.map((item) => (item.renewal?.subscriptionId === renewal.subscriptionId ? line : item));
  const placed = replaced.includes(line) ? replaced : [...replaced, line];
  return placed.filter(
    (item) =>
      item === line ||
      (!isTrialDuration(item.selectedDuration) && (!item.renewal || item.renewal.orderToken === renewal.orderToken)),
  );
}

/** Another duration for a renewal line, at its price. */
export function setRenewalDuration(
  items: readonly CartItem[],
  subscriptionId: string,
  entry: DurationPrice,
): readonly CartItem[] {
  return items.map((item) =>
    item.renewal?.subscriptionId === subscriptionId
      ? { ...item, selectedDuration: entry.duration, selectedPrice: entry.price }
      : item,
  );
}

/** Removes a renewal line: the subscription is no longer renewed by this cart. */
export function removeRenewal(items: readonly CartItem[], subscriptionId: string): readonly CartItem[] {
  return items.filter((item) => item.renewal?.subscriptionId !== subscriptionId);
}

/** The order the cart's renewal lines renew ({token, number}), or undefined when it renews nothing. */
export function renewedOrder(items: readonly CartItem[]): { token: string; number: number } | undefined {
  const renewal = items.find((item) => item.renewal)?.renewal;
  return renewal && { token: renewal.orderToken, number: renewal.orderNumber };
}
