import { queryOptions } from '@tanstack/react-query';
import type { CartProduct } from '../cart/cart';
import { sortByDuration } from '../lib/catalogue';
import { getJson, isRecord } from './http';

export interface PriceDuration {
  duration: string;
  price: number;
  active: boolean;
}

/** A storefront product (SPEC §3), normalised: booleans are booleans, numbers are numbers. */
export interface Product extends CartProduct {
  id: number | string;
  name: string;
  description: string;
  featuredImage: string | null;
  /** A smaller rendition of the picture for cards, when the server makes one. */
  thumbnailImage: string | null;
  category_id: number | string | null;
  category_slug: string | null;
  category_name: string;
  channels: number;
  quality: string;
  devices: number;
  popular: boolean;
  vod: boolean;
  active: boolean;
  features: string[];
  priceDurations: PriceDuration[];
  price: number;
  duration: string;
}

/** A product page's product, with up to 4 similar packages. */
export interface ProductDetail extends Product {
  similarProducts: Product[];
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function bool(value: unknown, fallback = false): boolean {
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return fallback;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

/** Turns one product from the API into a `Product`, or null when it has no id or name. */
export function normalizeProduct(raw: unknown): Product | null {
  if (!isRecord(raw)) return null;
  const id = typeof raw.id === 'number' || (typeof raw.id === 'string' && raw.id !== '') ? raw.id : null;
  if (id === null || typeof raw.name !== 'string') return null;
  const priceDurations = sortByDuration(
    list(raw.priceDurations ?? raw.price_durations)
      .filter(isRecord)
      .map((entry) => ({ duration: str(entry.duration), price: num(entry.price), active: bool(entry.active, true) }))
      .filter((entry) => entry.duration !== ''),
  );
  const first = priceDurations[0];
  return {
    id,
    name: raw.name,
    description: str(raw.description),
    featuredImage: str(raw.featuredImage ?? raw.image_file) || null,
    thumbnailImage: str(raw.thumbnailImage) || null,
    category_id: typeof raw.category_id === 'number' || typeof raw.category_id === 'string' ? raw.category_id : null,
    category_slug: str(raw.category_slug ?? raw.category) || null,
    category_name: str(raw.category_name),
    channels: num(raw.channels),
    quality: str(raw.quality),
    devices: num(raw.devices, 1),
    popular: bool(raw.popular),
    vod: bool(raw.vod),
    active: bool(raw.active, true),
    features: list(raw.features).filter((f): f is string => typeof f === 'string' && f.trim() !== ''),
    priceDurations,
    price: raw.price !== undefined && raw.price !== null ? num(raw.price) : (first?.price ?? 0),
    duration: str(raw.duration) || (first?.duration ?? ''),
  };
}

/** Accepts a plain list or a list under `data` / `products`. */
export function normalizeProductList(body: unknown): Product[] {
  const items = Array.isArray(body)
    ? body
    : isRecord(body)
      ? Array.isArray(body.data)
        ? body.data
        : Array.isArray(body.products)
          ? body.products
          : null
      : null;
  if (!items) throw new Error('Unexpected products response');
  return items.map(normalizeProduct).filter((p): p is Product => p !== null);
}

/**
 * A product image's address. Relative paths are served by the backend on the same origin
 * (`/media/...`); absolute URLs are used as they are.
 */
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('data:') || path.startsWith('blob:')) return path;
  return path.startsWith('/') ? path : `/${path}`;
}

/** Up to `count` products for the home page: popular ones first, then the others in order. */
export function pickFeatured(products: readonly Product[], count = 3): Product[] {
  const visible = products.filter((p) => p.active);
  return [...visible.filter((p) => p.popular), ...visible.filter((p) => !p.popular)].slice(0, count);
}

/** A product with its similar packages (SPEC §7 `GET /products/show/{id}`), or null when unusable. */
export function normalizeProductDetail(body: unknown): ProductDetail | null {
  const raw = isRecord(body) && isRecord(body.product) && body.id === undefined ? body.product : body;
  const product = normalizeProduct(raw);
  if (!product || !isRecord(raw)) return null;
  const similar = list(raw.similarProducts ?? raw.similar_products)
    .map(normalizeProduct)
    .filter((p): p is Product => p !== null && p.active && String(p.id) !== String(product.id));
  return { ...product, similarProducts: similar };
}

/** The durations a shopper can choose: the active ones, else the product's own price and duration. */
export function activeDurations(product: Pick<Product, 'priceDurations' | 'price' | 'duration'>): PriceDuration[] {
  const active = product.priceDurations.filter((entry) => entry.active);
  if (active.length > 0) return active;
  return product.duration ? [{ duration: product.duration, price: product.price, active: true }] : [];
}

/**
 * The price a card shows: the first active duration that costs something ("from 800 Da / 1 month"),
 * else the product's own price and duration. A free trial shows as a badge instead.
 */
export function cardPrice(product: Pick<Product, 'priceDurations' | 'price' | 'duration'>): { price: number; duration: string; hasFreeTrial: boolean } {
  const active = activeDurations(product);
  const paid = active.find((entry) => entry.price > 0) ?? active[0];
  return {
    price: paid?.price ?? product.price,
    duration: paid?.duration ?? product.duration,
    hasFreeTrial: active.some((entry) => entry.price === 0),
  };
}

/** What the cart keeps of a product (saved in localStorage, so only what the cart and checkout show). */
export function toCartProduct(product: Product): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    duration: product.duration,
    featuredImage: product.thumbnailImage ?? product.featuredImage,
    category_name: product.category_name,
    quality: product.quality,
    priceDurations: product.priceDurations,
  };
}

export const productsQuery = (category?: string) =>
  queryOptions({
    queryKey: ['products', { category: category ?? null }],
    queryFn: async ({ signal }) => {
      const query = category ? `?category=${encodeURIComponent(category)}` : '';
      return normalizeProductList(await getJson(`/products${query}`, { signal }));
    },
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: async ({ signal }) => {
      const product = normalizeProductDetail(await getJson(`/products/show/${encodeURIComponent(id)}`, { signal }));
      if (!product) throw new Error('Unexpected product response');
      return product;
    },
  });
