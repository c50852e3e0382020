import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  CATEGORY_EVENT_TYPES,
  PRODUCT_EVENT_TYPES,
  CATALOGUE_LANGUAGE_EVENT_TYPES,
  upcastCatalogueEvent,
  type CatalogueEvent,
  type ImageRef,
  type CatalogueLanguageEvent,
} from '../../modules/catalogue/events';
import type { Recorded, StoredEvent } from '../../platform/eventstore/port';
import { sqlTypes } from '../../platform/projections/columns';
import { RowFolder, writeInOrder } from '../../platform/projections/fold';
import type { Projection, Write } from '../../platform/projections/projection';
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
// and the shop's default language they are shown in when a shopper's is missing.
// After each batch, this instance's in-memory copy is refreshed and the changes are pushed live.

export const CATALOGUE_PROJECTION = 'catalogue';

const HANDLES = new Set<string>([...CATEGORY_EVENT_TYPES, ...PRODUCT_EVENT_TYPES, ...CATALOGUE_LANGUAGE_EVENT_TYPES]);

/** The projection, refreshing `live` (the instance's shared in-memory copy) after each batch. */
export function catalogueProjection(live: LiveCatalogue): Projection {
  return {
    name: CATALOGUE_PROJECTION,
    tables: ['catalogue_categories', 'catalogue_products', 'catalogue_language', 'catalogue_version'],
    handles: HANDLES,
    fold: (events) => foldCatalogueEvents(events as (StoredEvent & (CatalogueEvent | CatalogueLanguageEvent))[]),
    afterCommit: (events) => live.changed(events as Recorded<CatalogueEvent | CatalogueLanguageEvent>[]),
  };
}

function foldCatalogueEvents(stored: (StoredEvent & (CatalogueEvent | CatalogueLanguageEvent))[]): Write {
  const categories = new RowFolder<CategoryRow>('catalogue_categories', 'id', sqlTypes(CATEGORY_COLUMNS));
  const products = new RowFolder<ProductRow>('catalogue_products', 'id', sqlTypes(PRODUCT_COLUMNS));
  const language = new RowFolder<CatalogueLanguageRow>('catalogue_language', 'id', sqlTypes(LANGUAGE_COLUMNS));
  for (const one of stored) {
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
  return writeInOrder([categories.write(), products.write(), language.write(), newVersion]);
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
