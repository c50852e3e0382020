import { describe, expect, it } from 'vitest';
import { productCreateSchema, productUpdateSchema } from '../../shared/catalogue';
import type { ProductEvent } from './events';
import { decideProduct, evolveProduct, initialProductState, resolveCategory, type CategoryRef, type ProductCommand, type ProductState } from './product-decider';

// Commands are built from the fields as a multipart form sends them, through the shared schemas,
// so these specifications cover the whole path of a request's fields to events.

const now = '2026-11-21T10:00:00.000Z';
const categories: CategoryRef[] = [
  { id: 'c-sport', slug: 'sport', name: 'Sport' },
  { id: 'c-cinema', slug: 'cinema-series', name: 'Cinéma & Séries' },
];
const form = {
  name: ' Sport Max ',
  description: 'All the leagues',
  category_id: 'c-sport',
  channels: '300',
  quality: 'Full HD',
  devices: '2',
  popular: 'true',
  vod: '0',
  active: '1',
  features: '["Multi-screen", "  ", "", "Replay"]',
  price_durations: '[{"duration":"3 months","price":"5400"},{"duration":"1 month","price":2000},{"duration":"","price":""}]',
};
const create = (fields: Record<string, unknown> = form): ProductCommand => ({
  type: 'CreateProduct',
  data: { productId: 'p1', fields: productCreateSchema.parse(fields), image: null, categories, now },
});
const update = (fields: Record<string, unknown>, image?: { featured: string; thumbnail: string }): ProductCommand => ({
  type: 'UpdateProduct',
  data: { productId: 'p1', changes: productUpdateSchema.parse(fields), image, categories, now },
});
const given = (...events: ProductEvent[]): ProductState => events.reduce(evolveProduct, initialProductState);
const existing = () => given(...decideProduct(create(), initialProductState));

describe('product decider', () => {
  it('creates a product from multipart text: numbers, 1/0 and true/false, JSON lists, sorted durations', () => {
    expect(decideProduct(create(), initialProductState)).toEqual([
      {
        type: 'ProductCreated',
        data: {
          productId: 'p1',
          name: 'Sport Max',
          description: 'All the leagues',
          channels: 300,
          quality: 'Full HD',
          devices: 2,
          popular: true,
          vod: false,
          features: ['Multi-screen', 'Replay'],
          categoryId: 'c-sport',
          active: true,
          priceDurations: [
            { duration: '1 month', price: 2000, active: true },
            { duration: '3 months', price: 5400, active: true },
          ],
          image: null,
          at: now,
        },
      },
    ]);
  });

  it('gives the optional fields their defaults', () => {
    const [event] = decideProduct(create({ name: 'Basic', category_id: 'sport', price_durations: [{ duration: 'free trial', price: 0 }] }), initialProductState);
    expect(event!.data).toMatchObject({ description: '', channels: 0, quality: 'HD', devices: 1, popular: false, vod: false, active: true, features: [] });
  });

  it('resolves the category by id, then slug, then name', () => {
    expect(resolveCategory('c-cinema', categories)).toBe('c-cinema');
    expect(resolveCategory('SPORT', categories)).toBe('c-sport');
    expect(resolveCategory(' cinéma & séries ', categories)).toBe('c-cinema');
    expect(() => resolveCategory('news', categories)).toThrow('Category not found');
    expect(() => resolveCategory('  ', categories)).toThrow('Please choose a category');
    expect(() => resolveCategory('sport', [])).toThrow('No categories available');
    expect(() => decideProduct(create({ ...form, category_id: 'news' }), initialProductState)).toThrow('Category not found');
  });

  it('refuses to create the same product twice', () => {
    expect(() => decideProduct(create(), existing())).toThrow('This product already exists');
  });

  it('makes one event per aspect an edit really changes, none when nothing changed', () => {
    const image = { featured: '/media/x-full.webp', thumbnail: '/media/x-card.webp' };
    expect(decideProduct(update({ name: 'Sport Max', channels: '300' }), existing())).toEqual([]);
    const events = decideProduct(
      update({ channels: '320', category_id: 'cinema-series', price_durations: '[{"duration":"6 months","price":9000}]', active: 'false' }, image),
      existing(),
    );
    expect(events.map((e) => e.type)).toEqual(['ProductDetailsUpdated', 'ProductCategoryChanged', 'ProductPricesChanged', 'ProductImageChanged', 'ProductDeactivated']);
    expect(events[0]!.data).toMatchObject({ name: 'Sport Max', channels: 320, quality: 'Full HD' });
    const after = events.reduce(evolveProduct, existing());
    expect(after).toMatchObject({ channels: 320, categoryId: 'c-cinema', active: false, image, priceDurations: [{ duration: '6 months', price: 9000, active: true }] });
    expect(decideProduct(update({ active: 'true' }), after)).toEqual([{ type: 'ProductActivated', data: { productId: 'p1', at: now } }]);
  });

  it('moves a product to another category, and does nothing when it is there already', () => {
    const move = (category: string): ProductCommand => ({ type: 'ChangeProductCategory', data: { productId: 'p1', category, categories, now } });
    expect(decideProduct(move('cinema-series'), existing())).toEqual([{ type: 'ProductCategoryChanged', data: { productId: 'p1', categoryId: 'c-cinema', at: now } }]);
    expect(decideProduct(move('c-sport'), existing())).toEqual([]);
  });

  it('deletes a product once; edits of a missing or deleted product are 404', () => {
    const remove: ProductCommand = { type: 'DeleteProduct', data: { productId: 'p1', now } };
    const [deleted] = decideProduct(remove, existing());
    expect(deleted).toEqual({ type: 'ProductDeleted', data: { productId: 'p1', name: 'Sport Max', at: now } });
    for (const state of [initialProductState, given(...decideProduct(create(), initialProductState), deleted!)]) {
      expect(() => decideProduct(remove, state)).toThrow('Product not found');
      expect(() => decideProduct(update({ name: 'x' }), state)).toThrow('Product not found');
    }
  });
});
