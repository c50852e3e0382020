import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { categoryQuery, type Category } from '../api/categories';
import { normalizeProduct, productQuery, productsQuery, type Product, type ProductDetail } from '../api/products';
import { applyCategoriesUpdate, applyProductsUpdate } from './catalogue-cache';

const raw = (id: number, category: string, price: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Package ${id}`,
  category_id: category === 'sports' ? 1 : 2,
  category: category,
  category_slug: category,
  category_name: category,
  priceDurations: [
    { duration: '1 month', price, active: 1 },
    { duration: '3 months', price: price * 2.7, active: 1 },
  ],
  active: 1,
  ...extra,
});

const product = (value: unknown) => normalizeProduct(value) as Product;

function clientWith(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(productsQuery().queryKey, [product(raw(1, 'sports', 2000))]);
  client.setQueryData(productsQuery('sports').queryKey, [product(raw(1, 'sports', 2000))]);
  client.setQueryData(productsQuery('2').queryKey, []);
  client.setQueryData<ProductDetail>(productQuery('1').queryKey, {
    ...product(raw(1, 'sports', 2000)),
    similarProducts: [product(raw(3, 'sports', 3000)), product(raw(4, 'sports', 1000))],
  });
  return client;
}

describe('applyProductsUpdate', () => {
  it('updates lists, category lists, open product pages and the cart', () => {
    const client = clientWith();
    const cart = { reprice: vi.fn() };
    const update = { products: [raw(1, 'sports', 2500), raw(2, 'movies', 1500), raw(3, 'sports', 3100), raw(9, 'movies', 1, { active: 0 })] };
    applyProductsUpdate(client, update, cart);

    expect(client.getQueryData(productsQuery().queryKey)!.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(client.getQueryData(productsQuery('sports').queryKey)!.map((p) => [p.id, p.price])).toEqual([
      [1, 2500],
      [3, 3100],
    ]);
    // A category asked for by id.
    expect(client.getQueryData(productsQuery('2').queryKey)!.map((p) => p.id)).toEqual([2]);

    const detail = client.getQueryData(productQuery('1').queryKey)!;
    expect(detail.price).toBe(2500);
    expect(detail.priceDurations.map((d) => d.price)).toEqual([2500, 6750]);
    // Similar packages follow too; one that left the catalogue is dropped.
    expect(detail.similarProducts.map((p) => [p.id, p.price])).toEqual([[3, 3100]]);
    expect(cart.reprice).toHaveBeenCalledOnce();
  });

  it('asks the server again for an open product that left the catalogue', async () => {
    const client = clientWith();
    const spy = vi.spyOn(client, 'invalidateQueries');
    applyProductsUpdate(client, [raw(2, 'movies', 1500)]);
    expect(spy).toHaveBeenCalledWith({ queryKey: productQuery('1').queryKey, exact: true });
  });

  it('ignores a message that is not a product list', () => {
    const client = clientWith();
    applyProductsUpdate(client, { nope: true });
    applyProductsUpdate(client, 'garbage');
    expect(client.getQueryData(productsQuery().queryKey)).toHaveLength(1);
  });
});

describe('applyCategoriesUpdate', () => {
  it('replaces the category list and open category pages', () => {
    const client = new QueryClient();
    const sports: Category = { id: 1, name: 'Sports', slug: 'sports', description: '', featuredImage: null, thumbnailImage: null, productsCount: 2 };
    client.setQueryData(categoryQuery('sports').queryKey, sports);
    applyCategoriesUpdate(client, { categories: [{ id: 1, name: 'Sport', slug: 'sports', productsCount: '3' }] });
    expect(client.getQueryData(['categories'])).toEqual([
      { id: 1, name: 'Sport', slug: 'sports', description: '', featuredImage: null, thumbnailImage: null, productsCount: 3 },
    ]);
    expect(client.getQueryData(categoryQuery('sports').queryKey)?.name).toBe('Sport');
  });
});
