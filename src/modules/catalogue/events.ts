import {
  INITIAL_SHOP_LANGUAGE,
  type CategoryText,
  type CategoryTranslations,
  type ImageRendition,
  type PriceDuration,
  type ProductText,
  type ProductTranslations,
  type Quality,
} from '../../shared/catalogue';
import type { Language } from '../../shared/identity';

// Events of the catalogue module. Each carries the full state it changes (and `at`, when), so the
// read model folds a batch without looking rows up; who did it is in the event's metadata.
//
// Texts are per language (docs/product.md#catalogue-languages): an event that writes an item's text carries
// `translations`, every language's, and beside them `name`, `description` (and a product's
// `features`): the text in the shop's default language when it was written (else the first
// language the item has), for any reader that knows one language. Events written before the
// catalogue had languages hold only the latter: upcastCatalogueEvent reads them as the shop's
// default language at the time, which could only be INITIAL_SHOP_LANGUAGE.

/** Paths of an uploaded image's stored renditions (served under /media). */
export interface ImageRef {
  featured: string;
  thumbnail: string;
  /** Every rendition with the width it was rendered at; absent in events from before widths were recorded. */
  renditions?: ImageRendition[];
}

export interface ProductDetails {
  translations: ProductTranslations;
  channels: number;
  quality: Quality;
  devices: number;
  popular: boolean;
  vod: boolean;
}

/** Everything an admin can edit of a category: what a restore brings back (the slug follows the default language's name). */
export interface CategoryValues {
  translations: CategoryTranslations;
  slug: string;
  image: ImageRef | null;
}

/** Everything an admin can edit of a product: what a restore brings back. */
export interface ProductValues extends ProductDetails {
  categoryId: string;
  active: boolean;
  priceDurations: PriceDuration[];
  image: ImageRef | null;
}

export type CategoryEvent =
  | {
      type: 'CategoryCreated';
      data: CategoryText & CategoryValues & { categoryId: string; at: string };
    }
  | {
      type: 'CategoryUpdated';
      data: CategoryText & Omit<CategoryValues, 'image'> & { categoryId: string; at: string };
    }
  | { type: 'CategoryImageChanged'; data: { categoryId: string; image: ImageRef; at: string } }
  | { type: 'CategoryDeleted'; data: { categoryId: string; name: string; at: string } }
  | {
      /** An admin brought back the values the category had at its version `toVersion` (a new version, nothing rewritten). */
      type: 'CategoryRestored';
      data: CategoryText & CategoryValues & { categoryId: string; toVersion: number; at: string };
    };

export type ProductEvent =
  | {
      type: 'ProductCreated';
      data: ProductText &
        ProductDetails & {
          productId: string;
          categoryId: string;
          active: boolean;
          priceDurations: PriceDuration[];
          image: ImageRef | null;
          at: string;
        };
    }
  | { type: 'ProductDetailsUpdated'; data: ProductText & ProductDetails & { productId: string; at: string } }
  | { type: 'ProductCategoryChanged'; data: { productId: string; categoryId: string; at: string } }
  | { type: 'ProductPricesChanged'; data: { productId: string; priceDurations: PriceDuration[]; at: string } }
  | { type: 'ProductImageChanged'; data: { productId: string; image: ImageRef; at: string } }
  | { type: 'ProductActivated'; data: { productId: string; at: string } }
  | { type: 'ProductDeactivated'; data: { productId: string; at: string } }
  | { type: 'ProductDeleted'; data: { productId: string; name: string; at: string } }
  | {
      /** An admin brought back the values the product had at its version `toVersion` (a new version, nothing rewritten). */
      type: 'ProductRestored';
      data: ProductText & ProductValues & { productId: string; toVersion: number; at: string };
    };

export type CatalogueEvent = CategoryEvent | ProductEvent;

/** The shop's settings (docs/product.md#shop-settings): the language every item must have. One stream, CATALOGUE_LANGUAGE_STREAM. */
export type CatalogueLanguageEvent = { type: 'CatalogueLanguageChosen'; data: { language: Language; at: string } };

/** A slug belongs to at most one category: its own stream, claimed and released with optimistic concurrency. */
export type SlugEvent =
  | { type: 'CategorySlugClaimed'; data: { slug: string; categoryId: string } }
  | { type: 'CategorySlugReleased'; data: { slug: string; categoryId: string } };

/**
 * A category's placements (placements.ts): every product put into the category is recorded here
 * before its own event, and a deletion closes the stream, at the revision each read: so a product
 * placed and the category deleted at the same moment collide, and one of them is refused. Not on
 * the category's own stream, whose revision is the version an admin edits. No read model folds them.
 */
export type PlacementEvent =
  | { type: 'ProductPlacedInCategory'; data: { categoryId: string; productId: string; at: string } }
  | { type: 'CategoryClosedToProducts'; data: { categoryId: string; at: string } }
  | { type: 'CategoryReopenedToProducts'; data: { categoryId: string; at: string } };

/** Marks the one-time demo catalogue (SEED_DEMO), so that only one instance, once, creates it. */
export type DemoCatalogueEvent =
  { type: 'DemoCatalogueStarted'; data: { at: string } } | { type: 'DemoCatalogueCompleted'; data: { at: string } };

export const CATEGORY_EVENT_TYPES: readonly CategoryEvent['type'][] = [
  'CategoryCreated',
  'CategoryUpdated',
  'CategoryImageChanged',
  'CategoryDeleted',
  'CategoryRestored',
];
export const PRODUCT_EVENT_TYPES: readonly ProductEvent['type'][] = [
  'ProductCreated',
  'ProductDetailsUpdated',
  'ProductCategoryChanged',
  'ProductPricesChanged',
  'ProductImageChanged',
  'ProductActivated',
  'ProductDeactivated',
  'ProductDeleted',
  'ProductRestored',
];

/** The catalogue read model folds these into the old slugs that still lead to a category (docs/product.md#category-addresses). */
export const SLUG_EVENT_TYPES: readonly SlugEvent['type'][] = ['CategorySlugClaimed', 'CategorySlugReleased'];

export const CATALOGUE_LANGUAGE_EVENT_TYPES: readonly CatalogueLanguageEvent['type'][] = ['CatalogueLanguageChosen'];

/**
 * The language the text of an event from before the catalogue had languages is in: the shop's
 * default language then, which nobody could have changed yet.
 */
export const LEGACY_TEXT_LANGUAGE: Language = INITIAL_SHOP_LANGUAGE;

/** An event as the rules and read models know it: one from before languages gets `translations` (LEGACY_TEXT_LANGUAGE). */
export function upcastCatalogueEvent<E extends CatalogueEvent>(stored: E): E {
  if ((stored.data as { translations?: unknown }).translations !== undefined) return stored;
  switch (stored.type) {
    case 'CategoryCreated':
    case 'CategoryUpdated':
    case 'CategoryRestored': {
      const { name, description } = stored.data;
      return { ...stored, data: { ...stored.data, translations: { [LEGACY_TEXT_LANGUAGE]: { name, description } } } };
    }
    case 'ProductCreated':
    case 'ProductDetailsUpdated':
    case 'ProductRestored': {
      const { name, description, features } = stored.data;
      const translations = { [LEGACY_TEXT_LANGUAGE]: { name, description, features } };
      return { ...stored, data: { ...stored.data, translations } };
    }
    default:
      return stored;
  }
}

export const CATALOGUE_LANGUAGE_STREAM = 'catalogue-language';
export const categoryStream = (categoryId: string) => `catalogue-category-${categoryId}`;
export const productStream = (productId: string) => `catalogue-product-${productId}`;
export const slugStream = (slug: string) => `catalogue-slug-${slug}`;
export const placementsStream = (categoryId: string) => `catalogue-category-placements-${categoryId}`;
export const DEMO_CATALOGUE_STREAM = 'catalogue-demo';
