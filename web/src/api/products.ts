import { queryOptions } from '@tanstack/react-query';
import { firstPaidDuration, offeredDurations } from '@shared/catalogue/constants';
import type { PriceDuration, ProductDetailView, ProductView } from '@shared/catalogue/types';
import { namesOf, type CartProduct } from '../cart/cart';
import { getJson } from './http';

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
export function pickFeatured(products: readonly ProductView[], count: number): ProductView[] {
  const visible = products.filter((p) => p.active);
  return [...visible.filter((p) => p.popular), ...visible.filter((p) => !p.popular)].slice(0, count);
}

/** The durations a shopper can choose: the active ones, else the product's own price and duration. */
export const activeDurations: (product: Pick<ProductView, 'priceDurations' | 'price' | 'duration'>) => PriceDuration[] =
  offeredDurations;

/**
 * The price a card shows: the first active duration that costs something ("from 800 Da / 1 month"),
 * else the product's own price and duration. A free trial shows as a badge instead.
 */
export function cardPrice(product: Pick<ProductView, 'priceDurations' | 'price' | 'duration'>): {
  price: number;
  duration: string;
  hasFreeTrial: boolean;
} {
  const active = activeDurations(product);
  const paid = firstPaidDuration(active) ?? active[0];
  return {
    price: paid?.price ?? product.price,
    duration: paid?.duration ?? product.duration,
    hasFreeTrial: active.some((entry) => entry.price === 0),
  };
}

/** What the cart keeps of a product (saved in localStorage, so only what the cart and checkout show). */
export function toCartProduct(product: ProductView): CartProduct {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    duration: product.duration,
    featuredImage: product.thumbnailImage ?? product.featuredImage,
    imageRenditions: product.imageRenditions,
    category_name: product.category_name,
    quality: product.quality,
    priceDurations: product.priceDurations,
    names: namesOf(product),
    defaultLanguage: product.defaultLanguage,
  };
}

export const productsQuery = (category?: string) =>
  queryOptions({
    queryKey: ['products', { category: category ?? null }],
    queryFn: async ({ signal }) => {
      const query = category ? `?category=${encodeURIComponent(category)}` : '';
      return getJson<ProductView[]>(`/products${query}`, { signal });
    },
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: ({ signal }) => getJson<ProductDetailView>(`/products/show/${encodeURIComponent(id)}`, { signal }),
  });
