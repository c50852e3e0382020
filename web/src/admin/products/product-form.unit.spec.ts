import type { ProductView } from '@shared/catalogue/types';
import { describe, expect, it } from 'vitest';
import { setPrice } from './price-durations';
import {
  checkProduct,
  featureRow,
  initialValues,
  productFormData,
  resolveCategoryId,
  serverFieldProblems,
} from './product-form';

// The product form's values, checks and multipart body (docs/product.md#validation).

const categories = [
  { id: 'c1', slug: 'sports', name: 'Sports' },
  { id: 'c2', slug: 'cinema', name: 'Cinéma' },
];

const product = (overrides: Partial<ProductView> = {}): ProductView => ({
  id: 'p1',
  name: 'Stade',
  description: 'Live',
  language: 'fr',
  defaultLanguage: 'fr',
  translations: {
    fr: { name: 'Stade', description: 'Live', features: ['HD', 'Replay'] },
    ar: { name: 'ملعب', description: '', features: [] },
  },
  image_file: null,
  featuredImage: null,
  thumbnailImage: null,
  category_id: 'c2',
  category: 'cinema',
  category_slug: 'cinema',
  category_name: 'Cinéma',
  category_names: { fr: 'Cinéma' },
  channels: 120,
  quality: '4K',
  devices: 5,
  popular: true,
  vod: false,
  active: false,
  features: ['HD', 'Replay'],
  priceDurations: [{ duration: '1 month', price: 2000, active: true }],
  price: 2000,
  duration: '1 month',
  version: 3,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

describe('the product form', () => {
  it('resolves the category by id, then slug or name, then the first one; none without categories', () => {
    expect(resolveCategoryId(product(), categories)).toBe('c2');
    expect(resolveCategoryId(product({ category_id: 'gone', category: 'cinema' }), categories)).toBe('c2');
    expect(
      resolveCategoryId(
        product({ category_id: 'gone', category: null, category_slug: null, category_name: ' cinéma ' }),
        categories,
      ),
    ).toBe('c2');
    expect(
      resolveCategoryId(
        product({ category_id: 'gone', category: 'x', category_slug: 'x', category_name: 'x' }),
        categories,
      ),
    ).toBe('c1');
    expect(resolveCategoryId(null, categories)).toBe('c1');
    expect(resolveCategoryId(product(), [])).toBe('');
  });

  it('starts a new product with its defaults and an edit with the product', () => {
    const fresh = initialValues(null, categories);
    expect(fresh.texts.ar).toMatchObject({ name: '', description: '' });
    expect(fresh).toMatchObject({
      categoryId: 'c1',
      channels: '0',
      quality: 'HD',
      devices: '1',
      active: true,
    });
    expect(fresh.texts.fr.features.map((row) => row.text)).toEqual(['']);
    const edited = initialValues(product(), categories);
    expect(edited.texts.fr).toMatchObject({ name: 'Stade', description: 'Live' });
    expect(edited.texts.ar).toMatchObject({ name: 'ملعب' });
    expect(edited.texts.en).toMatchObject({ name: '', description: '' });
    expect(edited).toMatchObject({
      categoryId: 'c2',
      channels: '120',
      devices: '5',
      popular: true,
      active: false,
    });
    expect(edited.texts.fr.features.map((row) => row.text)).toEqual(['HD', 'Replay']);
    expect(edited.texts.ar.features.map((row) => row.text)).toEqual(['']);
  });

  it('finds each problem on its field, with the key of the server message', () => {
    const values = { ...initialValues(null, categories), channels: '-2', devices: '11' };
    const problems = checkProduct(values, categories, 'fr');
    expect(problems.fields).toEqual({ channels: { key: 'channels' }, devices: { key: 'devices' } });
    expect(problems.texts).toEqual({ fr: 'defaultLanguageRequired' });
    expect(Object.values(problems.prices)).toEqual([{ key: 'price' }]);
    expect(checkProduct(values, [], 'fr').fields.category).toEqual({ key: 'noCategories' });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkProduct({ ...values, image: big }, categories, 'fr').fields.image).toEqual({ key: 'imageTooLarge' });
  });

  it("requires the shop's default language, and a name in every language that has text", () => {
    const values = initialValues(product(), categories);
    expect(checkProduct(values, categories, 'fr').texts).toEqual({});
    expect(checkProduct(values, categories, 'en').texts).toEqual({ en: 'defaultLanguageRequired' });
    const nameless = { ...values.texts.en, description: 'Live sport' };
    expect(checkProduct({ ...values, texts: { ...values.texts, en: nameless } }, categories, 'fr').texts).toEqual({
      en: 'translationNameRequired',
    });
    // Only features in a language: it still needs its name.
    const onlyFeatures = { ...values.texts.en, features: [featureRow('4K')] };
    expect(checkProduct({ ...values, texts: { ...values.texts, en: onlyFeatures } }, categories, 'fr').texts.en).toBe(
      'translationNameRequired',
    );
  });

  it('sends the API fields: flags as 1/0, lists as JSON, blank features dropped, the image when chosen', () => {
    const values = initialValues(product(), categories);
    values.texts.fr.features = [...values.texts.fr.features, featureRow('  '), featureRow(' 4K ')];
    values.texts.en = { name: ' Stadium ', description: '', features: [featureRow('')] };
    values.prices = setPrice(values.prices, values.prices.rows[0]!.key, '2500');
    const body = productFormData(values);
    expect(JSON.parse(body.get('translations') as string)).toEqual({
      ar: { name: 'ملعب', description: '', features: [] },
      fr: { name: 'Stade', description: 'Live', features: ['HD', 'Replay', '4K'] },
      en: { name: 'Stadium', description: '', features: [] },
    });
    // A language emptied is sent as null: the server takes it out.
    values.texts.ar = { name: ' ', description: '', features: [featureRow(' ')] };
    expect(JSON.parse(productFormData(values).get('translations') as string).ar).toBeNull();
    expect(
      Object.fromEntries([...body.entries()].filter(([key]) => key !== 'image' && key !== 'translations')),
    ).toEqual({
      category_id: 'c2',
      channels: '120',
      quality: '4K',
      devices: '5',
      popular: '1',
      vod: '0',
      active: '0',
      price_durations: '[{"duration":"1 month","price":2500,"active":true}]',
    });
    expect(body.has('image')).toBe(false);
    const image = new File([new Uint8Array(10)], 'p.png', { type: 'image/png' });
    expect((productFormData({ ...values, image }).get('image') as File).name).toBe('p.png');
  });

  it("places the server's field errors and recognises its messages", () => {
    expect(
      serverFieldProblems({
        'translations.ar.name': 'Product name must not contain control characters',
        'price_durations.1.price': 'Prices must be whole numbers of at least 0',
        'translations.en.features.2': 'Feature must be at most 200 characters',
        'translations.de': 'x',
        other: 'x',
      }),
    ).toEqual({
      'text:ar': 'Product name must not contain control characters',
      prices: 'Prices must be whole numbers of at least 0',
      'text:en': 'Feature must be at most 200 characters',
    });
  });
});
