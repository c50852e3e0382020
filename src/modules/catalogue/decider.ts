import { isDeepStrictEqual } from 'node:util';
import type { ZodError } from 'zod';
import type { Decider } from '../../platform/eventstore/command-handler';
import { englishOf } from '../../platform/error-text';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import {
  CATALOGUE_LANGUAGES,
  INITIAL_SHOP_LANGUAGE,
  catalogueMessages,
  catalogueTextIn,
  type CategoryChanges,
  type CategoryFields,
  type CategoryText,
  type CategoryTranslations,
  type ProductChanges,
  type ProductFields,
  type ProductText,
  type Translations,
  type TranslationsChange,
  categoryCreateSchema,
  productCreateSchema,
} from '../../shared/catalogue';
import type { Language } from '../../shared/identity';
import {
  upcastCatalogueEvent,
  type CategoryEvent,
  type CategoryValues,
  type ImageRef,
  type ProductDetails,
  type ProductEvent,
  type ProductValues,
  type CatalogueLanguageEvent,
} from './events';

// Pure rules of the catalogue's streams, a category, a product and the shop's settings: decide(command,
// state) → events; evolve(state, event) → state. The field rules (docs/product.md#validation) are the shared schemas'
// (src/shared/catalogue); what needs more than one request's fields lives here. What a decider
// cannot know is passed in by commands.ts: a category's claimed slug, how many products it holds,
// the categories a product may be put in (both read from the catalogue read model), and for a
// restore the state the item had at the version to bring back (its own stream folded that far),
// and the shop's default language (read from its stream) for the rules of the texts.

export class CatalogueRuleError extends RuleError {}

// Texts in three languages (docs/product.md#catalogue-languages).

/**
 * An item's languages after an edit: those `change` names are replaced, or taken out (null); the
 * text sent on its own (`plain`: name, description, features) edits the shop's default
 * language's, field by field, unless `change` names that language. Kept in the order ar, fr, en,
 * so that an unchanged item compares (and serialises) the same.
 */
export function editedTranslations<T extends object>(
  current: Translations<T>,
  change: TranslationsChange<T>,
  plain: Partial<T>,
  defaultLanguage: Language,
  blank: T,
): Translations<T> {
  const next: Translations<T> = { ...current };
  for (const language of CATALOGUE_LANGUAGES) {
    const given = change[language];
    if (given === null) delete next[language];
    else if (given !== undefined) next[language] = given;
  }
  const sent = Object.fromEntries(Object.entries(plain).filter(([, value]) => value !== undefined)) as Partial<T>;
  if (change[defaultLanguage] === undefined && Object.keys(sent).length)
    next[defaultLanguage] = { ...(current[defaultLanguage] ?? blank), ...sent };
  return Object.fromEntries(
    CATALOGUE_LANGUAGES.filter((language) => next[language]).map((language) => [language, next[language]]),
  ) as Translations<T>;
}

/** The shop's default language must be filled, its name at least (400 naming it). */
function requireDefaultLanguage(translations: Translations<{ name: string }>, defaultLanguage: Language): void {
  if (!translations[defaultLanguage]?.name.trim())
    throw new CatalogueRuleError(400, catalogueMessages.defaultLanguageRequired(defaultLanguage));
}

/** The text an event carries besides `translations`: the default language's, else the first there is. */
function defaultTextOf<T>(translations: Translations<T>, defaultLanguage: Language, blank: T): T {
  return catalogueTextIn(translations, defaultLanguage, defaultLanguage)?.text ?? blank;
}

const BLANK_CATEGORY: CategoryText = { name: '', description: '' };
const BLANK_PRODUCT: ProductText = { name: '', description: '', features: [] };

// One category.

export interface CategoryState {
  exists: boolean;
  deleted: boolean;
  /** The stream's revision once this state was reached (-1: no event yet): the category's version. */
  version: number;
  /** Its name in the shop's default language when last written (what messages call it). */
  name: string;
  slug: string;
  translations: CategoryTranslations;
  image: ImageRef | null;
}

const initialCategoryState: CategoryState = {
  exists: false,
  deleted: false,
  version: -1,
  name: '',
  slug: '',
  translations: {},
  image: null,
};

export type CategoryCommand =
  | {
      type: 'CreateCategory';
      data: {
        categoryId: string;
        fields: CategoryFields;
        slug: string;
        image: ImageRef | null;
        defaultLanguage: Language;
        now: string;
      };
    }
  | {
      type: 'UpdateCategory';
      data: {
        categoryId: string;
        changes: CategoryChanges;
        slug: string;
        image?: ImageRef;
        defaultLanguage: Language;
        now: string;
      };
    }
  | { type: 'DeleteCategory'; data: { categoryId: string; productsCount: number; now: string } }
  | {
      type: 'RestoreCategory';
      /** `restored`: the state at `toVersion`; `slug`: the one claimed for its name (commands.ts). */
      data: {
        categoryId: string;
        toVersion: number;
        restored: CategoryState;
        slug: string;
        defaultLanguage: Language;
        now: string;
      };
    };

function decideCategory(command: CategoryCommand, state: CategoryState): CategoryEvent[] {
  switch (command.type) {
    case 'CreateCategory': {
      if (state.exists) throw new CatalogueRuleError(409, catalogueMessages.categoryExists);
      const { categoryId, fields, slug, image, defaultLanguage, now } = command.data;
      const translations = categoryTextAfter(initialCategoryState, fields, defaultLanguage);
      requireDefaultLanguage(translations, defaultLanguage);
      const text = defaultTextOf(translations, defaultLanguage, BLANK_CATEGORY);
      return [{ type: 'CategoryCreated', data: { categoryId, ...text, slug, translations, image, at: now } }];
    }
    case 'UpdateCategory': {
      requireLivingCategory(state);
      const { categoryId, changes, slug, image, defaultLanguage, now } = command.data;
      const translations = categoryTextAfter(state, changes, defaultLanguage);
      const retold = !isDeepStrictEqual(translations, state.translations);
      // A change of text must leave the default language filled; an edit of the image alone need not.
      if (retold) requireDefaultLanguage(translations, defaultLanguage);
      const events: CategoryEvent[] = [];
      if (retold || slug !== state.slug) {
        const text = defaultTextOf(translations, defaultLanguage, BLANK_CATEGORY);
        events.push({ type: 'CategoryUpdated', data: { categoryId, ...text, slug, translations, at: now } });
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
      const { categoryId, toVersion, restored, slug, defaultLanguage, now } = command.data;
      const { translations } = restorableCategory(state, toVersion, restored, defaultLanguage);
      const values: CategoryValues = { translations, slug, image: restored.image };
      // Already holding those values: nothing to record (as an edit that changes nothing).
      if (isDeepStrictEqual(values, categoryValues(state))) return [];
      const text = defaultTextOf(translations, defaultLanguage, BLANK_CATEGORY);
      return [{ type: 'CategoryRestored', data: { categoryId, ...text, ...values, toVersion, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

/**
 * A category's languages once `edit` applies (editedTranslations). Exported so that commands.ts
 * claims a slug for the name the category will have in the default language.
 */
export function categoryTextAfter(
  state: Pick<CategoryState, 'translations'>,
  edit: CategoryChanges,
  defaultLanguage: Language,
): CategoryTranslations {
  const { name, description, translations = {} } = edit;
  return editedTranslations(state.translations, translations, { name, description }, defaultLanguage, BLANK_CATEGORY);
}

/** The name a category's slug follows: its name in the default language (else its first). */
export const slugName = (translations: CategoryTranslations, defaultLanguage: Language): string =>
  defaultTextOf(translations, defaultLanguage, BLANK_CATEGORY).name;

/**
 * A category's texts at `toVersion`, if they may be brought back: the category lives, the
 * version is an earlier one, and its values pass today's rules (the default language filled among
 * them). Exported so that commands.ts checks it before claiming a slug for the name (a refused
 * restore claims nothing).
 */
export function restorableCategory(
  state: CategoryState,
  toVersion: number,
  restored: CategoryState,
  defaultLanguage: Language,
): { translations: CategoryTranslations } {
  requireLivingCategory(state);
  requireEarlier(toVersion, state.version);
  const fields = underTodaysRules(toVersion, categoryCreateSchema, { translations: restored.translations });
  const translations = categoryTextAfter({ translations: {} }, fields, defaultLanguage);
  underTodaysRule(toVersion, () => requireDefaultLanguage(translations, defaultLanguage));
  return { translations };
}

const categoryValues = ({ translations, slug, image }: CategoryState): CategoryValues => ({
  translations,
  slug,
  image,
});

/** Each event is one more version of the category. */
function evolveCategory(state: CategoryState, event: CategoryEvent): CategoryState {
  return { ...applyCategoryEvent(state, upcastCatalogueEvent(event)), version: state.version + 1 };
}

function applyCategoryEvent(state: CategoryState, event: CategoryEvent): CategoryState {
  switch (event.type) {
    case 'CategoryCreated': {
      const { name, slug, translations, image } = event.data;
      return { ...state, exists: true, deleted: false, name, slug, translations, image };
    }
    case 'CategoryUpdated': {
      const { name, slug, translations } = event.data;
      return { ...state, name, slug, translations };
    }
    case 'CategoryImageChanged':
      return { ...state, image: event.data.image };
    case 'CategoryDeleted':
      return { ...state, deleted: true };
    case 'CategoryRestored': {
      const { name, slug, translations, image } = event.data;
      return { ...state, name, slug, translations, image };
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
  /** Its name in the shop's default language when last written (what messages call it). */
  name: string;
}

const initialProductState: ProductState = {
  exists: false,
  deleted: false,
  version: -1,
  name: '',
  translations: {},
  channels: 0,
  quality: 'HD',
  devices: 1,
  popular: false,
  vod: false,
  categoryId: '',
  active: true,
  priceDurations: [],
  image: null,
};

/** The categories a product may be put in, as the catalogue read model knows them (`names`: in every language). */
export interface CategoryRef {
  id: string;
  slug: string;
  names: string[];
}

export type ProductCommand =
  | {
      type: 'CreateProduct';
      data: {
        productId: string;
        fields: ProductFields;
        image: ImageRef | null;
        categories: CategoryRef[];
        defaultLanguage: Language;
        now: string;
      };
    }
  | {
      type: 'UpdateProduct';
      data: {
        productId: string;
        changes: ProductChanges;
        image?: ImageRef;
        categories: CategoryRef[];
        defaultLanguage: Language;
        now: string;
      };
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
        defaultLanguage: Language;
        now: string;
      };
    };

function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct': {
      if (state.exists) throw new CatalogueRuleError(409, catalogueMessages.productExists);
      const { productId, fields, image, categories, defaultLanguage, now } = command.data;
      const categoryId = resolveCategory(fields.category_id, categories);
      const translations = productTextAfter(initialProductState, fields, defaultLanguage);
      requireDefaultLanguage(translations, defaultLanguage);
      const { active, price_durations: priceDurations } = fields;
      const details = detailsOf({ ...fields, translations });
      const text = defaultTextOf(translations, defaultLanguage, BLANK_PRODUCT);
      return [
        {
          type: 'ProductCreated',
          data: { productId, ...text, ...details, categoryId, active, priceDurations, image, at: now },
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
      const { productId, toVersion, defaultLanguage, now } = command.data;
      const values = restorableProduct(state, command.data);
      // Already holding those values: nothing to record (as an edit that changes nothing).
      if (isDeepStrictEqual(values, productValues(state))) return [];
      const text = defaultTextOf(values.translations, defaultLanguage, BLANK_PRODUCT);
      return [{ type: 'ProductRestored', data: { productId, ...text, ...values, toVersion, at: now } }];
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
  const { toVersion, restored, categories, formerCategoryName, defaultLanguage } = command;
  requireEarlier(toVersion, state.version);
  if (!categories.some((category) => category.id === restored.categoryId))
    throw new CatalogueRuleError(400, catalogueMessages.restoreCategoryDeleted(toVersion, formerCategoryName));
  const fields = underTodaysRules(toVersion, productCreateSchema, {
    ...detailsOf(restored),
    category_id: restored.categoryId,
    active: restored.active,
    price_durations: restored.priceDurations,
  });
  const translations = productTextAfter(initialProductState, fields, defaultLanguage);
  underTodaysRule(toVersion, () => requireDefaultLanguage(translations, defaultLanguage));
  const { active, price_durations: priceDurations } = fields;
  const details = detailsOf({ ...fields, translations });
  return { ...details, categoryId: restored.categoryId, active, priceDurations, image: restored.image };
}

/** A product's languages once `edit` applies (editedTranslations). */
function productTextAfter(
  state: Pick<ProductState, 'translations'>,
  edit: ProductChanges,
  defaultLanguage: Language,
): Translations<ProductText> {
  const { name, description, features, translations = {} } = edit;
  const plain = { name, description, features };
  return editedTranslations(state.translations, translations, plain, defaultLanguage, BLANK_PRODUCT);
}

const productValues = (state: ProductState): ProductValues => {
  const { categoryId, active, priceDurations, image } = state;
  return { ...detailsOf(state), categoryId, active, priceDurations, image };
};

/** Each event is one more version of the product. */
function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  return { ...applyProductEvent(state, upcastCatalogueEvent(event)), version: state.version + 1 };
}

function applyProductEvent(state: ProductState, event: ProductEvent): ProductState {
  switch (event.type) {
    case 'ProductCreated': {
      const { productId: _id, at: _at, description: _d, features: _f, ...fields } = event.data;
      return { ...state, exists: true, deleted: false, ...fields };
    }
    case 'ProductDetailsUpdated': {
      const { productId: _id, at: _at, description: _d, features: _f, ...details } = event.data;
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
      const { productId: _id, at: _at, toVersion: _version, description: _d, features: _f, ...values } = event.data;
      return { ...state, ...values };
    }
    default:
      return exhaustive(event);
  }
}

/** By id, then by slug, then by name in any language (case-insensitive); 400 when it names none. */
export function resolveCategory(reference: string, categories: CategoryRef[]): string {
  if (!categories.length) throw new CatalogueRuleError(400, catalogueMessages.noCategories);
  const wanted = reference.trim();
  if (!wanted) throw new CatalogueRuleError(400, catalogueMessages.categoryRequired);
  const lower = wanted.toLowerCase();
  const found =
    categories.find((c) => c.id === wanted) ??
    categories.find((c) => c.slug === lower) ??
    categories.find((c) => c.names.some((name) => name.trim().toLowerCase() === lower));
  if (!found) throw new CatalogueRuleError(400, catalogueMessages.categoryNotFound);
  return found.id;
}

/** An edit makes one event per aspect that really changed, none when nothing did. */
function productEdits(
  data: Extract<ProductCommand, { type: 'UpdateProduct' }>['data'],
  state: ProductState,
): ProductEvent[] {
  const { productId, changes, image, categories, defaultLanguage, now } = data;
  const events: ProductEvent[] = [];
  const translations = productTextAfter(state, changes, defaultLanguage);
  // A change of text must leave the default language filled; an edit of the rest alone need not.
  if (!isDeepStrictEqual(translations, state.translations)) requireDefaultLanguage(translations, defaultLanguage);
  const details = detailsOf({ ...state, ...changes, translations });
  if (!isDeepStrictEqual(details, detailsOf(state))) {
    const text = defaultTextOf(translations, defaultLanguage, BLANK_PRODUCT);
    events.push({ type: 'ProductDetailsUpdated', data: { productId, ...text, ...details, at: now } });
  }
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
  const { translations, channels, quality, devices, popular, vod } = source;
  return { translations, channels, quality, devices, popular, vod };
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

/** A rule of the decider's own, read as one of today's rules for a restore. */
function underTodaysRule(toVersion: number, rule: () => void): void {
  try {
    rule();
  } catch (error) {
    if (!(error instanceof CatalogueRuleError)) throw error;
    throw new CatalogueRuleError(400, catalogueMessages.restoreInvalid(toVersion, error.message));
  }
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  decide: decideProduct,
  evolve: evolveProduct,
  initialState: initialProductState,
};

// The shop's settings (docs/product.md#shop-settings): one stream, CATALOGUE_LANGUAGE_STREAM.

export interface CatalogueLanguageState {
  /** The language every item's text must have (INITIAL_SHOP_LANGUAGE until an admin chooses). */
  defaultLanguage: Language;
  /** The stream's revision (-1 before the first choice): the settings' version. */
  version: number;
}

export type CatalogueLanguageCommand = { type: 'ChooseCatalogueLanguage'; data: { language: Language; now: string } };

export const catalogueLanguageDecider: Decider<
  CatalogueLanguageCommand,
  CatalogueLanguageEvent,
  CatalogueLanguageState
> = {
  decide(command, state) {
    const { language, now } = command.data;
    return language === state.defaultLanguage ? [] : [{ type: 'CatalogueLanguageChosen', data: { language, at: now } }];
  },
  evolve: (state, event) => ({ defaultLanguage: event.data.language, version: state.version + 1 }),
  initialState: { defaultLanguage: INITIAL_SHOP_LANGUAGE, version: -1 },
};
