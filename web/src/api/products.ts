import { queryOptions } from '@tanstack/react-query';
import type { CartProduct } from '../cart/cart';
import { getJson } from './http';

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

type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const priceDurations = list(raw.priceDurations ?? raw.price_durations)
    .filter(isRecord)
    .map((entry) => ({ duration: str(entry.duration), price: num(entry.price), active: bool(entry.active, true) }))
    .filter((entry) => entry.duration !== '');
  const first = priceDurations[0];
  return {
    id,
    name: raw.name,
    description: str(raw.description),
    featuredImage: str(raw.featuredImage ?? raw.image_file) || null,
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

export const productsQuery = (category?: string) =>
  queryOptions({
    queryKey: ['products', { category: category ?? null }],
    queryFn: async ({ signal }) => {
      const query = category ? `?category=${encodeURIComponent(category)}` : '';
      return normalizeProductList(await getJson(`/products${query}`, { signal }));
    },
  });
