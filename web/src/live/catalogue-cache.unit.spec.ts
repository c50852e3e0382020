import { QueryClient } from '@tanstack/react-query';
import type { CategoryView, ProductView } from '@shared/catalogue/types';
import { describe, expect, it, vi } from 'vitest';
import { categoryQuery } from '../api/categories';
import { productQuery, productsQuery } from '../api/products';
import { applyCategoriesUpdate, applyProductsUpdate } from './catalogue-cache';

const product = (id: number, category: string, price: number, extra: Partial<ProductView> = {}): ProductView => ({
  id: `p${id}`,
  name: `Package ${id}`,
  description: '',
  language: 'fr',
  defaultLanguage: 'fr',
  translations: { fr: { name: `Package ${id}`, description: '', features: [] } },
  image_file: null,
  featuredImage: null,
  thumbnailImage: null,
  category_id: category === 'sports' ? 'c1' : 'c2',
  category,
  category_slug: category,
  category_name: category,
  category_names: { fr: category },
  channels: 100,
  quality: 'HD',
  devices: 1,
  popular: false,
  vod: false,
  active: true,
  features: [],
  priceDurations: [
    { duration: '1 month', price, active: true },
    { duration: '3 months', price: price * 2.7, active: true },
  ],
  price,
  duration: '1 month',
  version: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...extra,
});

const category = (name: string, productsCount: number, id = 'c1', slug = 'sports'): CategoryView => ({
  id,
  name,
  slug,
  description: '',
  language: 'fr',
  defaultLanguage: 'fr',
  translations: { fr: { name, description: '' } },
  image_file: null,
  featuredImage: null,
  thumbnailImage: null,
  productsCount,
  version: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

function clientWith(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(productsQuery().queryKey, [product(1, 'sports', 2000)]);
  client.setQueryData(productsQuery('sports').queryKey, [product(1, 'sports', 2000)]);
  client.setQueryData(productsQuery('c2').queryKey, []);
  client.setQueryData(productQuery('p1').queryKey, {
    ...product(1, 'sports', 2000),
    similarProducts: [product(3, 'sports', 3000), product(4, 'sports', 1000)],
  });
  return client;
}

describe('applyProductsUpdate', () => {
  it('updates lists, category lists, open product pages and the cart', () => {
    const client = clientWith();
    const cart = { reprice: vi.fn() };
    const update = {
      products: [
        product(1, 'sports', 2500),
        product(2, 'movies', 1500),
        product(3, 'sports', 3100),
        product(9, 'movies', 1, { active: false }),
      ],
    };
    applyProductsUpdate(client, update, cart);

    expect(client.getQueryData(productsQuery().queryKey)!.map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
    expect(client.getQueryData(productsQuery('sports').queryKey)!.map((p) => [p.id, p.price])).toEqual([
      ['p1', 2500],
      ['p3', 3100],
    ]);
    // A category asked for by id.
    expect(client.getQueryData(productsQuery('c2').queryKey)!.map((p) => p.id)).toEqual(['p2']);

    const detail = client.getQueryData(productQuery('p1').queryKey)!;
    expect(detail.price).toBe(2500);
    expect(detail.priceDurations.map((d) => d.price)).toEqual([2500, 6750]);
    // Similar packages follow too; one that left the catalogue is dropped.
    expect(detail.similarProducts.map((p) => [p.id, p.price])).toEqual([['p3', 3100]]);
    expect(cart.reprice).toHaveBeenCalledOnce();
  });

  it('asks the server again for an open product that left the catalogue', async () => {
    const client = clientWith();
    const spy = vi.spyOn(client, 'invalidateQueries');
    applyProductsUpdate(client, { products: [product(2, 'movies', 1500)] });
    expect(spy).toHaveBeenCalledWith({ queryKey: productQuery('p1').queryKey, exact: true });
  });

  it('ignores a message that is not a product list', () => {
    const client = clientWith();
    applyProductsUpdate(client, { nope: true });
    applyProductsUpdate(client, [product(2, 'movies', 1500)]);
    applyProductsUpdate(client, 'garbage');
    expect(client.getQueryData(productsQuery().queryKey)).toHaveLength(1);
  });
});

describe('applyProductsUpdate with a delta (after a write)', () => {
  const ids = (list: ProductView[] | undefined) => list?.map((p) => p.id);

  it('puts a changed product in its place in every list, its page and the cart, and leaves the rest as they were', () => {
    const client = clientWith();
    client.setQueryData(productsQuery().queryKey, [product(1, 'sports', 2000), product(3, 'sports', 3000)]);
    const untouched = client.getQueryData(productsQuery().queryKey)![1];
    const cart = { reprice: vi.fn() };
    const cheaper = product(1, 'sports', 1800);

    applyProductsUpdate(client, { changed: [cheaper], removed: [] }, cart);

    const all = client.getQueryData(productsQuery().queryKey)!;
    expect(all.map((p) => [p.id, p.price])).toEqual([
      ['p1', 1800],
      ['p3', 3000],
    ]);
    expect(all[1]).toBe(untouched);
    expect(client.getQueryData(productsQuery('sports').queryKey)!.map((p) => p.price)).toEqual([1800]);
    expect(client.getQueryData(productsQuery('c2').queryKey)).toEqual([]);
    const detail = client.getQueryData(productQuery('p1').queryKey)!;
    expect(detail.price).toBe(1800);
    expect(detail.similarProducts.map((p) => p.id)).toEqual(['p3', 'p4']);
    expect(cart.reprice).toHaveBeenCalledWith([cheaper]);
  });

  it('inserts a new product where the server lists it (oldest first), in its category only', () => {
    const client = clientWith();
    const older = product(5, 'movies', 700, { created_at: '2024-06-01T00:00:00.000Z' });
    const newer = product(6, 'movies', 900, { created_at: '2025-02-01T00:00:00.000Z' });
    applyProductsUpdate(client, { changed: [newer, older], removed: [] });
    expect(ids(client.getQueryData(productsQuery().queryKey))).toEqual(['p5', 'p1', 'p6']);
    expect(ids(client.getQueryData(productsQuery('c2').queryKey))).toEqual(['p5', 'p6']);
    expect(ids(client.getQueryData(productsQuery('sports').queryKey))).toEqual(['p1']);
  });

  it('moves a product that changed category from one category list to the other', () => {
    const client = clientWith();
    applyProductsUpdate(client, { changed: [product(1, 'movies', 2000)], removed: [] });
    expect(ids(client.getQueryData(productsQuery('sports').queryKey))).toEqual([]);
    expect(ids(client.getQueryData(productsQuery('c2').queryKey))).toEqual(['p1']);
  });

  it('keeps the products of a renamed category on its page, still open at the old slug', () => {
    const client = clientWith();
    client.setQueryData(categoryQuery('sports').queryKey, category('Sports', 1));
    applyProductsUpdate(client, { changed: [product(1, 'football', 2000, { category_id: 'c1' })], removed: [] });
    expect(client.getQueryData(productsQuery('sports').queryKey)!.map((p) => p.category_slug)).toEqual(['football']);
    applyProductsUpdate(client, { products: [product(1, 'football', 2100, { category_id: 'c1' })] });
    expect(client.getQueryData(productsQuery('sports').queryKey)!.map((p) => p.price)).toEqual([2100]);
  });

  it('takes a removed product out of the lists and similar products, and asks again for its open page', () => {
    const client = clientWith();
    client.setQueryData(productQuery('p3').queryKey, { ...product(3, 'sports', 3000), similarProducts: [] });
    const spy = vi.spyOn(client, 'invalidateQueries');
    const cart = { reprice: vi.fn() };

    applyProductsUpdate(client, { changed: [], removed: ['p1', 'p4'] }, cart);

    expect(client.getQueryData(productsQuery().queryKey)).toEqual([]);
    expect(client.getQueryData(productsQuery('sports').queryKey)).toEqual([]);
    expect(spy).toHaveBeenCalledWith({ queryKey: productQuery('p1').queryKey, exact: true });
    expect(spy).toHaveBeenCalledTimes(1);
    // Nothing to re-price: the cart keeps a product that left, and the checkout says why.
    expect(cart.reprice).not.toHaveBeenCalled();
  });

  it('treats a changed product that is not active as one that left', () => {
    const client = clientWith();
    const spy = vi.spyOn(client, 'invalidateQueries');
    applyProductsUpdate(client, { changed: [product(1, 'sports', 2000, { active: false })], removed: [] });
    expect(client.getQueryData(productsQuery().queryKey)).toEqual([]);
    expect(spy).toHaveBeenCalledWith({ queryKey: productQuery('p1').queryKey, exact: true });
  });

  it('ignores a delta for lists it does not hold yet: requestInitialData or their fetch brings them', () => {
    const client = new QueryClient();
    applyProductsUpdate(client, { changed: [product(1, 'sports', 2000)], removed: ['p2'] });
    expect(client.getQueryData(productsQuery().queryKey)).toBeUndefined();
    expect(client.getQueryData(productsQuery('sports').queryKey)).toBeUndefined();
    expect(client.getQueryData(productQuery('p1').queryKey)).toBeUndefined();
  });

  it('lets a whole list that comes after replace what deltas patched', () => {
    const client = clientWith();
    applyProductsUpdate(client, { changed: [product(2, 'movies', 1500)], removed: [] });
    applyProductsUpdate(client, { products: [product(3, 'sports', 3000)] });
    expect(ids(client.getQueryData(productsQuery().queryKey))).toEqual(['p3']);
    expect(ids(client.getQueryData(productsQuery('c2').queryKey))).toEqual([]);
  });

  it('ignores a delta that is not one', () => {
    const client = clientWith();
    const before = client.getQueryData(productsQuery().queryKey);
    applyProductsUpdate(client, { changed: [product(2, 'movies', 1500)] });
    applyProductsUpdate(client, { changed: 'p2', removed: [] });
    expect(client.getQueryData(productsQuery().queryKey)).toBe(before);
  });
});

describe('applyCategoriesUpdate', () => {
  it('replaces the category list and open category pages', () => {
    const client = new QueryClient();
    client.setQueryData(categoryQuery('sports').queryKey, category('Sports', 2));
    applyCategoriesUpdate(client, { categories: [category('Sport', 3)] });
    expect(client.getQueryData(['categories'])).toEqual([category('Sport', 3)]);
    expect(client.getQueryData(categoryQuery('sports').queryKey)?.name).toBe('Sport');
  });

  it('asks the server again for an open category that was deleted, and ignores other messages', () => {
    const client = new QueryClient();
    client.setQueryData(categoryQuery('sports').queryKey, category('Sports', 2));
    const spy = vi.spyOn(client, 'invalidateQueries');
    applyCategoriesUpdate(client, 'garbage');
    expect(spy).not.toHaveBeenCalled();
    applyCategoriesUpdate(client, { categories: [] });
    expect(spy).toHaveBeenCalledWith({ queryKey: categoryQuery('sports').queryKey, exact: true });
  });

  it('patches the list and open pages with a delta: a renamed one follows by id, a deleted one is asked again', () => {
    const client = new QueryClient();
    const movies = category('Movies', 4, 'c2', 'movies');
    client.setQueryData(['categories'], [category('Sports', 2), movies]);
    client.setQueryData(categoryQuery('sports').queryKey, category('Sports', 2));
    client.setQueryData(categoryQuery('movies').queryKey, movies);
    const spy = vi.spyOn(client, 'invalidateQueries');

    const renamed = category('Football', 2, 'c1', 'football');
    const added = { ...category('Kids', 0, 'c3', 'kids'), created_at: '2026-01-01T00:00:00.000Z' };
    applyCategoriesUpdate(client, { changed: [renamed, added], removed: ['c2'] });

    expect(client.getQueryData(['categories'])).toEqual([renamed, added]);
    expect(client.getQueryData(categoryQuery('sports').queryKey)).toEqual(renamed);
    expect(spy).toHaveBeenCalledWith({ queryKey: categoryQuery('movies').queryKey, exact: true });
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('ignores a category delta when it holds no list yet', () => {
    const client = new QueryClient();
    applyCategoriesUpdate(client, { changed: [category('Sport', 3)], removed: [] });
    expect(client.getQueryData(['categories'])).toBeUndefined();
  });
});
