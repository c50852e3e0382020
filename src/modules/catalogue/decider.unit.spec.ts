import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  productCreateSchema,
  productUpdateSchema,
} from '../../shared/catalogue';
import type { Language } from '../../shared/identity';
import {
  categoryDecider,
  productDecider,
  resolveCategory,
  catalogueLanguageDecider,
  type CategoryCommand,
  type CategoryRef,
  type ProductCommand,
} from './decider';
import type { CategoryEvent, ImageRef, ProductEvent } from './events';

const now = '2026-11-21T10:00:00.000Z';
/** The shop's default language in these specifications, unless one says otherwise (INITIAL_SHOP_LANGUAGE). */
const fr: Language = 'fr';

/** An event as it was stored before the catalogue had languages: one text, no `translations`. */
const legacy = <E extends { data: object }>(event: E): E => {
  const { translations: _gone, ...data } = event.data as { translations?: unknown };
  return { ...event, data } as E;
};

describe('category decider', () => {
  const category = deciderSpec(categoryDecider);
  const image: ImageRef = { featured: '/media/abc-full.webp', thumbnail: '/media/abc-card.webp' };
  const sport = { name: 'Sport', description: 'Live matches' };
  const created: CategoryEvent = {
    type: 'CategoryCreated',
    data: { categoryId: 'c1', ...sport, slug: 'sport', translations: { fr: sport }, image: null, at: now },
  };
  const deleted: CategoryEvent = { type: 'CategoryDeleted', data: { categoryId: 'c1', name: 'Sport', at: now } };
  const create: CategoryCommand = {
    type: 'CreateCategory',
    data: {
      categoryId: 'c1',
      fields: categoryCreateSchema.parse(sport),
      slug: 'sport',
      image,
      defaultLanguage: fr,
      now,
    },
  };
  const update = (
    data: Omit<Partial<Extract<CategoryCommand, { type: 'UpdateCategory' }>['data']>, 'changes'> & {
      changes?: Record<string, unknown>;
    },
  ): CategoryCommand => ({
    type: 'UpdateCategory',
    data: {
      categoryId: 'c1',
      slug: 'sport',
      defaultLanguage: fr,
      now,
      ...data,
      changes: categoryUpdateSchema.parse(data.changes ?? {}),
    },
  });
  const remove = (productsCount: number): CategoryCommand => ({
    type: 'DeleteCategory',
    data: { categoryId: 'c1', productsCount, now },
  });

  it('creates a category with its claimed slug and image, once', () => {
    category
      .given([])
      .when(create)
      .then([{ ...created, data: { ...created.data, image } }]);
    category.given([created]).when(create).thenThrows('This category already exists', { status: 409 });
  });

  it('records an edit only when something changed', () => {
    category
      .given([created])
      .when(update({ changes: { name: 'Sport', description: 'Live matches' } }))
      .then([]);
    category
      .given([created])
      .when(update({ changes: { name: 'Sports' }, slug: 'sports' }))
      .then([
        {
          type: 'CategoryUpdated',
          data: {
            categoryId: 'c1',
            name: 'Sports',
            description: 'Live matches',
            slug: 'sports',
            translations: { fr: { name: 'Sports', description: 'Live matches' } },
            at: now,
          },
        },
      ]);
  });

  it('keeps the fields not sent and changes the image on its own', () => {
    const football = { name: 'Sport', description: 'Football' };
    const described: CategoryEvent = {
      type: 'CategoryUpdated',
      data: { categoryId: 'c1', ...football, slug: 'sport', translations: { fr: football }, at: now },
    };
    const pictured: CategoryEvent = { type: 'CategoryImageChanged', data: { categoryId: 'c1', image, at: now } };
    category
      .given([created])
      .when(update({ changes: { description: 'Football' }, image }))
      .then([described, pictured]);
    // Once applied, the same edit changes nothing.
    category
      .given([created, described, pictured])
      .when(update({ changes: { name: 'Sport', description: 'Football' } }))
      .then([]);
  });

  it('refuses to delete a category that still holds products, saying how many', () => {
    category
      .given([created])
      .when(remove(3))
      .thenThrows('This category still holds 3 products. Move or delete them before deleting the category.', {
        status: 409,
        details: { productsCount: 3 },
      });
    category
      .given([created])
      .when(remove(1))
      .thenThrows('This category still holds 1 product. Move or delete it before deleting the category.');
    category.given([created]).when(remove(0)).then([deleted]);
  });

  it('answers 404 for a category that does not exist or was deleted', () => {
    for (const history of [[], [created, deleted]]) {
      category
        .given(history)
        .when(update({ changes: { name: 'x' } }))
        .thenThrows('Category not found', { status: 404 });
      category.given(history).when(remove(0)).thenThrows('Category not found', { status: 404 });
    }
  });

  describe('restoring an earlier version', () => {
    const sports = { name: 'Sports', description: 'Every sport' };
    const renamed: CategoryEvent = {
      type: 'CategoryUpdated',
      data: { categoryId: 'c1', ...sports, slug: 'sports', translations: { fr: sports }, at: now },
    };
    const pictured: CategoryEvent = { type: 'CategoryImageChanged', data: { categoryId: 'c1', image, at: now } };
    /** The category's state at a version: its events up to that revision, folded. */
    const at = (events: CategoryEvent[]) => events.reduce(categoryDecider.evolve, categoryDecider.initialState);
    const restore = (
      toVersion: number,
      restored = at([created]),
      slug = 'sport',
      defaultLanguage: Language = fr,
    ): CategoryCommand => ({
      type: 'RestoreCategory',
      data: { categoryId: 'c1', toVersion, restored, slug, defaultLanguage, now },
    });

    it('brings back every value of that version, image included, as one new event', () => {
      category
        .given([created, renamed, pictured])
        .when(restore(0))
        .then([
          {
            type: 'CategoryRestored',
            data: {
              categoryId: 'c1',
              ...sport,
              translations: { fr: sport },
              slug: 'sport',
              image: null,
              toVersion: 0,
              at: now,
            },
          },
        ]);
      // Its version counts every event: the restore is version 3, after 0, 1 and 2.
      expect(at([created, renamed, pictured]).version).toBe(2);
    });

    it('refuses a version that is not earlier than the current one', () => {
      for (const toVersion of [2, 3, 40])
        category
          .given([created, renamed, pictured])
          .when(restore(toVersion, at([created, renamed, pictured])))
          .thenThrows(`Version ${toVersion} is not earlier than the current version (2)`, { status: 400 });
    });

    it('refuses a deleted or missing category', () => {
      for (const history of [[], [created, renamed, deleted]])
        category.given(history).when(restore(0)).thenThrows('Category not found', { status: 404 });
    });

    it("refuses values that no longer pass today's rules, and records nothing when they are already current", () => {
      const tooLong = at([legacy({ ...created, data: { ...created.data, name: 'x'.repeat(101) } })]);
      category
        .given([created, renamed])
        .when(restore(0, tooLong))
        .thenThrows(/^Version 0 cannot be restored: its values no longer pass today's rules \(/, { status: 400 });
      const back: CategoryEvent = {
        ...renamed,
        data: { ...renamed.data, ...sport, slug: 'sport', translations: { fr: sport } },
      };
      category.given([created, renamed, back]).when(restore(0)).then([]);
    });

    it("refuses a version without today's default language", () => {
      category
        .given([created, renamed])
        .when(restore(0, at([created]), 'sport', 'ar'))
        .thenThrows(
          "Version 0 cannot be restored: its values no longer pass today's rules (The name in Arabic, the shop's default language, is required)",
          { status: 400 },
        );
    });
  });

  describe('in three languages', () => {
    const ar = { name: 'رياضة', description: 'مباريات مباشرة' };
    const en = { name: 'Sports', description: '' };

    it("keeps each language given, the default one as the event's own name, in the order ar, fr, en", () => {
      category
        .given([])
        .when({
          ...create,
          data: { ...create.data, fields: categoryCreateSchema.parse({ translations: { en, fr: sport, ar } }) },
        })
        .then([
          {
            type: 'CategoryCreated',
            data: { categoryId: 'c1', ...sport, slug: 'sport', translations: { ar, fr: sport, en }, image, at: now },
          },
        ]);
    });

    it('requires the default language on creation, and on any change of the texts', () => {
      const onlyArabic = categoryCreateSchema.parse({ translations: { ar } });
      category
        .given([])
        .when({ ...create, data: { ...create.data, fields: onlyArabic } })
        .thenThrows("The name in French, the shop's default language, is required", {
          status: 400,
          code: 'catalogue.default_language_required',
          params: { language: 'fr' },
        });
      category
        .given([created])
        .when(update({ changes: { translations: { fr: null, ar } } }))
        .thenThrows("The name in French, the shop's default language, is required", { status: 400 });
      // The shop now defaults to Arabic: the French-only category may still change its image, not its texts without Arabic.
      category
        .given([created])
        .when(update({ image, defaultLanguage: 'ar' }))
        .then([{ type: 'CategoryImageChanged', data: { categoryId: 'c1', image, at: now } }]);
      category
        .given([created])
        .when(update({ changes: { description: 'Foot' }, defaultLanguage: 'ar' }))
        .thenThrows("The name in Arabic, the shop's default language, is required", { status: 400 });
    });

    it('changes one language and leaves the others; null or a blank text takes a language out', () => {
      const all: CategoryEvent = {
        ...created,
        data: { ...created.data, translations: { ar, fr: sport, en } },
      };
      category
        .given([all])
        .when(update({ changes: { translations: { en: { name: 'Live sport' } } } }))
        .then([
          {
            type: 'CategoryUpdated',
            data: {
              categoryId: 'c1',
              ...sport,
              slug: 'sport',
              translations: { ar, fr: sport, en: { name: 'Live sport', description: '' } },
              at: now,
            },
          },
        ]);
      for (const out of [null, { name: '', description: '  ' }])
        category
          .given([all])
          .when(update({ changes: { translations: { ar: out } } }))
          .then([
            {
              type: 'CategoryUpdated',
              data: { categoryId: 'c1', ...sport, slug: 'sport', translations: { fr: sport, en }, at: now },
            },
          ]);
    });

    it('reads an event from before languages as the default language then (French), and edits it', () => {
      const old = legacy(created);
      expect(categoryDecider.evolve(categoryDecider.initialState, old).translations).toEqual({ fr: sport });
      category
        .given([old])
        .when(update({ changes: { translations: { ar } } }))
        .then([
          {
            type: 'CategoryUpdated',
            data: { categoryId: 'c1', ...sport, slug: 'sport', translations: { ar, fr: sport }, at: now },
          },
        ]);
      // The same text as before: nothing to record.
      category
        .given([old])
        .when(update({ changes: sport }))
        .then([]);
    });
  });
});

// Commands are built from the fields as a multipart form sends them, through the shared schemas,
// so these specifications cover the whole path of a request's fields to events.
describe('product decider', () => {
  const product = deciderSpec(productDecider);
  const categories: CategoryRef[] = [
    { id: 'c-sport', slug: 'sport', names: ['Sport', 'رياضة'] },
    { id: 'c-cinema', slug: 'cinema-series', names: ['Cinéma & Séries', 'Cinema & Series'] },
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
    price_durations:
      '[{"duration":"3 months","price":"5400"},{"duration":"1 month","price":2000},{"duration":"","price":""}]',
  };
  const create = (fields: Record<string, unknown> = form, defaultLanguage: Language = fr): ProductCommand => ({
    type: 'CreateProduct',
    data: { productId: 'p1', fields: productCreateSchema.parse(fields), image: null, categories, defaultLanguage, now },
  });
  const update = (
    fields: Record<string, unknown>,
    image?: ImageRef,
    defaultLanguage: Language = fr,
  ): ProductCommand => ({
    type: 'UpdateProduct',
    data: { productId: 'p1', changes: productUpdateSchema.parse(fields), image, categories, defaultLanguage, now },
  });
  const text = { name: 'Sport Max', description: 'All the leagues', features: ['Multi-screen', 'Replay'] };
  const details = {
    ...text,
    translations: { fr: text },
    channels: 300,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    vod: false,
  } as const;
  const created: ProductEvent = {
    type: 'ProductCreated',
    data: {
      productId: 'p1',
      ...details,
      categoryId: 'c-sport',
      active: true,
      priceDurations: [
        { duration: '1 month', price: 2000, active: true },
        { duration: '3 months', price: 5400, active: true },
      ],
      image: null,
      at: now,
    },
  };
  const deleted: ProductEvent = { type: 'ProductDeleted', data: { productId: 'p1', name: 'Sport Max', at: now } };

  it('creates a product from multipart text: numbers, 1/0 and true/false, JSON lists, sorted durations', () => {
    product.given([]).when(create()).then([created]);
  });

  it('gives the optional fields their defaults', () => {
    product
      .given([])
      .when(create({ name: 'Basic', category_id: 'sport', price_durations: [{ duration: 'free trial', price: 0 }] }))
      .then([
        {
          type: 'ProductCreated',
          data: {
            productId: 'p1',
            name: 'Basic',
            description: '',
            features: [],
            translations: { fr: { name: 'Basic', description: '', features: [] } },
            channels: 0,
            quality: 'HD',
            devices: 1,
            popular: false,
            vod: false,
            categoryId: 'c-sport',
            active: true,
            priceDurations: [{ duration: 'free trial', price: 0, active: true }],
            image: null,
            at: now,
          },
        },
      ]);
  });

  it('resolves the category by id, then slug, then name in any language', () => {
    expect(resolveCategory('c-cinema', categories)).toBe('c-cinema');
    expect(resolveCategory('SPORT', categories)).toBe('c-sport');
    expect(resolveCategory(' cinéma & séries ', categories)).toBe('c-cinema');
    expect(resolveCategory('رياضة', categories)).toBe('c-sport');
    expect(() => resolveCategory('news', categories)).toThrow('Category not found');
    expect(() => resolveCategory('  ', categories)).toThrow('Please choose a category');
    expect(() => resolveCategory('sport', [])).toThrow('No categories available');
    product
      .given([])
      .when(create({ ...form, category_id: 'news' }))
      .thenThrows('Category not found', { status: 400 });
  });

  it('refuses to create the same product twice', () => {
    product.given([created]).when(create()).thenThrows('This product already exists', { status: 409 });
  });

  it('makes one event per aspect an edit really changes, none when nothing changed', () => {
    const image: ImageRef = { featured: '/media/x-full.webp', thumbnail: '/media/x-card.webp' };
    const edit = {
      channels: '320',
      category_id: 'cinema-series',
      price_durations: '[{"duration":"6 months","price":9000}]',
      active: 'false',
    };
    const edited: ProductEvent[] = [
      {
        type: 'ProductDetailsUpdated',
        data: { productId: 'p1', ...details, channels: 320, at: now },
      },
      { type: 'ProductCategoryChanged', data: { productId: 'p1', categoryId: 'c-cinema', at: now } },
      {
        type: 'ProductPricesChanged',
        data: { productId: 'p1', priceDurations: [{ duration: '6 months', price: 9000, active: true }], at: now },
      },
      { type: 'ProductImageChanged', data: { productId: 'p1', image, at: now } },
      { type: 'ProductDeactivated', data: { productId: 'p1', at: now } },
    ];
    product
      .given([created])
      .when(update({ name: 'Sport Max', channels: '300' }))
      .then([]);
    product.given([created]).when(update(edit, image)).then(edited);
    // Once applied, the same edit (without a new image) changes nothing; reactivating is one event.
    product
      .given([created, ...edited])
      .when(update(edit))
      .then([]);
    product
      .given([created, ...edited])
      .when(update({ active: 'true' }))
      .then([{ type: 'ProductActivated', data: { productId: 'p1', at: now } }]);
  });

  it('moves a product to another category, and does nothing when it is there already', () => {
    const move = (category: string): ProductCommand => ({
      type: 'ChangeProductCategory',
      data: { productId: 'p1', category, categories, now },
    });
    product
      .given([created])
      .when(move('cinema-series'))
      .then([{ type: 'ProductCategoryChanged', data: { productId: 'p1', categoryId: 'c-cinema', at: now } }]);
    product.given([created]).when(move('c-sport')).then([]);
  });

  it('deletes a product once; edits of a missing or deleted product are 404', () => {
    const remove: ProductCommand = { type: 'DeleteProduct', data: { productId: 'p1', now } };
    product.given([created]).when(remove).then([deleted]);
    for (const history of [[], [created, deleted]]) {
      product.given(history).when(remove).thenThrows('Product not found', { status: 404 });
      product
        .given(history)
        .when(update({ name: 'x' }))
        .thenThrows('Product not found', { status: 404 });
    }
  });

  describe('restoring an earlier version', () => {
    const image: ImageRef = { featured: '/media/y-full.webp', thumbnail: '/media/y-card.webp' };
    const edits: ProductEvent[] = [
      {
        type: 'ProductDetailsUpdated',
        data: {
          productId: 'p1',
          ...details,
          name: 'Sport Mini',
          features: [],
          translations: { fr: { ...text, name: 'Sport Mini', features: [] } },
          at: now,
        },
      },
      { type: 'ProductCategoryChanged', data: { productId: 'p1', categoryId: 'c-cinema', at: now } },
      {
        type: 'ProductPricesChanged',
        data: { productId: 'p1', priceDurations: [{ duration: '6 months', price: 9000, active: true }], at: now },
      },
      { type: 'ProductImageChanged', data: { productId: 'p1', image, at: now } },
      { type: 'ProductDeactivated', data: { productId: 'p1', at: now } },
    ];
    /** The product's state at a version: its events up to that revision, folded. */
    const at = (events: ProductEvent[]) => events.reduce(productDecider.evolve, productDecider.initialState);
    const restore = (
      toVersion: number,
      restored = at([created]),
      options: { categories?: CategoryRef[]; formerCategoryName?: string; defaultLanguage?: Language } = {},
    ): ProductCommand => ({
      type: 'RestoreProduct',
      data: {
        productId: 'p1',
        toVersion,
        restored,
        defaultLanguage: fr,
        now,
        ...options,
        categories: options.categories ?? categories,
      },
    });
    const {
      productId: _id,
      at: _at,
      ...createdValues
    } = (created as Extract<ProductEvent, { type: 'ProductCreated' }>).data;

    it('brings back every value of that version (details, category, prices, image, active) as one new event', () => {
      product
        .given([created, ...edits])
        .when(restore(0))
        .then([{ type: 'ProductRestored', data: { productId: 'p1', ...createdValues, toVersion: 0, at: now } }]);
      // An intermediate version: the values after its first two edits.
      const { productId: _p, at: _a, ...atVersion2 } = { ...createdValues, ...edits[0]!.data, categoryId: 'c-cinema' };
      product
        .given([created, ...edits])
        .when(restore(2, at([created, ...edits.slice(0, 2)])))
        .then([{ type: 'ProductRestored', data: { productId: 'p1', ...atVersion2, toVersion: 2, at: now } }]);
    });

    it('refuses a version that is not earlier than the current one, before anything else', () => {
      const current = at([created, ...edits]);
      expect(current.version).toBe(5);
      for (const toVersion of [5, 6])
        product
          .given([created, ...edits])
          .when(restore(toVersion, current))
          .thenThrows(`Version ${toVersion} is not earlier than the current version (5)`, { status: 400 });
      product
        .given([created])
        .when(restore(0))
        .thenThrows('Version 0 is not earlier than the current version (0)', { status: 400 });
    });

    it('refuses a deleted or missing product', () => {
      for (const history of [[], [created, ...edits, deleted]])
        product.given(history).when(restore(0)).thenThrows('Product not found', { status: 404 });
    });

    it('refuses a version whose category has been deleted since, naming it', () => {
      const withoutSport = categories.filter((c) => c.id !== 'c-sport');
      product
        .given([created, ...edits])
        .when(restore(0, at([created]), { categories: withoutSport, formerCategoryName: 'Sport' }))
        .thenThrows(
          'Version 0 cannot be restored: its category "Sport" has been deleted since. Restore a later version, or edit the product instead.',
          { status: 400 },
        );
    });

    it("refuses values that no longer pass today's rules, and records nothing when they are already current", () => {
      const tooDear = at([
        legacy({
          ...created,
          data: {
            ...createdValues,
            productId: 'p1',
            at: now,
            priceDurations: [{ duration: '1 month', price: 1e12, active: true }],
          },
        } as ProductEvent),
      ]);
      product
        .given([created, ...edits])
        .when(restore(0, tooDear))
        .thenThrows(
          /^Version 0 cannot be restored: its values no longer pass today's rules \(A price must be at most/,
          {
            status: 400,
          },
        );
      const undone: ProductEvent = { type: 'ProductActivated', data: { productId: 'p1', at: now } };
      product.given([created, edits[4]!, undone]).when(restore(0)).then([]);
    });
  });

  describe('in three languages', () => {
    const ar = { name: 'سبور ماكس', description: 'كل البطولات', features: ['عدة شاشات'] };
    const en = { name: 'Sport Max', description: 'Every league', features: ['Multi-screen'] };
    const trilingual = {
      ...form,
      name: undefined,
      description: undefined,
      features: undefined,
      translations: { en, ar, fr: text },
    };
    const createdIn3: ProductEvent = { ...created, data: { ...created.data, translations: { ar, fr: text, en } } };

    it("keeps every language sent (a multipart form sends them as JSON), the default one as the event's own text", () => {
      product
        .given([])
        .when(create({ ...trilingual, translations: JSON.stringify(trilingual.translations) }))
        .then([createdIn3]);
      // The default language Arabic: the event's own text is the Arabic one.
      product
        .given([])
        .when(create(trilingual, 'ar'))
        .then([{ ...createdIn3, data: { ...createdIn3.data, ...ar } }]);
    });

    it("takes `name`, `description` and `features` sent alone as the default language's", () => {
      product
        .given([createdIn3])
        .when(update({ name: 'Sport Max HD' }, undefined, 'en'))
        .then([
          {
            type: 'ProductDetailsUpdated',
            data: {
              productId: 'p1',
              ...details,
              ...en,
              name: 'Sport Max HD',
              translations: { ar, fr: text, en: { ...en, name: 'Sport Max HD' } },
              at: now,
            },
          },
        ]);
    });

    it('requires the default language on creation and on any change of the texts; a language with text needs a name', () => {
      product
        .given([])
        .when(create({ ...trilingual, translations: { ar, en } }))
        .thenThrows("The name in French, the shop's default language, is required", {
          status: 400,
          code: 'catalogue.default_language_required',
        });
      product
        .given([created])
        .when(update({ translations: { fr: null } }))
        .thenThrows("The name in French, the shop's default language, is required", { status: 400 });
      // French-only, the shop now in Arabic: its price may change, its texts only with Arabic.
      product
        .given([created])
        .when(update({ channels: 310 }, undefined, 'ar'))
        .then([{ type: 'ProductDetailsUpdated', data: { productId: 'p1', ...details, channels: 310, at: now } }]);
      product
        .given([created])
        .when(update({ translations: { en } }, undefined, 'ar'))
        .thenThrows("The name in Arabic, the shop's default language, is required", { status: 400 });
      const parsed = productUpdateSchema.safeParse({ translations: { en: { description: 'No name' } } });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ['translations', 'en', 'name'] });
      expect(parsed.error?.issues[0]?.message).toContain('catalogue.translation_name_required');
      expect(productCreateSchema.safeParse({ ...form, translations: { de: en } }).success).toBe(false);
    });

    it('changes one language, leaves the others, and takes one out with null or a blank text', () => {
      const withEnglish = (english?: typeof en): ProductEvent => ({
        type: 'ProductDetailsUpdated',
        data: {
          productId: 'p1',
          ...details,
          translations: english ? { ar, fr: text, en: english } : { ar, fr: text },
          at: now,
        },
      });
      product
        .given([createdIn3])
        .when(update({ translations: { en: { name: 'Sport Max (EN)' } } }))
        .then([withEnglish({ name: 'Sport Max (EN)', description: '', features: [] })]);
      for (const out of [null, { name: ' ', description: '', features: ['  '] }])
        product
          .given([createdIn3])
          .when(update({ translations: { en: out } }))
          .then([withEnglish()]);
      product
        .given([createdIn3])
        .when(update({ translations: { ar, fr: text, en } }))
        .then([]);
    });

    it('reads an event from before languages as the default language then (French), and adds languages to it', () => {
      const old = legacy(created);
      expect([old].reduce(productDecider.evolve, productDecider.initialState).translations).toEqual({ fr: text });
      product.given([old]).when(update(text)).then([]);
      product
        .given([old])
        .when(update({ translations: { en } }))
        .then([
          {
            type: 'ProductDetailsUpdated',
            data: { productId: 'p1', ...details, translations: { fr: text, en }, at: now },
          },
        ]);
    });

    it("refuses to restore a version without today's default language", () => {
      const atCreation = [created].reduce(productDecider.evolve, productDecider.initialState);
      product
        .given([created, { type: 'ProductDeactivated', data: { productId: 'p1', at: now } }])
        .when({
          type: 'RestoreProduct',
          data: { productId: 'p1', toVersion: 0, restored: atCreation, categories, defaultLanguage: 'ar', now },
        })
        .thenThrows(/\(The name in Arabic, the shop's default language, is required\)$/, { status: 400 });
    });
  });
});

describe('shop decider', () => {
  const shop = deciderSpec(catalogueLanguageDecider);
  const choose = (language: Language) => ({ type: 'ChooseCatalogueLanguage' as const, data: { language, now } });

  it('starts in French, and records a change of the default language only', () => {
    expect(catalogueLanguageDecider.initialState).toEqual({ defaultLanguage: 'fr', version: -1 });
    shop.given([]).when(choose('fr')).then([]);
    shop
      .given([])
      .when(choose('ar'))
      .then([{ type: 'CatalogueLanguageChosen', data: { language: 'ar', at: now } }]);
    shop
      .given([{ type: 'CatalogueLanguageChosen', data: { language: 'ar', at: now } }])
      .when(choose('ar'))
      .then([]);
  });
});
