import type { PriceDuration, Quality } from '../../shared/catalogue';

// Events of the catalogue module. Each carries the full state it changes (and `at`, when), so the
// read model folds a batch without looking rows up; who did it is in the event's metadata.

/** Paths of an uploaded image's stored renditions (served under /media). */
export interface ImageRef {
  featured: string;
  thumbnail: string;
}

export interface ProductDetails {
  name: string;
  description: string;
  channels: number;
  quality: Quality;
  devices: number;
  popular: boolean;
  vod: boolean;
  features: string[];
}

/** Everything an admin can edit of a category: what a restore brings back (the slug follows the name). */
export interface CategoryValues {
  name: string;
  slug: string;
  description: string;
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
      data: { categoryId: string; name: string; slug: string; description: string; image: ImageRef | null; at: string };
    }
  | {
      type: 'CategoryUpdated';
      data: { categoryId: string; name: string; slug: string; description: string; at: string };
    }
  | { type: 'CategoryImageChanged'; data: { categoryId: string; image: ImageRef; at: string } }
  | { type: 'CategoryDeleted'; data: { categoryId: string; name: string; at: string } }
  | {
      /** An admin brought back the values the category had at its version `toVersion` (a new version, nothing rewritten). */
      type: 'CategoryRestored';
      data: CategoryValues & { categoryId: string; toVersion: number; at: string };
    };

export type ProductEvent =
  | {
      type: 'ProductCreated';
      data: ProductDetails & {
        productId: string;
        categoryId: string;
        active: boolean;
        priceDurations: PriceDuration[];
        image: ImageRef | null;
        at: string;
      };
    }
  | { type: 'ProductDetailsUpdated'; data: ProductDetails & { productId: string; at: string } }
  | { type: 'ProductCategoryChanged'; data: { productId: string; categoryId: string; at: string } }
  | { type: 'ProductPricesChanged'; data: { productId: string; priceDurations: PriceDuration[]; at: string } }
  | { type: 'ProductImageChanged'; data: { productId: string; image: ImageRef; at: string } }
  | { type: 'ProductActivated'; data: { productId: string; at: string } }
  | { type: 'ProductDeactivated'; data: { productId: string; at: string } }
  | { type: 'ProductDeleted'; data: { productId: string; name: string; at: string } }
  | {
      /** An admin brought back the values the product had at its version `toVersion` (a new version, nothing rewritten). */
      type: 'ProductRestored';
      data: ProductValues & { productId: string; toVersion: number; at: string };
    };

export type CatalogueEvent = CategoryEvent | ProductEvent;

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

export const categoryStream = (categoryId: string) => `catalogue-category-${categoryId}`;
export const productStream = (productId: string) => `catalogue-product-${productId}`;
export const slugStream = (slug: string) => `catalogue-slug-${slug}`;
export const placementsStream = (categoryId: string) => `catalogue-category-placements-${categoryId}`;
export const DEMO_CATALOGUE_STREAM = 'catalogue-demo';
