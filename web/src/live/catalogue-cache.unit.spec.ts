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
  image_file: null,
  featuredImage: null,
  thumbnailImage: null,
  category_id: category === 'sports' ? 'c1' : 'c2',
  category,
  category_slug: category,
  category_name: category,
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

describe('applyCategoriesUpdate', () => {
  const category = (name: string, productsCount: number): CategoryView => ({
    id: 'c1',
    name,
    slug: 'sports',
    description: '',
    image_file: null,
    featuredImage: null,
    thumbnailImage: null,
    productsCount,
    version: 1,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  });

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
});
