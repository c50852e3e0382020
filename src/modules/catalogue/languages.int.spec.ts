import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { catalogueAndAuditRows, expectRebuildGivesBack } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SYSTEM } from '../../platform/eventstore/port';
import type { AuditPage } from '../../shared/audit';
import type {
  CategoryPage,
  CategoryView,
  ProductDetailView,
  ProductView,
  CatalogueLanguageView,
} from '../../shared/catalogue';
import { categoryStream, productStream } from './events';

// The catalogue in three languages (docs/product.md#catalogue-languages), through HTTP on the real server: each
// product and category in ar, fr and en, answered in the language asked for (`?lang=`, else
// Accept-Language, else the shop's default language), with every translation for the back office;
// answers cached per language; search in every language; events written before languages still
// read (as French); the shop's default language set in Settings; and a rebuild that gives the same rows.

let app: RunningApp;
let token: string;
let category: CategoryView;
let product: ProductView;

const admin = (method: 'get' | 'post' | 'put', path: string) => request(app.url)[method](path).set(bearer(token));
const shopper = (path: string) => request(app.url).get(path);

async function ok<T extends { status: number; text: string }>(res: Promise<T> | T, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer;
}

const sport = {
  ar: { name: 'رياضة', description: 'كل المباريات مباشرة' },
  fr: { name: 'Sport', description: 'Tous les matchs en direct' },
  en: { name: 'Sports', description: 'Every match live' },
};
const gold = {
  ar: { name: 'الباقة الذهبية', description: 'كل البطولات', features: ['إعادة المشاهدة'] },
  fr: { name: 'Bouquet Or', description: 'Tous les championnats', features: ['Replay'] },
  en: { name: 'Gold Bundle', description: 'Every league', features: ['Catch-up'] },
};

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app.url);
  category = (await ok(admin('post', '/api/admin/categories').send({ translations: sport }), 201)).body.category;
  // As the back office's form sends it: multipart, the translations as JSON.
  const created = admin('post', '/api/admin/products')
    .field('translations', JSON.stringify(gold))
    .field('category_id', category.id)
    .field('price_durations', JSON.stringify([{ duration: '1 month', price: 1500 }]));
  product = (await ok(created, 201)).body.product;
}, 60_000);

describe('a product and a category in three languages', () => {
  it('keep every language for the back office, and name themselves in the default language (French)', () => {
    expect(product).toMatchObject({
      name: 'Bouquet Or',
      language: 'fr',
      defaultLanguage: 'fr',
      translations: gold,
      category_names: { ar: 'رياضة', fr: 'Sport', en: 'Sports' },
    });
    expect(category).toMatchObject({ name: 'Sport', slug: 'sport', translations: sport });
  });

  it('answer shoppers in the language asked for with ?lang=, else Accept-Language, else the default', async () => {
    const show = `/products/show/${product.id}`;
    for (const language of ['ar', 'fr', 'en'] as const) {
      const answer = (await ok(shopper(`${show}?lang=${language}`))).body as ProductDetailView;
      expect(answer).toMatchObject({ ...gold[language], language, category_name: sport[language].name });
      expect(answer.translations).toEqual(gold);
    }
    const english = await ok(shopper(show).set('Accept-Language', 'en-GB,en;q=0.9,fr;q=0.5'));
    expect(english.body).toMatchObject({ name: 'Gold Bundle', language: 'en' });
    // ?lang= wins over Accept-Language; a language the store does not have leaves the default.
    expect((await ok(shopper(`${show}?lang=ar`).set('Accept-Language', 'en'))).body.name).toBe('الباقة الذهبية');
    expect((await ok(shopper(show).set('Accept-Language', 'de-DE'))).body.name).toBe('Bouquet Or');
    expect((await ok(shopper(show))).body.name).toBe('Bouquet Or');
    const refused = await shopper(`${show}?lang=de`);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('catalogue.language');

    // The lists and pages every storefront page loads, answered ahead of Express, do the same.
    const list = (await ok(shopper('/products').set('Accept-Language', 'ar'))).body as ProductView[];
    expect(list.find((p) => p.id === product.id)).toMatchObject({ name: 'الباقة الذهبية', language: 'ar' });
    const categories = (await ok(shopper('/categories?lang=en'))).body as CategoryPage;
    expect(categories.data[0]).toMatchObject({ name: 'Sports', description: 'Every match live', language: 'en' });
    const page = await ok(shopper(`/categories/show/${category.slug}?lang=ar`));
    expect(page.body).toMatchObject({ name: 'رياضة', language: 'ar' });
    const inCategory = (await ok(shopper(`/products?category=${category.slug}&lang=en`))).body as ProductView[];
    expect(inCategory[0]).toMatchObject({ name: 'Gold Bundle', category_name: 'Sports' });
  });

  it('are cached per language: each language its own answer and ETag, and Vary names Accept-Language', async () => {
    const tags = new Map<string, string>();
    for (const language of ['en', 'ar', 'fr', 'en', 'ar'] as const) {
      const answer = await ok(shopper('/products').set('Accept-Language', language));
      expect((answer.body as ProductView[])[0]!.name).toBe(gold[language].name);
      expect(answer.headers.vary).toMatch(/Accept-Language/);
      tags.set(language, tags.get(language) ?? answer.headers.etag!);
      // Asked again, the same language's answer: the same ETag.
      expect(answer.headers.etag).toBe(tags.get(language));
    }
    expect(new Set(tags.values()).size).toBe(3);
    // A browser holding the English answer gets the Arabic one whole, not a 304.
    const arabic = await shopper('/products').set('Accept-Language', 'ar').set('If-None-Match', tags.get('en')!);
    expect(arabic.status).toBe(200);
    expect((await shopper('/products?lang=en').set('If-None-Match', tags.get('en')!)).status).toBe(304);
  });

  it('are found by their name in any language, by shoppers and in the back office', async () => {
    for (const language of ['ar', 'fr', 'en'] as const) {
      const name = gold[language].name;
      const found = (await ok(shopper(`/products/search?q=${encodeURIComponent(name)}&lang=${language}`)))
        .body as ProductView[];
      expect(found.map((p) => [p.id, p.name])).toEqual([[product.id, name]]);
      const listed = (await ok(admin('get', '/api/admin/products').query({ q: name }))).body.products as ProductView[];
      expect(listed.map((p) => p.id)).toEqual([product.id]);
      const categories = (await ok(admin('get', '/api/admin/categories').query({ search: sport[language].name })))
        .body as CategoryPage;
      expect(categories.data.map((c) => c.id)).toEqual([category.id]);
    }
    // The category's name in any language finds its products too.
    expect((await ok(shopper(`/products/search?q=${encodeURIComponent('رياضة')}`))).body).toHaveLength(1);
  });

  it('change one language at a time, versioned, the trail saying which language changed', async () => {
    const stale = product.version;
    const edited = await ok(
      admin('put', `/api/admin/products/${product.id}`)
        .set('If-Match', `"${stale}"`)
        .send({ translations: { en: { ...gold.en, name: 'Golden Bundle' } } }),
    );
    expect(edited.body.product.translations).toEqual({ ...gold, en: { ...gold.en, name: 'Golden Bundle' } });
    expect((await ok(shopper(`/products/show/${product.id}?lang=en`))).body.name).toBe('Golden Bundle');
    expect((await ok(shopper(`/products/show/${product.id}?lang=ar`))).body.name).toBe(gold.ar.name);
    const conflict = await admin('put', `/api/admin/products/${product.id}`)
      .set('If-Match', `"${stale}"`)
      .send({ translations: { ar: null } });
    expect(conflict.status).toBe(409);

    const history = async () =>
      (
        await ok(
          admin('get', '/api/admin/audit').query({
            entityType: 'product',
            entityId: product.id,
            action: 'product.updated',
          }),
        )
      ).body as AuditPage;
    await waitUntil(async () => (await history()).entries.length > 0);
    expect((await history()).entries[0]).toMatchObject({
      entity: { label: 'Bouquet Or' },
      changes: [{ field: 'name.en', before: 'Gold Bundle', after: 'Golden Bundle' }],
    });
    product = edited.body.product;
  });

  it("refuse a product without the default language's name, or a language with text and no name", async () => {
    const refused = await admin('post', '/api/admin/products').send({
      translations: { ar: gold.ar },
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'catalogue.default_language_required', params: { language: 'fr' } });
    const nameless = await admin('put', `/api/admin/categories/${category.id}`).send({
      translations: { en: { name: '', description: 'No name' } },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields['translations.en.name']).toMatchObject({
      code: 'catalogue.translation_name_required',
      params: { language: 'en' },
    });
  });
});

describe('events from before the catalogue had languages', () => {
  const legacyCategory = '0b4c0e3a-0000-4000-8000-000000000001';
  const legacyProduct = '0b4c0e3a-0000-4000-8000-000000000002';

  it('are read as French, shown to every shopper until other languages are added, and edited like the others', async () => {
    const at = new Date().toISOString();
    const metadata = commandMetadata(SYSTEM);
    await app.infra.store.append(
      categoryStream(legacyCategory),
      [
        {
          type: 'CategoryCreated',
          data: { categoryId: legacyCategory, name: 'Cinéma', slug: 'cinema', description: 'Films', image: null, at },
        },
      ],
      { expectedRevision: 'no_stream', metadata },
    );
    const legacy = {
      productId: legacyProduct,
      name: 'Ciné Club',
      description: 'Les films',
      channels: 200,
      quality: 'HD',
      devices: 1,
      popular: false,
      vod: true,
      features: ['Vidéothèque'],
      categoryId: legacyCategory,
      active: true,
      priceDurations: [{ duration: '1 month', price: 1000, active: true }],
      image: null,
      at,
    };
    await app.infra.store.append(productStream(legacyProduct), [{ type: 'ProductCreated', data: legacy }], {
      expectedRevision: 'no_stream',
      metadata,
    });
    const shown = async (query = '') => (await shopper(`/products/show/${legacyProduct}${query}`)).body as ProductView;
    await waitUntil(async () => (await shopper(`/products/show/${legacyProduct}`)).status === 200);
    const french = { name: 'Ciné Club', description: 'Les films', features: ['Vidéothèque'] };
    expect(await shown()).toMatchObject({ ...french, language: 'fr', translations: { fr: french } });
    // An Arabic shopper reads the French text, told so by `language`.
    expect(await shown('?lang=ar')).toMatchObject({ name: 'Ciné Club', language: 'fr', category_name: 'Cinéma' });

    const arabic = { name: 'نادي السينما', description: 'الأفلام', features: ['مكتبة أفلام'] };
    await ok(admin('put', `/api/admin/products/${legacyProduct}`).send({ translations: { ar: arabic } }));
    expect(await shown('?lang=ar')).toMatchObject({ ...arabic, language: 'ar' });
    expect((await shown()).translations).toEqual({ ar: arabic, fr: french });
  });
});

describe("the shop's default language", () => {
  const shop = async () => {
    const answer = await ok(admin('get', '/api/admin/shop/language'));
    return { shop: answer.body as CatalogueLanguageView, etag: answer.headers.etag as string | undefined };
  };

  it('is French until an admin chooses, then the language shoppers without theirs read, required of every new text', async () => {
    const before = await shop();
    expect(before.shop).toMatchObject({
      defaultLanguage: 'fr',
      version: -1,
      missing: { fr: { products: 0, categories: 0 }, ar: { products: 0, categories: 1 } },
    });
    expect(before.etag).toBeUndefined();

    const refused = await admin('put', '/api/admin/shop/language').send({ defaultLanguage: 'de' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields.defaultLanguage.code).toBe('catalogue.language');

    const chosen = await ok(admin('put', '/api/admin/shop/language').send({ defaultLanguage: 'ar' }));
    expect(chosen.headers.etag).toBe('"0"');
    // Of the items from before languages, the category has no Arabic yet (the product was given one).
    expect(chosen.body).toMatchObject({
      defaultLanguage: 'ar',
      version: 0,
      missing: { ar: { products: 0, categories: 1 } },
    });
    const stale = await admin('put', '/api/admin/shop/language').set('If-Match', '"5"').send({ defaultLanguage: 'en' });
    expect(stale.status).toBe(409);

    // No language asked: the default one, now Arabic; an item without it still answers, in the first it has.
    expect((await ok(shopper(`/products/show/${product.id}`))).body).toMatchObject({
      name: gold.ar.name,
      language: 'ar',
      defaultLanguage: 'ar',
    });
    const categories = (await ok(shopper('/categories'))).body as CategoryPage;
    expect(categories.data.find((c) => c.slug === 'cinema')).toMatchObject({ name: 'Cinéma', language: 'fr' });
    const frenchOnly = await admin('post', '/api/admin/categories').send({ name: 'Séries' });
    expect(frenchOnly.status).toBe(201);
    expect(frenchOnly.body.category.translations).toEqual({ ar: { name: 'Séries', description: '' } });
    const englishOnly = await admin('post', '/api/admin/categories').send({ translations: { en: { name: 'Kids' } } });
    expect(englishOnly.status).toBe(400);
    expect(englishOnly.body.params).toEqual({ language: 'ar' });

    const trail = (await ok(admin('get', '/api/admin/audit').query({ action: 'shop.language_changed' })))
      .body as AuditPage;
    expect(trail.entries[0]).toMatchObject({
      entity: { type: 'shop', id: 'language', version: 0 },
      changes: [{ field: 'defaultLanguage', before: 'fr', after: 'ar' }],
    });
    await ok(admin('put', '/api/admin/shop/language').set('If-Match', '"0"').send({ defaultLanguage: 'fr' }));
  });
});

describe('rebuilt from the log', () => {
  it('gives the same catalogue rows, languages and shop included, and the same audit trail', async () => {
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const live = await catalogueAndAuditRows(app.infra.db);
    expect(live.products.map((p) => Object.keys(p.translations))).toContainEqual(['ar', 'fr']);
    expect(live.shop).toMatchObject([{ default_language: 'fr', version: 1 }]);
    await expectRebuildGivesBack(app, live);
  });
});
