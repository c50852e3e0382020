import { describe, expect, it } from 'vitest';
import { englishOf } from '../../platform/error-text';
import {
  DURATIONS,
  bulkProductsSchema,
  categoryCreateSchema,
  categoryListQuerySchema,
  categoryUpdateSchema,
  defaultPrice,
  productCreateSchema,
  productUpdateSchema,
} from '.';
import { ORDER_TOTAL_MAX } from '../ordering/constants';

// The field rules (docs/product.md#validation), as the server and the admin form both apply them.

const base = { name: 'Sport Max', category_id: 'sport', price_durations: [{ duration: '1 month', price: 2000 }] };

function errorsOf(
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), englishOf(i.message)]));
}

describe('product fields', () => {
  it('requires a name', () => {
    expect(errorsOf(productCreateSchema, { ...base, name: '   ' })).toEqual({ name: 'Product name is required' });
    expect(errorsOf(productCreateSchema, { ...base, name: undefined })).toEqual({ name: 'Product name is required' });
  });

  it.each(['8K', 'UHD', 'hd'])('refuses the quality %s', (quality) => {
    expect(errorsOf(productCreateSchema, { ...base, quality })).toEqual({
      quality: 'Quality must be one of SD, HD, Full HD, 4K',
    });
  });

  it('accepts the four qualities', () => {
    for (const quality of ['SD', 'HD', 'Full HD', '4K'])
      expect(productCreateSchema.parse({ ...base, quality }).quality).toBe(quality);
  });

  it.each(['-1', '2.5', 'many', -3])('refuses channels %s', (channels) => {
    expect(errorsOf(productCreateSchema, { ...base, channels })).toEqual({
      channels: 'Channels must be a whole number of at least 0',
    });
  });

  it.each(['0', '11', '1.5', 'x'])('refuses devices %s', (devices) => {
    expect(errorsOf(productCreateSchema, { ...base, devices })).toEqual({
      devices: 'Devices must be a whole number from 1 to 10',
    });
  });

  it('takes numbers as digits or numbers, and a blank field as not sent', () => {
    expect(productCreateSchema.parse({ ...base, channels: ' 0 ', devices: 10 })).toMatchObject({
      channels: 0,
      devices: 10,
    });
    // Typed on an Arabic keyboard.
    expect(productCreateSchema.parse({ ...base, channels: '١٢٠٠', devices: '۳' })).toMatchObject({
      channels: 1200,
      devices: 3,
    });
    expect(productCreateSchema.parse({ ...base, channels: '', devices: '', quality: '' })).toMatchObject({
      channels: 0,
      devices: 1,
      quality: 'HD',
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
    [true, true],
  ])('reads the boolean %s', (value, expected) => {
    const parsed = productCreateSchema.parse({ ...base, popular: value, vod: value, active: value });
    expect([parsed.popular, parsed.vod, parsed.active]).toEqual([expected, expected, expected]);
  });

  it('refuses other booleans', () => {
    expect(errorsOf(productCreateSchema, { ...base, active: 'yes please' })).toEqual({
      active: 'active must be true or false (or 1 / 0)',
    });
  });

  it('drops blank features and trims the others; takes JSON text or a list', () => {
    expect(productCreateSchema.parse({ ...base, features: '[" HD ", "", "   ", "VOD"]' }).features).toEqual([
      'HD',
      'VOD',
    ]);
    expect(productCreateSchema.parse({ ...base, features: ['a', ' '] }).features).toEqual(['a']);
    expect(errorsOf(productCreateSchema, { ...base, features: '{oops' })).toEqual({
      features: 'Features must be a list of texts',
    });
    expect(errorsOf(productCreateSchema, { ...base, features: [1] })).toEqual({
      'features.0': 'Features must be a list of texts',
    });
  });

  it('drops duration rows without a duration, sorts the rest in the fixed order, defaults active', () => {
    const rows = DURATIONS.map((duration, i) => ({
      duration,
      price: String(i * 100),
      active: i % 2 ? '0' : 'true',
    })).reverse();
    const parsed = productCreateSchema.parse({
      ...base,
      price_durations: JSON.stringify([...rows, { duration: '', price: 'junk' }, { price: 5 }]),
    });
    expect(parsed.price_durations.map((r) => r.duration)).toEqual([...DURATIONS]);
    expect(parsed.price_durations[1]).toEqual({ duration: '1 month', price: 100, active: false });
    expect(productCreateSchema.parse(base).price_durations).toEqual([
      { duration: '1 month', price: 2000, active: true },
    ]);
  });

  it('allows a duration once', () => {
    const twice = [
      { duration: '1 month', price: 1 },
      { duration: '1 month', price: 2 },
    ];
    expect(errorsOf(productCreateSchema, { ...base, price_durations: twice })).toEqual({
      price_durations: 'The duration "1 month" appears more than once',
    });
  });

  it('wants whole prices of at least 0 and known durations', () => {
    for (const price of [-1, '9.99', 'free', '']) {
      expect(errorsOf(productCreateSchema, { ...base, price_durations: [{ duration: '1 month', price }] })).toEqual({
        'price_durations.0.price': 'Prices must be whole numbers of at least 0',
      });
    }
    expect(errorsOf(productCreateSchema, { ...base, price_durations: [{ duration: '2 weeks', price: 1 }] })).toEqual({
      'price_durations.0.duration': `Duration must be one of ${DURATIONS.join(', ')}`,
    });
  });

  it('caps a price at the most one order may cost', () => {
    expect(
      productCreateSchema.parse({ ...base, price_durations: [{ duration: '1 month', price: ORDER_TOTAL_MAX }] })
        .price_durations[0]?.price,
    ).toBe(ORDER_TOTAL_MAX);
    expect(
      errorsOf(productCreateSchema, {
        ...base,
        price_durations: [{ duration: '1 month', price: ORDER_TOTAL_MAX + 1 }],
      }),
    ).toEqual({
      'price_durations.0.price': 'A price must be at most 10,000,000 Da, the most one order may cost',
    });
  });

  it('refuses control characters and broken text in every text field, naming it', () => {
    expect(
      errorsOf(productCreateSchema, {
        ...base,
        name: 'Sport\u0000',
        description: 'a\ud800',
        category_id: 'x\u0007',
        features: ['ok', '4K\u001b'],
      }),
    ).toEqual({
      name: 'Product name must not contain control characters',
      description: 'Description contains a broken character (not valid Unicode)',
      category_id: 'Category must not contain control characters',
      'features.1': 'Feature must not contain control characters',
    });
    expect(productCreateSchema.parse({ ...base, description: 'one\r\ntwo\tthree' }).description).toBe(
      'one\r\ntwo\tthree',
    );
  });

  it('wants at least one duration on a new product', () => {
    for (const price_durations of [undefined, '[]', [{ duration: ' ', price: 3 }]]) {
      expect(errorsOf(productCreateSchema, { ...base, price_durations })).toEqual({
        price_durations: 'Add at least one duration with its price',
      });
    }
    expect(errorsOf(productCreateSchema, { ...base, price_durations: 'not json' })).toEqual({
      price_durations: 'Price durations must be a list of {duration, price, active}',
    });
  });

  it('keeps on an edit only the fields sent, with the same rules', () => {
    expect(productUpdateSchema.parse({})).toEqual({});
    expect(productUpdateSchema.parse({ active: '0', channels: '' })).toEqual({ active: false });
    expect(errorsOf(productUpdateSchema, { name: '' })).toEqual({ name: 'Product name is required' });
    expect(errorsOf(productUpdateSchema, { devices: '12' })).toEqual({
      devices: 'Devices must be a whole number from 1 to 10',
    });
  });

  it('prices an added duration from the base price with the default multipliers, rounded', () => {
    expect(DURATIONS.map((d) => defaultPrice(d, 1001))).toEqual([0, 1001, 2703, 5005, 9009, 11011, 20020]);
  });
});

describe('category fields', () => {
  it('requires a name, by itself or in some language', () => {
    expect(categoryCreateSchema.parse({ name: ' Sport ' })).toEqual({ name: 'Sport', translations: {} });
    expect(categoryCreateSchema.parse({ translations: '{"ar":{"name":"رياضة"}}' })).toEqual({
      translations: { ar: { name: 'رياضة', description: '' } },
    });
    expect(errorsOf(categoryCreateSchema, { translations: { ar: null, en: { name: '' } } })).toEqual({
      name: 'Category name is required',
    });
    expect(errorsOf(categoryCreateSchema, { name: '' })).toEqual({ name: 'Category name is required' });
    expect(errorsOf(categoryCreateSchema, {})).toEqual({ name: 'Category name is required' });
    expect(categoryUpdateSchema.parse({ description: 'x' })).toEqual({ description: 'x' });
    expect(errorsOf(categoryUpdateSchema, { name: ' ' })).toEqual({ name: 'Category name is required' });
  });
});

describe('bulk actions and list queries', () => {
  it('wants ids, a known action, and a category to move to', () => {
    expect(bulkProductsSchema.parse({ action: 'delete', ids: ['a', 'b', 'a'] })).toEqual({
      action: 'delete',
      ids: ['a', 'b'],
    });
    expect(errorsOf(bulkProductsSchema, { action: 'delete', ids: [] })).toEqual({ ids: 'Select at least one product' });
    expect(errorsOf(bulkProductsSchema, { action: 'archive', ids: ['a'] })).toEqual({
      action: 'Action must be delete or changeCategory',
    });
    expect(errorsOf(bulkProductsSchema, { action: 'changeCategory', ids: ['a'] })).toEqual({
      categoryId: 'Choose the category to move the products to',
    });
  });

  it('reads page, limit and search from the query string', () => {
    expect(categoryListQuerySchema.parse({ page: '2', limit: '10', search: ' spo ' })).toEqual({
      page: 2,
      limit: 10,
      search: 'spo',
    });
    expect(categoryListQuerySchema.parse({})).toEqual({});
    expect(errorsOf(categoryListQuerySchema, { page: '0', limit: '500' })).toEqual({
      page: 'Page must be a whole number of at least 1',
      limit: 'Limit must be a whole number from 1 to 100',
    });
  });
});
