import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import { productCreateSchema, productUpdateSchema } from '../../shared/catalogue';
import {
  categoryDecider,
  productDecider,
  resolveCategory,
  type CategoryCommand,
  type CategoryRef,
  type ProductCommand,
} from './decider';
import type { CategoryEvent, ImageRef, ProductEvent } from './events';

const now = '2026-11-21T10:00:00.000Z';

describe('category decider', () => {
  const category = deciderSpec(categoryDecider);
  const image: ImageRef = { featured: '/media/abc-full.webp', thumbnail: '/media/abc-card.webp' };
  const created: CategoryEvent = {
    type: 'CategoryCreated',
    data: { categoryId: 'c1', name: 'Sport', slug: 'sport', description: 'Live matches', image: null, at: now },
  };
  const deleted: CategoryEvent = { type: 'CategoryDeleted', data: { categoryId: 'c1', name: 'Sport', at: now } };
  const create: CategoryCommand = {
    type: 'CreateCategory',
    data: { categoryId: 'c1', fields: { name: 'Sport', description: 'Live matches' }, slug: 'sport', image, now },
  };
  const update = (data: Partial<Extract<CategoryCommand, { type: 'UpdateCategory' }>['data']>): CategoryCommand => ({
    type: 'UpdateCategory',
    data: { categoryId: 'c1', changes: {}, slug: 'sport', now, ...data },
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
          data: { categoryId: 'c1', name: 'Sports', slug: 'sports', description: 'Live matches', at: now },
        },
      ]);
  });

  it('keeps the fields not sent and changes the image on its own', () => {
    const described: CategoryEvent = {
      type: 'CategoryUpdated',
      data: { categoryId: 'c1', name: 'Sport', slug: 'sport', description: 'Football', at: now },
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
    const renamed: CategoryEvent = {
      type: 'CategoryUpdated',
      data: { categoryId: 'c1', name: 'Sports', slug: 'sports', description: 'Every sport', at: now },
    };
    const pictured: CategoryEvent = { type: 'CategoryImageChanged', data: { categoryId: 'c1', image, at: now } };
    /** The category's state at a version: its events up to that revision, folded. */
    const at = (events: CategoryEvent[]) => events.reduce(categoryDecider.evolve, categoryDecider.initialState);
    const restore = (toVersion: number, restored = at([created]), slug = 'sport'): CategoryCommand => ({
      type: 'RestoreCategory',
      data: { categoryId: 'c1', toVersion, restored, slug, now },
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
              name: 'Sport',
              slug: 'sport',
              description: 'Live matches',
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
      const tooLong = at([{ ...created, data: { ...created.data, name: 'x'.repeat(101) } }]);
      category
        .given([created, renamed])
        .when(restore(0, tooLong))
        .thenThrows(/^Version 0 cannot be restored: its values no longer pass today's rules \(/, { status: 400 });
      const back: CategoryEvent = {
        ...renamed,
        data: { ...renamed.data, name: 'Sport', slug: 'sport', description: 'Live matches' },
      };
      category.given([created, renamed, back]).when(restore(0)).then([]);
    });
  });
});

// Commands are built from the fields as a multipart form sends them, through the shared schemas,
// so these specifications cover the whole path of a request's fields to events.
describe('product decider', () => {
  const product = deciderSpec(productDecider);
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
    price_durations:
      '[{"duration":"3 months","price":"5400"},{"duration":"1 month","price":2000},{"duration":"","price":""}]',
  };
  const create = (fields: Record<string, unknown> = form): ProductCommand => ({
    type: 'CreateProduct',
    data: { productId: 'p1', fields: productCreateSchema.parse(fields), image: null, categories, now },
  });
  const update = (fields: Record<string, unknown>, image?: ImageRef): ProductCommand => ({
    type: 'UpdateProduct',
    data: { productId: 'p1', changes: productUpdateSchema.parse(fields), image, categories, now },
  });
  const details = {
    name: 'Sport Max',
    description: 'All the leagues',
    channels: 300,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    vod: false,
    features: ['Multi-screen', 'Replay'],
  } as const;
  const created: ProductEvent = {
    type: 'ProductCreated',
    data: {
      productId: 'p1',
      ...details,
      features: [...details.features],
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
            channels: 0,
            quality: 'HD',
            devices: 1,
            popular: false,
            vod: false,
            features: [],
            categoryId: 'c-sport',
            active: true,
            priceDurations: [{ duration: 'free trial', price: 0, active: true }],
            image: null,
            at: now,
          },
        },
      ]);
  });

  it('resolves the category by id, then slug, then name', () => {
    expect(resolveCategory('c-cinema', categories)).toBe('c-cinema');
    expect(resolveCategory('SPORT', categories)).toBe('c-sport');
    expect(resolveCategory(' cinéma & séries ', categories)).toBe('c-cinema');
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
        data: { productId: 'p1', ...details, features: [...details.features], channels: 320, at: now },
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
        data: { productId: 'p1', ...details, features: [], name: 'Sport Mini', at: now },
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
      options: { categories?: CategoryRef[]; formerCategoryName?: string } = {},
    ): ProductCommand => ({
      type: 'RestoreProduct',
      data: { productId: 'p1', toVersion, restored, categories: options.categories ?? categories, now, ...options },
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
        {
          ...created,
          data: {
            ...createdValues,
            productId: 'p1',
            at: now,
            priceDurations: [{ duration: '1 month', price: 1e12, active: true }],
          },
        } as ProductEvent,
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
});
