import { isRecord } from '../api/http';
import { readStored, writeStored } from './storage';

// The private links of the orders placed in this browser (`orderLinks`, docs/product.md#storefront),
// by checkout id. create-checkout tells an order's token once; the pending order is dropped by the
// payment return page, before the success screen shows the link, so the links are kept apart.

export const ORDER_LINKS_KEY = 'orderLinks';
/** The most recent orders whose links are kept; older ones are forgotten. */
const KEPT = 20;

/** The order a renewal renews (docs/product.md#renewals): its link's token and its number. */
export interface RenewedOrderLink {
  token: string;
  number: number;
}

interface OrderLink {
  checkoutId: string;
  token: string;
  /** Set when the order renews another order's subscriptions: the success screen leads back to it. */
  renews?: RenewedOrderLink;
}

function readLinks(): OrderLink[] {
  try {
    const value: unknown = JSON.parse(readStored(ORDER_LINKS_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (link): link is OrderLink =>
        isRecord(link) && typeof link.checkoutId === 'string' && typeof link.token === 'string',
    );
  } catch {
    return [];
  }
}

export function rememberOrderLink(checkoutId: string, token: string, renews?: RenewedOrderLink): void {
  const others = readLinks().filter((link) => link.checkoutId !== checkoutId);
  const link: OrderLink = { checkoutId, token, ...(renews && { renews }) };
  writeStored(ORDER_LINKS_KEY, JSON.stringify([link, ...others].slice(0, KEPT)));
}

/** The private link token of a checkout placed in this browser, or null. */
export function orderLinkToken(checkoutId: string): string | null {
  return readLinks().find((link) => link.checkoutId === checkoutId)?.token ?? null;
}

/** The order a checkout placed in this browser renews, or null. */
export function renewedOrderLink(checkoutId: string): RenewedOrderLink | null {
  const renews = readLinks().find((link) => link.checkoutId === checkoutId)?.renews;
  return isRecord(renews) && typeof renews.token === 'string' && typeof renews.number === 'number' ? renews : null;
}

/** The order page's address, whole, as the shopper keeps or sends it. */
export function orderPageUrl(token: string): string {
  return new URL(`/orders/${token}`, window.location.origin).href;
}
