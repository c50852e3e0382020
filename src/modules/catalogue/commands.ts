import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, type EventStore, type NewEvent, type Position } from '../../platform/eventstore/port';
import { prepareImage, UnsupportedImageError, type PreparedImage } from '../../platform/media/images';
import { saveMedia } from '../../platform/media/library';
import type { ProjectionRunner } from '../../platform/projections/runner';
import { CATALOGUE_PROJECTION } from '../../projections/catalogue';
import { catalogueMessages, type BulkProductsInput, type CategoryChanges, type CategoryFields, type ProductChanges, type ProductFields } from '../../shared/catalogue';
import { CatalogueRuleError, decideCategory, evolveCategory, initialCategoryState, type CategoryState } from './category-decider';
import { categoryStream, productStream, slugStream, type CategoryEvent, type ImageRef, type ProductEvent, type SlugEvent } from './events';
import type { LiveCatalogue } from './live-catalogue';
import type { CatalogueSnapshot } from './snapshot';
import { decideProduct, evolveProduct, initialProductState, resolveCategory, type ProductState } from './product-decider';
import { slugCandidate, slugFits, slugify } from './slug';

// Load a stream, decide, append with the revision it was loaded at: a concurrent change makes
// the append fail (409) instead of being overwritten. Reads of other items (which categories
// exist, how many products a category holds) come from the catalogue read model.

export interface CatalogueDeps {
  store: EventStore;
  db: Kysely<any>;
  live: LiveCatalogue;
  runner: Pick<ProjectionRunner, 'waitFor'>;
}

/** What a command did: the item's state and revision now, and the log position to wait for (none when nothing changed). */
export interface Outcome<S> {
  id: string;
  state: S;
  revision: bigint;
  position?: Position;
}

export interface WriteOptions {
  metadata: CommandMetadata;
  /** The revision the admin edited (If-Match); a different current revision is a conflict. */
  expected?: bigint;
}

/** Renditions of every catalogue image: cards on the store pages, the full one on detail pages. */
const RENDITIONS = [
  { name: 'full', width: 1280 },
  { name: 'card', width: 480 },
] as const;

interface Aggregate<S, E extends NewEvent> {
  stream(id: string): string;
  initial: S;
  evolve(state: S, event: E): S;
}

const categoryAggregate: Aggregate<CategoryState, CategoryEvent> = { stream: categoryStream, initial: initialCategoryState, evolve: evolveCategory };
const productAggregate: Aggregate<ProductState, ProductEvent> = { stream: productStream, initial: initialProductState, evolve: evolveProduct };

export function createCategory(
  deps: CatalogueDeps,
  fields: CategoryFields,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
  categoryId: string = randomUUID(),
): Promise<Outcome<CategoryState>> {
  return withImage(deps, categoryAggregate, categoryId, imageBytes, options, async (state, image) => {
    const slug = await claimSlug(deps.store, slugify(fields.name), categoryId, options.metadata);
    return decideCategory({ type: 'CreateCategory', data: { categoryId, fields, slug, image: image ?? null, now: now() } }, state);
  });
}

export async function updateCategory(
  deps: CatalogueDeps,
  categoryId: string,
  changes: CategoryChanges,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
): Promise<Outcome<CategoryState>> {
  let previousSlug = '';
  const outcome = await withImage(deps, categoryAggregate, categoryId, imageBytes, options, async (state, image) => {
    previousSlug = state.slug;
    const renamed = changes.name !== undefined && state.exists && !state.deleted && !slugFits(state.slug, slugify(changes.name));
    const slug = renamed ? await claimSlug(deps.store, slugify(changes.name!), categoryId, options.metadata) : state.slug;
    return decideCategory({ type: 'UpdateCategory', data: { categoryId, changes, slug, image, now: now() } }, state);
  });
  if (outcome.position && outcome.state.slug !== previousSlug) await releaseSlug(deps.store, previousSlug, categoryId, options.metadata);
  return outcome;
}

/**
 * Refused while the category holds products, counted once the read model has every event so far.
 * Products live on streams of their own, so one created in the category at the very same moment
 * can still slip in; it then shows without a category name until an admin moves it.
 */
export async function deleteCategory(deps: CatalogueDeps, categoryId: string, options: WriteOptions): Promise<Outcome<CategoryState>> {
  const productsCount = (await caughtUp(deps, await deps.store.headPosition())).countAllIn(categoryId);
  const outcome = await execute(deps.store, categoryAggregate, categoryId, options, (state) =>
    decideCategory({ type: 'DeleteCategory', data: { categoryId, productsCount, now: now() } }, state),
  );
  await releaseSlug(deps.store, outcome.state.slug, categoryId, options.metadata);
  return outcome;
}

/**
 * The catalogue once the read model has applied `position` (read-your-writes). The in-memory copy
 * is checked after the wait: the projection's own refresh may not have run yet.
 */
export async function caughtUp(deps: CatalogueDeps, position: Position | undefined): Promise<CatalogueSnapshot> {
  if (position) await deps.runner.waitFor(position, { projections: [CATALOGUE_PROJECTION] });
  return deps.live.fresh();
}

export function createProduct(
  deps: CatalogueDeps,
  fields: ProductFields,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
  productId: string = randomUUID(),
): Promise<Outcome<ProductState>> {
  return withImage(deps, productAggregate, productId, imageBytes, options, async (state, image) => {
    const categories = await categoriesOf(deps);
    return decideProduct({ type: 'CreateProduct', data: { productId, fields, image: image ?? null, categories, now: now() } }, state);
  });
}

export function updateProduct(
  deps: CatalogueDeps,
  productId: string,
  changes: ProductChanges,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
): Promise<Outcome<ProductState>> {
  return withImage(deps, productAggregate, productId, imageBytes, options, async (state, image) => {
    const categories = await categoriesOf(deps);
    return decideProduct({ type: 'UpdateProduct', data: { productId, changes, image, categories, now: now() } }, state);
  });
}

export function deleteProduct(deps: CatalogueDeps, productId: string, options: WriteOptions): Promise<Outcome<ProductState>> {
  return execute(deps.store, productAggregate, productId, options, (state) =>
    decideProduct({ type: 'DeleteProduct', data: { productId, now: now() } }, state),
  );
}

export interface BulkResult {
  succeeded: string[];
  failed: { id: string; status: number; message: string }[];
  /** The last position written, to wait for. */
  position?: Position;
}

/**
 * Applies one action to many products, each on its own stream: one that fails (deleted meanwhile,
 * changed by someone else) is reported and does not stop the others.
 */
export async function bulkProducts(deps: CatalogueDeps, input: BulkProductsInput, metadata: CommandMetadata): Promise<BulkResult> {
  const categories = await categoriesOf(deps);
  // An unknown target category fails the whole request, before anything is written.
  const categoryId = input.action === 'changeCategory' ? resolveCategory(input.categoryId ?? '', categories) : '';
  const result: BulkResult = { succeeded: [], failed: [] };
  for (const productId of input.ids) {
    try {
      const outcome = await execute(deps.store, productAggregate, productId, { metadata }, (state) =>
        input.action === 'delete'
          ? decideProduct({ type: 'DeleteProduct', data: { productId, now: now() } }, state)
          : decideProduct({ type: 'ChangeProductCategory', data: { productId, category: categoryId, categories, now: now() } }, state),
      );
      result.succeeded.push(productId);
      result.position = outcome.position ?? result.position;
    } catch (error) {
      if (!(error instanceof CatalogueRuleError || error instanceof ConcurrencyError)) throw error;
      const status = error instanceof CatalogueRuleError ? error.status : 409;
      result.failed.push({ id: productId, status, message: error.message });
    }
  }
  return result;
}

async function execute<S, E extends NewEvent>(
  store: EventStore,
  aggregate: Aggregate<S, E>,
  id: string,
  options: WriteOptions,
  decide: (state: S) => E[] | Promise<E[]>,
  /** Runs once the change is accepted, before its events are written (stores the image they point at). */
  beforeAppend?: () => Promise<void>,
): Promise<Outcome<S>> {
  const stream = aggregate.stream(id);
  const recorded = await store.readStream(stream);
  const state = recorded.reduce((s, e) => aggregate.evolve(s, e as unknown as E), aggregate.initial);
  const last = recorded[recorded.length - 1];
  if (last && options.expected !== undefined && options.expected !== last.revision) {
    throw new ConcurrencyError(stream, options.expected, last.revision);
  }
  const events = await decide(state);
  const revision = last?.revision ?? -1n;
  if (!events.length) return { id, revision, state };
  await beforeAppend?.();
  const result = await store.append(stream, events, { expectedRevision: last ? last.revision : 'no_stream', metadata: options.metadata });
  return { id, revision: result.nextRevision, position: result.position, state: events.reduce(aggregate.evolve, state) };
}

const now = () => new Date().toISOString();

/** The categories a product may be put in, as the read model knows them now. */
const categoriesOf = async (deps: CatalogueDeps) => (await deps.live.fresh()).categoryRefs();

/**
 * A write that may carry an upload: the image is checked (400 when it is not a JPG, PNG or WebP)
 * and rendered first, and stored only once the change is accepted, before the events that point at it.
 */
async function withImage<S, E extends NewEvent>(
  deps: CatalogueDeps,
  aggregate: Aggregate<S, E>,
  id: string,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
  decide: (state: S, image: ImageRef | undefined) => Promise<E[]>,
): Promise<Outcome<S>> {
  let prepared: PreparedImage | undefined;
  try {
    prepared = imageBytes && (await prepareImage(imageBytes, RENDITIONS));
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new CatalogueRuleError(400, catalogueMessages.imageType);
    throw error;
  }
  const image = prepared && { featured: prepared.paths.full!, thumbnail: prepared.paths.card! };
  return execute(deps.store, aggregate, id, options, (state) => decide(state, image), prepared && (() => saveMedia(deps.db, prepared)));
}

/** Claims the first free slug among base, base-2, base-3… for the category (its own, if it already has it). */
async function claimSlug(store: EventStore, base: string, categoryId: string, metadata: CommandMetadata): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const slug = slugCandidate(base, attempt);
    const events = await store.readStream(slugStream(slug));
    const last = events[events.length - 1] as unknown as (SlugEvent & { revision: bigint }) | undefined;
    if (last?.type === 'CategorySlugClaimed') {
      if (last.data.categoryId === categoryId) return slug;
      continue;
    }
    const claimed: SlugEvent = { type: 'CategorySlugClaimed', data: { slug, categoryId } };
    try {
      await store.append(slugStream(slug), [claimed], { expectedRevision: last ? last.revision : 'no_stream', metadata });
      return slug;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      attempt--; // someone else wrote this slug's stream meanwhile: look at it again
    }
  }
}

async function releaseSlug(store: EventStore, slug: string, categoryId: string, metadata: CommandMetadata): Promise<void> {
  const events = await store.readStream(slugStream(slug));
  const last = events[events.length - 1] as unknown as (SlugEvent & { revision: bigint }) | undefined;
  if (last?.type !== 'CategorySlugClaimed' || last.data.categoryId !== categoryId) return;
  const released: SlugEvent = { type: 'CategorySlugReleased', data: { slug, categoryId } };
  await store.append(slugStream(slug), [released], { expectedRevision: last.revision, metadata });
}
