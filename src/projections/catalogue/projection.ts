import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  CATEGORY_EVENT_TYPES,
  PRODUCT_EVENT_TYPES,
  CATALOGUE_LANGUAGE_EVENT_TYPES,
  SLUG_EVENT_TYPES,
  upcastCatalogueEvent,
  type CatalogueEvent,
  type ImageRef,
  type CatalogueLanguageEvent,
  type SlugEvent,
} from '../../modules/catalogue/events';
import type { Recorded, StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import { RowFolder, writeInOrder } from '../../platform/projections/fold';
import type { Projection, Write } from '../../platform/projections/projection';
import { AliasFolder } from './aliases';
import type { LiveCatalogue } from './live-catalogue';
import {
  CATEGORY_COLUMNS,
  PRODUCT_COLUMNS,
  LANGUAGE_COLUMNS,
  LANGUAGE_ROW,
  type CategoryRow,
  type ProductRow,
  type CatalogueLanguageRow,
} from './rows';

// The storefront catalogue: categories and products as the store and the back office read them,
// the old slugs that still lead to a category (aliases.ts), and the shop's default language they
// are shown in when a shopper's is missing.
// After each batch, this instance's in-memory copy is refreshed and the changes are pushed live.

export const CATALOGUE_PROJECTION = 'catalogue';

const HANDLES = new Set<string>([
  ...CATEGORY_EVENT_TYPES,
  ...PRODUCT_EVENT_TYPES,
  ...CATALOGUE_LANGUAGE_EVENT_TYPES,
  ...SLUG_EVENT_TYPES,
]);
const SLUG_EVENTS = new Set<string>(SLUG_EVENT_TYPES);

type FoldedEvent = StoredEvent & (CatalogueEvent | CatalogueLanguageEvent | SlugEvent);
type ItemEvent = Recorded<CatalogueEvent | CatalogueLanguageEvent>;

/** The projection, refreshing `live` (the instance's shared in-memory copy) after each batch. */
export function catalogueProjection(live: LiveCatalogue): Projection {
  return {
    name: CATALOGUE_PROJECTION,
    tables: [
      'catalogue_categories',
      'catalogue_category_aliases',
      'catalogue_products',
      'catalogue_language',
      'catalogue_version',
    ],
    handles: HANDLES,
    fold: (events) => foldCatalogueEvents(events as FoldedEvent[]),
    // The slugs' events change no item: nothing of theirs to announce (the copy still reloads, for its aliases).
    afterCommit: (events) => live.changed(events.filter((event): event is ItemEvent => !SLUG_EVENTS.has(event.type))),
  };
}

function foldCatalogueEvents(stored: FoldedEvent[]): Write {
  const categories = new RowFolder<CategoryRow>('catalogue_categories', 'id', sqlTypes(CATEGORY_COLUMNS));
  const products = new RowFolder<ProductRow>('catalogue_products', 'id', sqlTypes(PRODUCT_COLUMNS));
  const language = new RowFolder<CatalogueLanguageRow>('catalogue_language', 'id', sqlTypes(LANGUAGE_COLUMNS));
  const aliases = new AliasFolder();
  for (const one of stored) {
    if (one.type === 'CategorySlugClaimed') {
      aliases.claimed(one.data.slug);
      continue;
    }
    if (one.type === 'CategorySlugReleased') {
      aliases.released(one.data.slug, one.data.categoryId);
      continue;
    }
    const stamp = { version: Number(one.revision), updated_at: one.data.at };
    if (one.type === 'CatalogueLanguageChosen') {
      language.create(LANGUAGE_ROW, { id: LANGUAGE_ROW, default_language: one.data.language, ...stamp });
      continue;
    }
    const event = upcastCatalogueEvent(one);
    switch (event.type) {
      case 'CategoryCreated': {
        const { categoryId, name, slug, description, translations, image } = event.data;
        categories.create(categoryId, {
          id: categoryId,
          name,
          slug,
          description,
          translations,
          ...imageColumns(image),
          ...stamp,
          created_at: event.data.at,
        });
        break;
      }
      case 'CategoryUpdated': {
        const { categoryId, name, slug, description, translations } = event.data;
        categories.patch(categoryId, { name, slug, description, translations, ...stamp });
        break;
      }
      case 'CategoryImageChanged':
        categories.patch(event.data.categoryId, { ...imageColumns(event.data.image), ...stamp });
        break;
      case 'CategoryDeleted':
        categories.remove(event.data.categoryId);
        aliases.categoryDeleted(event.data.categoryId);
        break;
      case 'CategoryRestored': {
        const { categoryId, name, slug, description, translations, image } = event.data;
        categories.patch(categoryId, { name, slug, description, translations, ...imageColumns(image), ...stamp });
        break;
      }
      case 'ProductCreated': {
        const { productId, categoryId, image, priceDurations, at, ...fields } = event.data;
        products.create(productId, {
          id: productId,
          category_id: categoryId,
          ...fields,
          price_durations: priceDurations,
          ...imageColumns(image),
          ...stamp,
          created_at: at,
        });
        break;
      }
      case 'ProductDetailsUpdated': {
        const { productId, at: _at, ...details } = event.data;
        products.patch(productId, { ...details, ...stamp });
        break;
      }
      case 'ProductCategoryChanged':
        products.patch(event.data.productId, { category_id: event.data.categoryId, ...stamp });
        break;
      case 'ProductPricesChanged':
        products.patch(event.data.productId, { price_durations: event.data.priceDurations, ...stamp });
        break;
      case 'ProductImageChanged':
        products.patch(event.data.productId, { ...imageColumns(event.data.image), ...stamp });
        break;
      case 'ProductActivated':
      case 'ProductDeactivated':
        products.patch(event.data.productId, { active: event.type === 'ProductActivated', ...stamp });
        break;
      case 'ProductDeleted':
        products.remove(event.data.productId);
        break;
      case 'ProductRestored': {
        const { productId, categoryId, image, priceDurations, at: _at, toVersion: _version, ...details } = event.data;
        products.patch(productId, {
          category_id: categoryId,
          ...details,
          price_durations: priceDurations,
          ...imageColumns(image),
          ...stamp,
        });
        break;
      }
    }
  }
  // A new random version tells every instance (and a rebuild's swap tells them too) to reload.
  const newVersion = sql`
    INSERT INTO catalogue_version (id, version, changed_at) VALUES ('catalogue', ${randomUUID()}, now())
    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, changed_at = EXCLUDED.changed_at`;
  return writeInOrder([categories.write(), aliases.write(), products.write(), language.write(), newVersion]);
}

function imageColumns(
  image: ImageRef | null,
): Pick<CategoryRow, 'featured_image' | 'thumbnail_image' | 'image_renditions'> {
  return {
    featured_image: image?.featured ?? null,
    thumbnail_image: image?.thumbnail ?? null,
    image_renditions: image?.renditions ?? null,
  };
}
