import {
  ORDER_TOTAL_MAX,
  QUANTITY_MAX,
  isTrialDuration,
  orderMessages,
  type CheckoutItem,
  type CheckoutLanguage,
} from '../../shared/ordering';
import { OrderRuleError, orderTotal } from './decider';
import type { OrderLine, RenewalTarget } from './events';
import { coded } from '../../shared/errors';

// Prices come from the catalogue, never from the shopper: each line is priced at the product's
// active price for the chosen duration at the moment the checkout opens; a free trial is only
// offered by a product whose 'free trial' duration is active, and costs nothing whatever its row
// says (docs/product.md#free-trials).

export interface PricedProduct {
  id: string;
  name: string;
  quality: string;
  active: boolean;
  priceDurations: { duration: string; price: number; active: boolean }[];
}

/** Finds products of the storefront catalogue by id (the catalogue module's read model). */
/** The products of a cart, named in the checkout's language (docs/product.md#catalogue-languages) when it is given. */
export type ProductLookup = (ids: string[], language?: CheckoutLanguage) => Promise<Map<string, PricedProduct>>;

/**
 * The cart's lines at the catalogue's prices. A renewal line (its target found by renewals.ts)
 * stays a line of its own: it extends one subscription.
 */
export async function priceLines(
  lookup: ProductLookup,
  items: CheckoutItem[],
  renewals: ReadonlyMap<string, RenewalTarget> = new Map(),
): Promise<OrderLine[]> {
  const products = await lookup([...new Set(items.map((i) => i.productId))]);
  const lines = new Map<string, OrderLine>();
  for (const item of items) {
    const product = products.get(item.productId);
    if (!product?.active) {
      throw new OrderRuleError(400, coded('cart.item_unavailable'), {
        productId: item.productId,
      });
    }
    const offer = product.priceDurations.find((p) => p.duration === item.duration && p.active);
    if (!offer) {
      throw new OrderRuleError(
        400,
        coded('cart.duration_unavailable', { duration: item.duration, product: product.name }),
        {
          productId: item.productId,
          duration: item.duration,
        },
      );
    }
    const renewalOf = item.renewalOf ? renewals.get(item.renewalOf) : undefined;
    // The same package and duration twice is one line; each renewal is a line of its own.
    const key = `${product.id}\u0000${offer.duration}\u0000${item.renewalOf ?? ''}`;
    const existing = lines.get(key);
    if (existing) existing.quantity += item.quantity;
    else
      lines.set(key, {
        productId: product.id,
        productName: product.name,
        duration: offer.duration,
        quality: product.quality,
        unitPrice: isTrialDuration(offer.duration) ? 0 : offer.price,
        quantity: item.quantity,
        ...(renewalOf && { renewalOf }),
      });
  }
  const merged = [...lines.values()];
  // The quantity rule holds for the lines as ordered, after merging: 50 lines of 100 are not one of 5000.
  const over = merged.find((line) => line.quantity > QUANTITY_MAX);
  if (over)
    throw new OrderRuleError(400, orderMessages.quantity, {
      productId: over.productId,
      duration: over.duration,
      quantity: over.quantity,
    });
  const total = orderTotal(merged);
  if (total > ORDER_TOTAL_MAX) throw new OrderRuleError(400, orderMessages.overMax, { total, max: ORDER_TOTAL_MAX });
  return merged;
}
