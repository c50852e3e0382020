import { isDeepStrictEqual } from 'node:util';
import type { ZodError } from 'zod';
import type { Decider } from '../../platform/eventstore/command-handler';
import { englishOf } from '../../platform/error-text';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import {
  catalogueMessages,
  type CategoryChanges,
  type CategoryFields,
  type ProductChanges,
  type ProductFields,
  categoryCreateSchema,
  productCreateSchema,
} from '../../shared/catalogue';
import type { CategoryEvent, CategoryValues, ImageRef, ProductDetails, ProductEvent, ProductValues } from './events';

// Pure rules of the catalogue's two kinds of stream, a category and a product: decide(command,
// state) → events; evolve(state, event) → state. The field rules (docs/product.md#validation) are the shared schemas'
// (src/shared/catalogue); what needs more than one request's fields lives here. What a decider
// cannot know is passed in by commands.ts: a category's claimed slug, how many products it holds,
// the categories a product may be put in (both read from the catalogue read model), and for a
// restore the state the item had at the version to bring back (its own stream folded that far).

export class CatalogueRuleError extends RuleError {}

// One category.

export interface CategoryState {
  exists: boolean;
  deleted: boolean;
  /** The stream's revision once this state was reached (-1: no event yet): the category's version. */
  version: number;
  name: string;
  slug: string;
  description: string;
  image: ImageRef | null;
}

const initialCategoryState: CategoryState = {
  exists: false,
  deleted: false,
  version: -1,
  name: '',
  slug: '',
  description: '',
  image: null,
};

export type CategoryCommand =
  | {
      type: 'CreateCategory';
      data: { categoryId: string; fields: CategoryFields; slug: string; image: ImageRef | null; now: string };
    }
  | {
      type: 'UpdateCategory';
      data: { categoryId: string; changes: CategoryChanges; slug: string; image?: ImageRef; now: string };
    }
  | { type: 'DeleteCategory'; data: { categoryId: string; productsCount: number; now: string } }
  | {
      type: 'RestoreCategory';
      /** `restored`: the state at `toVersion`; `slug`: the one claimed for its name (commands.ts). */
      data: { categoryId: string; toVersion: number; restored: CategoryState; slug: string; now: string };
    };

function decideCategory(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
  switch (command.type) {
    case 'CreateCategory': {
      if (state.exists) throw new CatalogueRuleError(409, catalogueMessages.categoryExists);
      const { categoryId, fields, slug, image, now } = command.data;
      return [
        {
          type: 'CategoryCreated',
          data: { categoryId, name: fields.name, slug, description: fields.description, image, at: now },
        },
      ];
    }
    case 'UpdateCategory': {
      requireLivingCategory(state);
      const { categoryId, changes, slug, image, now } = command.data;
      const next = { name: changes.name ?? state.name, description: changes.description ?? state.description, slug };
      const events: CategoryEvent[] = [];
      if (next.name !== state.name || next.description !== state.description || next.slug !== state.slug) {
        events.push({ type: 'CategoryUpdated', data: { categoryId, ...next, at: now } });
      }
      if (image) events.push({ type: 'CategoryImageChanged', data: { categoryId, image, at: now } });
      return events;
    }
    case 'DeleteCategory': {
      requireLivingCategory(state);
      const { categoryId, productsCount, now } = command.data;
      if (productsCount > 0)
        throw new CatalogueRuleError(409, catalogueMessages.categoryHasProducts(productsCount), { productsCount });
      return [{ type: 'CategoryDeleted', data: { categoryId, name: state.name, at: now } }];
    }
    case 'RestoreCategory': {
      const { categoryId, toVersion, restored, slug, now } = command.data;
      const fields = restorableCategory(state, toVersion, restored);
      const values: CategoryValues = { ...fields, slug, image: restored.image };
      // Already holding those values: nothing to record (as an edit that changes nothing).
      if (isDeepStrictEqual(values, categoryValues(state))) return [];
      return [{ type: 'CategoryRestored', data: { categoryId, ...values, toVersion, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

/**
 * A category's name and description at `toVersion`, if they may be brought back: the category
 * lives, the version is an earlier one, and its values pass today's rules. Exported so that
 * commands.ts checks it before claiming a slug for the name (a refused restore claims nothing).
 */
export function restorableCategory(state: CategoryState, toVersion: number, restored: CategoryState): CategoryFields {
  requireLivingCategory(state);
  requireEarlier(toVersion, state.version);
  return underTodaysRules(toVersion, categoryCreateSchema, { name: restored.name, description: restored.description });
}

const categoryValues = ({ name, slug, description, image }: CategoryState): CategoryValues => ({
  name,
  slug,
  description,
  image,
});

/** Each event is one more version of the category. */
function evolveCategory(state: CategoryState, event: CategoryEvent): CategoryState {
  return { ...applyCategoryEvent(state, event), version: state.version + 1 };
}

function applyCategoryEvent(state: CategoryState, event: CategoryEvent): CategoryState {
  switch (event.type) {
    case 'CategoryCreated': {
      const { name, slug, description, image } = event.data;
      return { ...state, exists: true, deleted: false, name, slug, description, image };
    }
    case 'CategoryUpdated': {
      const { name, slug, description } = event.data;
      return { ...state, name, slug, description };
    }
    case 'CategoryImageChanged':
      return { ...state, image: event.data.image };
    case 'CategoryDeleted':
      return { ...state, deleted: true };
    case 'CategoryRestored': {
      const { name, slug, description, image } = event.data;
      return { ...state, name, slug, description, image };
    }
    default:
      return exhaustive(event);
  }
}

function requireLivingCategory(state: CategoryState): void {
  if (!state.exists || state.deleted) throw new CatalogueRuleError(404, catalogueMessages.categoryNotFound);
}

export const categoryDecider: Decider<CategoryCommand, CategoryEvent, CategoryState> = {
  decide: decideCategory,
  evolve: evolveCategory,
  initialState: initialCategoryState,
};

// One product.

export interface ProductState extends ProductValues {
  exists: boolean;
  deleted: boolean;
  /** The stream's revision once this state was reached (-1: no event yet): the product's version. */
  version: number;
}

const initialProductState: ProductState = {
  exists: false,
  deleted: false,
  version: -1,
  name: '',
  description: '',
  channels: 0,
  quality: 'HD',
  devices: 1,
  popular: false,
  vod: false,
  features: [],
  categoryId: '',
  active: true,
  priceDurations: [],
  image: null,
};

/** The categories a product may be put in, as the catalogue read model knows them. */
export interface CategoryRef {
  id: string;
  slug: string;
  name: string;
}

export type ProductCommand =
  | {
      type: 'CreateProduct';
      data: {
        productId: string;
        fields: ProductFields;
        image: ImageRef | null;
        categories: CategoryRef[];
        now: string;
      };
    }
  | {
      type: 'UpdateProduct';
      data: { productId: string; changes: ProductChanges; image?: ImageRef; categories: CategoryRef[]; now: string };
    }
  | {
      type: 'ChangeProductCategory';
      data: { productId: string; category: string; categories: CategoryRef[]; now: string };
    }
  | { type: 'DeleteProduct'; data: { productId: string; now: string } }
  | {
      type: 'RestoreProduct';
      data: {
        productId: string;
        toVersion: number;
        /** The product's state at `toVersion` (with today's image, when that version's is no longer stored). */
        restored: ProductState;
        categories: CategoryRef[];
        /** What the category of `restored` was called, when it is no longer among `categories`. */
        formerCategoryName?: string;
        now: string;
      };
    };

function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct': {
      if (state.exists) throw new CatalogueRuleError(409, catalogueMessages.productExists);
      const { productId, fields, image, categories, now } = command.data;
      const categoryId = resolveCategory(fields.category_id, categories);
      const { active, price_durations: priceDurations } = fields;
      return [
        {
          type: 'ProductCreated',
          data: { productId, ...detailsOf(fields), categoryId, active, priceDurations, image, at: now },
        },
      ];
    }
    case 'UpdateProduct': {
      requireLivingProduct(state);
      return productEdits(command.data, state);
    }
    case 'ChangeProductCategory': {
      requireLivingProduct(state);
      const { productId, category, categories, now } = command.data;
      const categoryId = resolveCategory(category, categories);
      return categoryId === state.categoryId
        ? []
        : [{ type: 'ProductCategoryChanged', data: { productId, categoryId, at: now } }];
    }
    case 'DeleteProduct': {
      requireLivingProduct(state);
      const { productId, now } = command.data;
      return [{ type: 'ProductDeleted', data: { productId, name: state.name, at: now } }];
    }
    case 'RestoreProduct': {
      const { productId, toVersion, now } = command.data;
      const values = restorableProduct(state, command.data);
      // Already holding those values: nothing to record (as an edit that changes nothing).
      if (isDeepStrictEqual(values, productValues(state))) return [];
      return [{ type: 'ProductRestored', data: { productId, ...values, toVersion, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

/** A product's values at `toVersion`, if they may be brought back: as an edit of all of them would be checked. */
function restorableProduct(
  state: ProductState,
  command: Extract<ProductCommand, { type: 'RestoreProduct' }>['data'],
): ProductValues {
  requireLivingProduct(state);
  const { toVersion, restored, categories, formerCategoryName } = command;
  requireEarlier(toVersion, state.version);
  if (!categories.some((category) => category.id === restored.categoryId))
    throw new CatalogueRuleError(400, catalogueMessages.restoreCategoryDeleted(toVersion, formerCategoryName));
  const fields = underTodaysRules(toVersion, productCreateSchema, {
    ...detailsOf(restored),
    category_id: restored.categoryId,
    active: restored.active,
    price_durations: restored.priceDurations,
  });
  const { category_id: _category, active, price_durations: priceDurations } = fields;
  return { ...detailsOf(fields), categoryId: restored.categoryId, active, priceDurations, image: restored.image };
}

const productValues = (state: ProductState): ProductValues => {
  const { categoryId, active, priceDurations, image } = state;
  return { ...detailsOf(state), categoryId, active, priceDurations, image };
};

/** Each event is one more version of the product. */
function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  return { ...applyProductEvent(state, event), version: state.version + 1 };
}

function applyProductEvent(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId: _id, at: _at, ...fields } = event.data;
      return { ...state, exists: true, deleted: false, ...fields };
    }
    case 'ProductDetailsUpdated': {
      const { productId: _id, at: _at, ...details } = event.data;
      return { ...state, ...details };
    }
    case 'ProductCategoryChanged':
      return { ...state, categoryId: event.data.categoryId };
    case 'ProductPricesChanged':
      return { ...state, priceDurations: event.data.priceDurations };
    case 'ProductImageChanged':
      return { ...state, image: event.data.image };
    case 'ProductActivated':
      return { ...state, active: true };
    case 'ProductDeactivated':
      return { ...state, active: false };
    case 'ProductDeleted':
      return { ...state, deleted: true };
    case 'ProductRestored': {
      const { productId: _id, at: _at, toVersion: _version, ...values } = event.data;
      return { ...state, ...values };
    }
    default:
      return exhaustive(event);
  }
}

/** By id, then by slug, then by name (case-insensitive); 400 when it names none. */
export function resolveCategory(reference: string, categories: CategoryRef[]): string {
  if (!categories.length) throw new CatalogueRuleError(400, catalogueMessages.noCategories);
  const wanted = reference.trim();
  if (!wanted) throw new CatalogueRuleError(400, catalogueMessages.categoryRequired);
  const lower = wanted.toLowerCase();
  const found =
    categories.find((c) => c.id === wanted) ??
    categories.find((c) => c.slug === lower) ??
    categories.find((c) => c.name.trim().toLowerCase() === lower);
  if (!found) throw new CatalogueRuleError(400, catalogueMessages.categoryNotFound);
  return found.id;
}

/** An edit makes one event per aspect that really changed, none when nothing did. */
function productEdits(
  data: Extract<ProductCommand, { type: 'UpdateProduct' }>['data'],
  state: ProductState,
): ProductEvent[] {
  const { productId, changes, image, categories, now } = data;
  const events: ProductEvent[] = [];
  const details = detailsOf({ ...state, ...changes });
  if (!isDeepStrictEqual(details, detailsOf(state)))
    events.push({ type: 'ProductDetailsUpdated', data: { productId, ...details, at: now } });
  if (changes.category_id !== undefined) {
    const categoryId = resolveCategory(changes.category_id, categories);
    if (categoryId !== state.categoryId)
      events.push({ type: 'ProductCategoryChanged', data: { productId, categoryId, at: now } });
  }
  const prices = changes.price_durations;
  if (prices && !isDeepStrictEqual(prices, state.priceDurations)) {
    events.push({ type: 'ProductPricesChanged', data: { productId, priceDurations: prices, at: now } });
  }
  if (image) events.push({ type: 'ProductImageChanged', data: { productId, image, at: now } });
  if (changes.active !== undefined && changes.active !== state.active) {
    events.push({ type: changes.active ? 'ProductActivated' : 'ProductDeactivated', data: { productId, at: now } });
  }
  return events;
}

function detailsOf(source: ProductDetails): ProductDetails {
  const { name, description, channels, quality, devices, popular, vod, features } = source;
  return { name, description, channels, quality, devices, popular, vod, features };
}

function requireLivingProduct(state: ProductState): void {
  if (!state.exists || state.deleted) throw new CatalogueRuleError(404, catalogueMessages.productNotFound);
}

/** A restore goes back: to a version before the current one. */
function requireEarlier(toVersion: number, current: number): void {
  if (toVersion >= current) throw new CatalogueRuleError(400, catalogueMessages.restoreNotEarlier(toVersion, current));
}

/** An earlier version's values, as today's rules for an edit read them (400 naming the first that fails). */
function underTodaysRules<Output>(
  toVersion: number,
  schema: { safeParse(input: unknown): { success: true; data: Output } | { success: false; error: ZodError } },
  values: Record<string, unknown>,
): Output {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const problem = englishOf(parsed.error.issues[0]?.message ?? 'invalid values');
  throw new CatalogueRuleError(400, catalogueMessages.restoreInvalid(toVersion, problem));
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: initialProductState,
};
