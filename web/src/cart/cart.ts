import type { ProductView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import { QUANTITY_MAX, isTrialDuration } from '@shared/ordering/constants';

// The browser cart's pure logic (docs/product.md#cart). No DOM, no storage: the store
// in ./store.ts applies these functions and persists the result.

/**
 * What the cart keeps of a product: the fields it needs, plus whatever else was stored. It is read
 * back from the shopper's storage, which may hold older shapes, so durations and quality are text.
 */
export interface CartProduct {
  id: ProductView['id'];
  name: string;
  /** Price of the product's first duration. */
  price: number;
  /** The product's first duration, e.g. "1 month". */
  duration: string;
  featuredImage?: string | null;
  category_name?: string | null;
  quality?: string;
  /** Its name in each language it has (docs/product.md#catalogue-languages), shown in the page's (nameIn); absent in older carts. */
  names?: Partial<Record<Language, string>>;
  defaultLanguage?: Language;
  [extra: string]: unknown;
}

/** A product's name in each of its languages, as the cart keeps them. */
export const namesOf = (product: Pick<ProductView, 'translations'>): Partial<Record<Language, string>> =>
  Object.fromEntries(Object.entries(product.translations).map(([language, text]) => [language, text.name]));

export interface CartItem {
  product: CartProduct;
  quantity: number;
  selectedDuration: string;
  selectedPrice: number;
  /** Set on a line that renews a subscription (./renewals.ts): one unit, a line of its own. */
  renewal?: Renewal;
  /**
   * The price the shopper put in the cart, kept while the catalogue's price differs and until the cart page has told
   * them (docs/product.md#cart).
   */
  priceWas?: number;
}

/**
 * The subscription a renewal line renews (docs/product.md#renewals), with the private link token of
 * its order: the server's proof that the subscription is the shopper's.
 */
export interface Renewal {
  subscriptionId: string;
  /** The renewed order's number, shown as "Renewal of #1042". */
  orderNumber: number;
  /** The renewed order's private link token, sent as the checkout's orderAccessToken. */
  orderToken: string;
  /** A free trial turned into a paid duration: said "Upgrade" rather than "Renewal". */
  upgrade?: boolean;
}

export interface Selection {
  duration?: string;
  price?: number;
}

/** Identifies a cart line: one product in one duration, or the renewal of one subscription. */
export function lineKey(item: Pick<CartItem, 'product' | 'selectedDuration' | 'renewal'>): string {
  if (item.renewal) return `renewal\u0000${item.renewal.subscriptionId}`;
  return `${item.product.id}\u0000${item.selectedDuration}`;
}

/** The most units of one line: a free trial is one (docs/product.md#free-trials). */
export const maxQuantity = (duration: string): number => (isTrialDuration(duration) ? 1 : QUANTITY_MAX);

/** Whether a line in `duration` would put a free trial and paid packages in one cart (the server refuses it). */
export const mixesTrial = (items: readonly CartItem[], duration: string): boolean =>
  items.some((item) => isTrialDuration(item.selectedDuration) !== isTrialDuration(duration));

/** A cart of free trials only: checked out without payment. */
export const isTrialCart = (items: readonly CartItem[]): boolean =>
  items.length > 0 && items.every((item) => isTrialDuration(item.selectedDuration));

/**
 * Adds one unit. The selected duration and price default to the product's own. The same product
 * in the same duration raises that line's quantity by one, up to its maximum; anything else is a
 * new line. A free trial and paid packages are never mixed: such an addition changes nothing.
 */
export function addItem(
  items: readonly CartItem[],
  product: CartProduct,
  selection: Selection = {},
): readonly CartItem[] {
  const selectedDuration = selection.duration ?? product.duration;
  const selectedPrice = isTrialDuration(selectedDuration) ? 0 : (selection.price ?? product.price);
  if (mixesTrial(items, selectedDuration)) return items;
  const index = items.findIndex(
    (item) => !item.renewal && item.product.id === product.id && item.selectedDuration === selectedDuration,
  );
  if (index === -1) {
    return [...items, { product, quantity: 1, selectedDuration, selectedPrice }];
  }
  if (items[index]!.quantity >= maxQuantity(selectedDuration)) return items;
  return items.map((item, i) => (i === index ? { ...item, quantity: item.quantity + 1 } : item));
}

/** Removes every line of the product, whatever its duration; a renewal of it stays (removeRenewal). */
export function removeItem(items: readonly CartItem[], productId: string): CartItem[] {
  return items.filter((item) => item.renewal || item.product.id !== productId);
}

/**
 * Sets the quantity of one line (product + duration). A quantity below 1 (or not a number) is
 * ignored and the cart is returned unchanged; fractions are rounded down, and the line's maximum
 * (maxQuantity) is the most it takes.
 */
export function updateQuantity(
  items: readonly CartItem[],
  productId: string,
  selectedDuration: string,
  quantity: number,
): readonly CartItem[] {
  if (!Number.isFinite(quantity) || quantity < 1) return items;
  const next = Math.min(Math.floor(quantity), maxQuantity(selectedDuration));
  let changed = false;
  const updated = items.map((item) => {
    // A renewal is one unit: its line is never this one.
    if (item.renewal || item.product.id !== productId || item.selectedDuration !== selectedDuration) return item;
    if (item.quantity === next) return item;
    changed = true;
    return { ...item, quantity: next };
  });
  return changed ? updated : items;
}

/** The current prices of a product, as the catalogue sends them. */
export type PriceSource = Pick<ProductView, 'id' | 'price' | 'duration' | 'priceDurations'> &
  Partial<Pick<ProductView, 'translations' | 'defaultLanguage'>>;

/**
 * Brings the cart's prices (and names) up to date with the catalogue: each line takes the current
 * price of its product in its duration. Lines whose product or duration is not in `products` are
 * kept as they are (the server refuses them at checkout and says why). Returns `items` itself when
 * nothing changed.
 */
export function repriceItems(items: readonly CartItem[], products: readonly PriceSource[]): readonly CartItem[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  let changed = false;
  const updated = items.map((item) => {
    const source = byId.get(item.product.id);
    if (!source) return item;
    const entry = source.priceDurations.find(
      (candidate) => candidate.duration === item.selectedDuration && candidate.active,
    );
    const listed = entry ? entry.price : source.duration === item.selectedDuration ? source.price : undefined;
    // A free trial costs nothing whatever its row says, as the server prices it.
    const price = listed !== undefined && isTrialDuration(item.selectedDuration) ? 0 : listed;
    const repriced = price !== undefined && Number.isFinite(price) && price !== item.selectedPrice;
    const names = source.translations && namesOf({ translations: source.translations });
    const renamed =
      names !== undefined &&
      (JSON.stringify(names) !== JSON.stringify(item.product.names) ||
        source.defaultLanguage !== item.product.defaultLanguage);
    if (!repriced && !renamed) return item;
    changed = true;
    const priceWas = item.priceWas ?? item.selectedPrice;
    return {
      ...item,
      // A new price is remembered with the one the shopper saw first (a rename alone changes no price).
      ...(repriced && { ...(priceWas === price ? { priceWas: undefined } : { priceWas }), selectedPrice: price }),
      product: {
        ...item.product,
        ...(repriced && { price: source.price, priceDurations: source.priceDurations }),
        ...(renamed && { names, defaultLanguage: source.defaultLanguage }),
      },
    };
  });
  return changed ? updated : items;
}

/** The cart once its price changes were seen: the lines forget their earlier prices. */
export function acknowledgePrices(items: readonly CartItem[]): readonly CartItem[] {
  if (!items.some((item) => item.priceWas !== undefined)) return items;
  return items.map(({ priceWas: _seen, ...item }) => item);
}

/**
 * The lines that cannot be checked out as they are: a package no longer sold (not among the active `products`),
 * or a duration it no longer offers. `products` is the storefront's whole active catalogue.
 */
export function unavailableLines(items: readonly CartItem[], products: readonly PriceSource[]): CartItem[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.filter((item) => {
    const source = byId.get(item.product.id);
    if (!source) return true;
    return (
      !source.priceDurations.some((entry) => entry.duration === item.selectedDuration && entry.active) &&
      source.duration !== item.selectedDuration
    );
  });
}

export function clearCart(): CartItem[] {
  return [];
}

/** Number of units in the cart (the header badge). */
export function itemCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Sum of selected price times quantity, rounded to whole dinars; no fees or discounts. */
export function cartTotal(items: readonly CartItem[]): number {
  return Math.round(items.reduce((sum, item) => sum + item.selectedPrice * item.quantity, 0));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toNumber(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** Checks one stored line; returns null when it cannot be trusted. */
function restoreItem(value: unknown): CartItem | null {
  if (!isRecord(value) || !isRecord(value.product)) return null;
  const product = value.product;
  // Ids are text; a number is taken as its text (carts saved by older versions of the store).
  const id = typeof product.id === 'number' && Number.isFinite(product.id) ? String(product.id) : product.id;
  if (typeof id !== 'string' || id === '') return null;
  if (typeof product.name !== 'string') return null;
  const quantity = toNumber(value.quantity);
  const selectedPrice = toNumber(value.selectedPrice);
  if (quantity === null || quantity < 1 || selectedPrice === null || selectedPrice < 0) return null;
  if (typeof value.selectedDuration !== 'string') return null;
  const price = toNumber(product.price) ?? selectedPrice;
  const duration = typeof product.duration === 'string' ? product.duration : value.selectedDuration;
  const line = {
    product: { ...product, id, name: product.name, price, duration },
    quantity: Math.floor(quantity),
    selectedDuration: value.selectedDuration,
    selectedPrice,
    ...(typeof value.priceWas === 'number' && value.priceWas >= 0 && { priceWas: value.priceWas }),
  };
  if (value.renewal === undefined) return line;
  // A renewal that cannot be read is dropped, never kept as a plain purchase.
  const renewal = restoreRenewal(value.renewal);
  return renewal ? { ...line, quantity: 1, renewal } : null;
}

function restoreRenewal(value: unknown): Renewal | null {
  if (!isRecord(value)) return null;
  const { subscriptionId, orderNumber, orderToken, upgrade } = value;
  if (typeof subscriptionId !== 'string' || subscriptionId === '' || typeof orderToken !== 'string') return null;
  if (typeof orderNumber !== 'number' || !Number.isInteger(orderNumber)) return null;
  return { subscriptionId, orderNumber, orderToken, ...(upgrade === true && { upgrade }) };
}

/**
 * Restores a cart saved with `serializeCart`. Unparsable data gives an empty cart; lines that are
 * malformed are dropped and the rest kept. Never throws.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
  if (raw == null || raw === '') return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const items: CartItem[] = [];
  for (const entry of data) {
    const item = restoreItem(entry);
    if (!item) continue;
    // Two stored lines for the same product and duration are merged; a renewal is kept once.
    const existing = items.findIndex((other) => lineKey(other) === lineKey(item));
    if (existing === -1) items.push(item);
    else if (!item.renewal)
      items[existing] = { ...items[existing]!, quantity: items[existing]!.quantity + item.quantity };
  }
  return items;
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify(items);
}
