import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RecordedEvent, StoredEvent } from '../platform/eventstore/port';
import { RowFolder, writeInOrder } from '../platform/projections/fold';
import type { Projection, Write } from '../platform/projections/projection';
import type { Realtime } from '../platform/realtime/realtime';
import type { PriceDuration } from '../shared/catalogue';
import { CATEGORY_EVENT_TYPES, PRODUCT_EVENT_TYPES, type CatalogueEvent, type ImageRef, type ProductDetails } from '../modules/catalogue/events';
import { LiveCatalogue } from '../modules/catalogue/live-catalogue';
import type { CatalogueSnapshot } from '../modules/catalogue/snapshot';
import type { ProjectionDeps } from './index';

// The storefront catalogue: categories and products as the store and the back office read them.
// After each batch, this instance's in-memory copy is refreshed and the changes are pushed live.

export const CATALOGUE_PROJECTION = 'catalogue';

export interface CatalogueProjection extends Projection {
  /** This app instance's in-memory copy of the read model, which the catalogue routes answer from. */
  live: LiveCatalogue;
}

interface Images {
  featured_image: string | null;
  thumbnail_image: string | null;
}

/** Timestamps are written as ISO text and read back as Dates. */
interface Stamps<Time> {
  version: number;
  created_at: Time;
  updated_at: Time;
}

export interface CategoryRow<Time = string> extends Images, Stamps<Time> {
  id: string;
  name: string;
  slug: string;
  description: string;
}

export interface ProductRow<Time = string> extends ProductDetails, Images, Stamps<Time> {
  id: string;
  category_id: string;
  active: boolean;
  price_durations: PriceDuration[];
}

const IMAGE_COLUMNS = { featured_image: 'text', thumbnail_image: 'text' } as const;
const STAMP_COLUMNS = { version: 'integer', created_at: 'timestamptz', updated_at: 'timestamptz' } as const;

const CATEGORY_COLUMNS = { id: 'text', name: 'text', slug: 'text', description: 'text', ...IMAGE_COLUMNS, ...STAMP_COLUMNS } as const;

const PRODUCT_COLUMNS = {
  id: 'text',
  category_id: 'text',
  name: 'text',
  description: 'text',
  channels: 'integer',
  quality: 'text',
  devices: 'integer',
  popular: 'boolean',
  vod: 'boolean',
  active: 'boolean',
  features: 'jsonb',
  price_durations: 'jsonb',
  ...IMAGE_COLUMNS,
  ...STAMP_COLUMNS,
} as const;

export function catalogueProjection(deps: ProjectionDeps): CatalogueProjection {
  const live = new LiveCatalogue(deps.db);
  return {
    name: CATALOGUE_PROJECTION,
    tables: ['catalogue_categories', 'catalogue_products', 'catalogue_version'],
    handles: new Set<string>([...CATEGORY_EVENT_TYPES, ...PRODUCT_EVENT_TYPES]),
    live,
    fold: foldCatalogueEvents,
    async afterCommit(events) {
      const snapshot = await live.fresh();
      if (deps.realtime) pushChanges(deps.realtime, snapshot, events as CatalogueRecordedEvent[]);
    },
  };
}

/** The live catalogue of this app instance, from the projections it was started with. */
export function liveCatalogue(projections: readonly Projection[]): LiveCatalogue {
  const projection = projections.find((p) => p.name === CATALOGUE_PROJECTION) as CatalogueProjection | undefined;
  if (!projection) throw new Error(`The ${CATALOGUE_PROJECTION} projection is not registered`);
  return projection.live;
}

type CatalogueRecordedEvent = CatalogueEvent & RecordedEvent;

function foldCatalogueEvents(events: StoredEvent[]): Write {
  const categories = new RowFolder<CategoryRow>('catalogue_categories', 'id', CATEGORY_COLUMNS);
  const products = new RowFolder<ProductRow>('catalogue_products', 'id', PRODUCT_COLUMNS);
  for (const event of events as (CatalogueEvent & StoredEvent)[]) {
    const stamp = { version: Number(event.revision), updated_at: event.data.at };
    switch (event.type) {
      case 'CategoryCreated': {
        const { categoryId, name, slug, description, image } = event.data;
        categories.create(categoryId, { id: categoryId, name, slug, description, ...imageColumns(image), ...stamp, created_at: event.data.at });
        break;
      }
      case 'CategoryUpdated': {
        const { categoryId, name, slug, description } = event.data;
        categories.patch(categoryId, { name, slug, description, ...stamp });
        break;
      }
      case 'CategoryImageChanged':
        categories.patch(event.data.categoryId, { ...imageColumns(event.data.image), ...stamp });
        break;
      case 'CategoryDeleted':
        categories.remove(event.data.categoryId);
        break;
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
    }
  }
  // A new random version tells every instance (and a rebuild's swap tells them too) to reload.
  const newVersion = sql`
    INSERT INTO catalogue_version (id, version, changed_at) VALUES ('catalogue', ${randomUUID()}, now())
    ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, changed_at = EXCLUDED.changed_at`;
  return writeInOrder([categories.write(), products.write(), newVersion]);
}

function imageColumns(image: ImageRef | null): Pick<CategoryRow, 'featured_image' | 'thumbnail_image'> {
  return { featured_image: image?.featured ?? null, thumbnail_image: image?.thumbnail ?? null };
}

type Change = { kind: 'created' | 'updated' | 'deleted'; actor: string; name?: string };

/**
 * Pushes a batch: one message per item that changed to the admins (product:created…,
 * category_updated…), then the fresh lists to everyone. Shoppers get active products only.
 */
function pushChanges(realtime: Realtime, snapshot: CatalogueSnapshot, events: CatalogueRecordedEvent[]): void {
  for (const [id, change] of changesOf(events, 'Product', (e) => ('productId' in e.data ? e.data.productId : undefined))) {
    const product = change.kind === 'deleted' ? { id, name: change.name } : snapshot.product(id, { includeInactive: true });
    if (product) realtime.broadcast('admins', `product:${change.kind}`, { product, actor: change.actor });
  }
  for (const [id, change] of changesOf(events, 'Category', (e) => ('categoryId' in e.data ? e.data.categoryId : undefined))) {
    const category = change.kind === 'deleted' ? { id, name: change.name } : snapshot.category(id);
    if (category) realtime.broadcast('admins', `category_${change.kind}`, { category, actor: change.actor });
  }
  realtime.broadcast('admins', 'productsUpdate', { products: snapshot.products });
  realtime.io.to('store').except('admins').emit('productsUpdate', { products: snapshot.activeProducts });
  realtime.broadcast(['admins', 'store'], 'categoriesUpdate', { categories: snapshot.categories });
}

/** What happened to each item in a batch, in one word: created wins over updated, deleted over both. */
function changesOf(
  events: CatalogueRecordedEvent[],
  prefix: 'Product' | 'Category',
  idOf: (event: CatalogueRecordedEvent) => string | undefined,
): Map<string, Change> {
  const changes = new Map<string, Change>();
  for (const event of events) {
    const id = idOf(event);
    if (!id || !event.type.startsWith(prefix)) continue;
    const before = changes.get(id);
    const actor = event.metadata.actor;
    if (event.type === `${prefix}Created`) changes.set(id, { kind: 'created', actor });
    else if (event.type === `${prefix}Deleted`) {
      // Created and deleted within one batch: nobody saw it, nothing to announce.
      if (before?.kind === 'created') changes.delete(id);
      else changes.set(id, { kind: 'deleted', actor, name: (event.data as { name: string }).name });
    } else changes.set(id, { kind: before?.kind ?? 'updated', actor });
  }
  return changes;
}
