import { describe, expect, it } from 'vitest';
import { CatalogueRuleError, decideCategory, evolveCategory, initialCategoryState, type CategoryCommand, type CategoryState } from './category-decider';
import type { CategoryEvent } from './events';

const now = '2026-11-21T10:00:00.000Z';
const image = { featured: '/media/abc-full.webp', thumbnail: '/media/abc-card.webp' };
const created: CategoryEvent = {
  type: 'CategoryCreated',
  data: { categoryId: 'c1', name: 'Sport', slug: 'sport', description: 'Live matches', image: null, at: now },
};

const given = (...events: CategoryEvent[]): CategoryState => events.reduce(evolveCategory, initialCategoryState);
const update = (data: Partial<Extract<CategoryCommand, { type: 'UpdateCategory' }>['data']>): CategoryCommand => ({
  type: 'UpdateCategory',
  data: { categoryId: 'c1', changes: {}, slug: 'sport', now, ...data },
});

describe('category decider', () => {
  it('creates a category with its claimed slug and image', () => {
    const command: CategoryCommand = {
      type: 'CreateCategory',
      data: { categoryId: 'c1', fields: { name: 'Sport', description: 'Live matches' }, slug: 'sport', image, now },
    };
    expect(decideCategory(command, initialCategoryState)).toEqual([{ ...created, data: { ...created.data, image } }]);
    expect(() => decideCategory(command, given(created))).toThrow('This category already exists');
  });

  it('records an edit only when something changed', () => {
    expect(decideCategory(update({ changes: { name: 'Sport', description: 'Live matches' } }), given(created))).toEqual([]);
    expect(decideCategory(update({ changes: { name: 'Sports' }, slug: 'sports' }), given(created))).toEqual([
      { type: 'CategoryUpdated', data: { categoryId: 'c1', name: 'Sports', slug: 'sports', description: 'Live matches', at: now } },
    ]);
  });

  it('keeps the fields not sent and changes the image on its own', () => {
    const events = decideCategory(update({ changes: { description: 'Football' }, image }), given(created));
    expect(events).toEqual([
      { type: 'CategoryUpdated', data: { categoryId: 'c1', name: 'Sport', slug: 'sport', description: 'Football', at: now } },
      { type: 'CategoryImageChanged', data: { categoryId: 'c1', image, at: now } },
    ]);
    expect(events.reduce(evolveCategory, given(created))).toMatchObject({ name: 'Sport', description: 'Football', image });
  });

  it('refuses to delete a category that still holds products, saying how many', () => {
    const remove = (productsCount: number): CategoryCommand => ({ type: 'DeleteCategory', data: { categoryId: 'c1', productsCount, now } });
    expect(() => decideCategory(remove(3), given(created))).toThrow('This category still holds 3 products. Move or delete them before deleting the category.');
    expect(() => decideCategory(remove(1), given(created))).toThrow('This category still holds 1 product. Move or delete it before deleting the category.');
    try {
      decideCategory(remove(3), given(created));
    } catch (error) {
      expect(error).toBeInstanceOf(CatalogueRuleError);
      expect(error).toMatchObject({ status: 409, details: { productsCount: 3 } });
    }
    expect(decideCategory(remove(0), given(created))).toEqual([{ type: 'CategoryDeleted', data: { categoryId: 'c1', name: 'Sport', at: now } }]);
  });

  it('answers 404 for a category that does not exist or was deleted', () => {
    const deleted = given(created, { type: 'CategoryDeleted', data: { categoryId: 'c1', name: 'Sport', at: now } });
    for (const state of [initialCategoryState, deleted]) {
      expect(() => decideCategory(update({ changes: { name: 'x' } }), state)).toThrow('Category not found');
      expect(() => decideCategory({ type: 'DeleteCategory', data: { categoryId: 'c1', productsCount: 0, now } }, state)).toThrow('Category not found');
    }
  });
});
