import { coded, type ErrorCode } from '../../shared/errors';
import { HttpError } from '../../platform/http/errors';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import {
  handleCommand,
  loadStream,
  type CommandOptions,
  type CommandResult,
  type Decider,
} from '../../platform/eventstore/command-handler';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, type EventStore, type NewEvent, type Position } from '../../platform/eventstore/port';
import { claimUnique, releaseUnique, type UniqueValue } from '../../platform/eventstore/unique-claim';
import { prepareImage, UnsupportedImageError, type PreparedImage } from '../../platform/media/images';
import { saveMedia } from '../../platform/media/library';
import type { ProjectionRunner } from '../../platform/projections/runner';
import { CATALOGUE_PROJECTION, type CatalogueSnapshot, type LiveCatalogue } from '../../projections/catalogue';
import type { Database } from '../../projections/database';
import {
  catalogueMessages,
  type BulkProductsInput,
  type CategoryChanges,
  type CategoryFields,
  type ProductChanges,
  type ProductFields,
} from '../../shared/catalogue';
import type { Language } from '../../shared/identity';
import {
  CatalogueRuleError,
  categoryDecider,
  categoryTextAfter,
  productDecider,
  resolveCategory,
  restorableCategory,
  catalogueLanguageDecider,
  slugName,
  type CategoryCommand,
  type CategoryState,
  type ProductCommand,
  type ProductState,
  type CatalogueLanguageState,
} from './decider';
import {
  CATALOGUE_LANGUAGE_STREAM,
  categoryStream,
  productStream,
  slugStream,
  type ImageRef,
  type SlugEvent,
} from './events';
import { closeToProducts, recordPlacement } from './placements';
import { slugCandidate, slugFits, slugify } from './slug';

// The catalogue's commands, each through the platform's command handler: a concurrent change makes
// the append fail (409) instead of being overwritten. Reads of other items (which categories
// exist, how many products a category holds) come from the catalogue read model.

export interface CatalogueDeps {
  store: EventStore;
  db: Kysely<Database>;
  live: LiveCatalogue;
  runner: Pick<ProjectionRunner, 'waitFor'>;
}

/** What a command did (the command handler's result) and to which item. */
export type Outcome<State> = CommandResult<NewEvent, State> & { id: string };

/** Who writes, and the revision the admin edited (If-Match): another current revision is a 409. */
export type WriteOptions = Pick<CommandOptions, 'metadata' | 'expected'>;

/**
 * Renditions of every catalogue image: the full one for detail pages on wide screens, `wide` for a
 * phone's full-width picture at twice its density (356 CSS px × 2), cards for the store's grids, the
 * thumb for cart lines and admin lists. The page picks among them with srcset (docs/architecture.md#images).
 */
const RENDITIONS = [
  { name: 'thumb', width: 240 },
  { name: 'card', width: 480 },
  { name: 'wide', width: 800 },
  { name: 'full', width: 1280 },
] as const;

/** A category's slug: held by one category at a time, on a stream of its own. */
const CATEGORY_SLUG: UniqueValue<SlugEvent> = {
  stream: slugStream,
  claimed: (slug, categoryId) => ({ type: 'CategorySlugClaimed', data: { slug, categoryId } }),
  released: (slug, categoryId) => ({ type: 'CategorySlugReleased', data: { slug, categoryId } }),
  ownerIn: (event) => (event.type === 'CategorySlugClaimed' ? event.data.categoryId : undefined),
};

export async function createCategory(
  deps: CatalogueDeps,
  fields: CategoryFields,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
  categoryId: string = randomUUID(),
): Promise<Outcome<CategoryState>> {
  const result = await withImage(
    deps,
    categoryStream(categoryId),
    categoryDecider,
    imageBytes,
    options,
    async (state, image): Promise<CategoryCommand> => {
      const defaultLanguage = await catalogueLanguage(deps.store);
      const name = slugName(categoryTextAfter(state, fields, defaultLanguage), defaultLanguage);
      // Nameless in the default language: refused by the decider before any slug is claimed.
      const slug = name ? await claimSlug(deps.store, slugify(name), categoryId, options.metadata) : '';
      return {
        type: 'CreateCategory',
        data: { categoryId, fields, slug, image: image ?? null, defaultLanguage, now: now() },
      };
    },
  );
  return { ...result, id: categoryId };
}

export async function updateCategory(
  deps: CatalogueDeps,
  categoryId: string,
  changes: CategoryChanges,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
): Promise<Outcome<CategoryState>> {
  let previousSlug = '';
  const result = await withImage(
    deps,
    categoryStream(categoryId),
    categoryDecider,
    imageBytes,
    options,
    async (state, image): Promise<CategoryCommand> => {
      previousSlug = state.slug;
      const defaultLanguage = await catalogueLanguage(deps.store);
      // The slug follows the name in the default language (docs/product.md#catalogue-languages).
      const name = slugName(categoryTextAfter(state, changes, defaultLanguage), defaultLanguage);
      const renamed = name && state.exists && !state.deleted && !slugFits(state.slug, slugify(name));
      const slug = renamed ? await claimSlug(deps.store, slugify(name), categoryId, options.metadata) : state.slug;
      return { type: 'UpdateCategory', data: { categoryId, changes, slug, image, defaultLanguage, now: now() } };
    },
  );
  return { ...result, ...(await leaveSlug(deps, result, previousSlug, categoryId, options)), id: categoryId };
}

/**
 * Refused while the category holds products, counted once the read model has every event so far;
 * a product being placed there at the same moment is caught on the category's placements stream,
 * which the deletion closes first (placements.ts).
 */
export async function deleteCategory(
  deps: CatalogueDeps,
  categoryId: string,
  options: WriteOptions,
): Promise<Outcome<CategoryState>> {
  const productsCount = (await caughtUp(deps, await deps.store.lastCommittedPosition())).countAllIn(categoryId);
  let reopen: (() => Promise<void>) | undefined;
  const closeFirst = async () => void (reopen = await closeToProducts(deps.store, categoryId, options.metadata));
  const result = await handleCommand(
    deps.store,
    categoryStream(categoryId),
    categoryDecider,
    (): CategoryCommand => ({ type: 'DeleteCategory', data: { categoryId, productsCount, now: now() } }),
    { ...options, beforeAppend: closeFirst },
  ).catch(async (error: unknown) => {
    // Closed, then not deleted (another admin's change came first): products may go there again.
    await reopen?.();
    throw error;
  });
  await releaseUnique(deps.store, CATEGORY_SLUG, result.state.slug, categoryId, options.metadata);
  return { ...result, id: categoryId };
}

/**
 * The catalogue once the read model has applied `position` (read-your-writes). The in-memory copy
 * is checked after the wait: the projection's own refresh may not have run yet.
 */
export async function caughtUp(deps: CatalogueDeps, position: Position | undefined): Promise<CatalogueSnapshot> {
  if (position) await deps.runner.waitFor(position, { projections: [CATALOGUE_PROJECTION] });
  return deps.live.fresh();
}

export async function createProduct(
  deps: CatalogueDeps,
  fields: ProductFields,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
  productId: string = randomUUID(),
): Promise<Outcome<ProductState>> {
  const result = await withImage(
    deps,
    productStream(productId),
    productDecider,
    imageBytes,
    options,
    async (_state, image): Promise<ProductCommand> => {
      const categories = await categoriesOf(deps);
      const defaultLanguage = await catalogueLanguage(deps.store);
      return {
        type: 'CreateProduct',
        data: { productId, fields, image: image ?? null, categories, defaultLanguage, now: now() },
      };
    },
    placing(deps, productId, options),
  );
  return { ...result, id: productId };
}

export async function updateProduct(
  deps: CatalogueDeps,
  productId: string,
  changes: ProductChanges,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
): Promise<Outcome<ProductState>> {
  const result = await withImage(
    deps,
    productStream(productId),
    productDecider,
    imageBytes,
    options,
    async (_state, image): Promise<ProductCommand> => {
      const categories = await categoriesOf(deps);
      const defaultLanguage = await catalogueLanguage(deps.store);
      return { type: 'UpdateProduct', data: { productId, changes, image, categories, defaultLanguage, now: now() } };
    },
    placing(deps, productId, options),
  );
  return { ...result, id: productId };
}

export async function deleteProduct(
  deps: CatalogueDeps,
  productId: string,
  options: WriteOptions,
): Promise<Outcome<ProductState>> {
  const result = await handleCommand(
    deps.store,
    productStream(productId),
    productDecider,
    (): ProductCommand => ({ type: 'DeleteProduct', data: { productId, now: now() } }),
    options,
  );
  return { ...result, id: productId };
}

/** A restore's outcome: `keptCurrentImage` when the restored version's image is no longer stored. */
export type RestoreOutcome<State> = Outcome<State> & { keptCurrentImage: boolean };

/**
 * Brings back the values a product had at its version `toVersion` (its own stream folded that
 * far): a new version, checked as an edit is (If-Match, today's rules, a category that still exists).
 */
export async function restoreProduct(
  deps: CatalogueDeps,
  productId: string,
  toVersion: number,
  options: WriteOptions,
): Promise<RestoreOutcome<ProductState>> {
  const stream = productStream(productId);
  const restored = await stateAt(deps.store, stream, productDecider, toVersion);
  let keptCurrentImage = false;
  const result = await handleCommand(
    deps.store,
    stream,
    productDecider,
    async (state): Promise<ProductCommand> => {
      const categories = await categoriesOf(deps);
      const categoryGone = !categories.some((category) => category.id === restored.categoryId);
      const formerCategoryName = categoryGone ? await categoryNameOf(deps.store, restored.categoryId) : undefined;
      keptCurrentImage = await imageLost(deps, restored.image, state.image);
      const image = keptCurrentImage ? state.image : restored.image;
      const defaultLanguage = await catalogueLanguage(deps.store);
      return {
        type: 'RestoreProduct',
        data: {
          productId,
          toVersion,
          restored: { ...restored, image },
          categories,
          formerCategoryName,
          defaultLanguage,
          now: now(),
        },
      };
    },
    { ...options, beforeAppend: placing(deps, productId, options) },
  );
  return { ...result, id: productId, keptCurrentImage };
}

/** As restoreProduct, for a category: its name comes back with a slug claimed for it, as on a rename. */
export async function restoreCategory(
  deps: CatalogueDeps,
  categoryId: string,
  toVersion: number,
  options: WriteOptions,
): Promise<RestoreOutcome<CategoryState>> {
  const stream = categoryStream(categoryId);
  const restored = await stateAt(deps.store, stream, categoryDecider, toVersion);
  let previousSlug = '';
  let keptCurrentImage = false;
  const result = await handleCommand(
    deps.store,
    stream,
    categoryDecider,
    async (state): Promise<CategoryCommand> => {
      previousSlug = state.slug;
      const defaultLanguage = await catalogueLanguage(deps.store);
      // Refused before any slug is claimed: a restore that is refused claims nothing.
      const name = slugName(
        restorableCategory(state, toVersion, restored, defaultLanguage).translations,
        defaultLanguage,
      );
      const slug = slugFits(state.slug, slugify(name))
        ? state.slug
        : await claimSlug(deps.store, slugify(name), categoryId, options.metadata);
      keptCurrentImage = await imageLost(deps, restored.image, state.image);
      const image = keptCurrentImage ? state.image : restored.image;
      return {
        type: 'RestoreCategory',
        data: { categoryId, toVersion, restored: { ...restored, image }, slug, defaultLanguage, now: now() },
      };
    },
    options,
  );
  return {
    ...result,
    ...(await leaveSlug(deps, result, previousSlug, categoryId, options)),
    id: categoryId,
    keptCurrentImage,
  };
}

/** An item's state at one of its versions: its stream's events up to that revision, folded. */
async function stateAt<Event extends NewEvent, State>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
  version: number,
): Promise<State> {
  const events = await store.readStream<Event>(stream);
  return events.filter((event) => event.revision <= BigInt(version)).reduce(decider.evolve, decider.initialState);
}

/** The name a category last had (a deleted category's too), from its own stream. */
async function categoryNameOf(store: EventStore, categoryId: string): Promise<string | undefined> {
  if (!categoryId) return undefined;
  return (await loadStream(store, categoryStream(categoryId), categoryDecider)).state.name || undefined;
}

/**
 * Whether a restored image is gone from the media table, so the current one must stay. Images are
 * stored by content and never deleted by the store, so this only happens when rows were removed by hand.
 */
async function imageLost(deps: CatalogueDeps, restored: ImageRef | null, current: ImageRef | null): Promise<boolean> {
  if (!restored || isDeepStrictEqual(restored, current)) return false;
  const paths = [restored.featured, restored.thumbnail, ...(restored.renditions ?? []).map((r) => r.src)];
  const names = paths.map(mediaName);
  if (names.some((name) => name === undefined)) return false;
  const stored = await deps.db
    .selectFrom('media')
    .select('name')
    .where('name', 'in', names as string[])
    .execute();
  return stored.length < new Set(names).size;
}

/** The media row a public path names (/media/<name>); undefined for a path served from elsewhere. */
const mediaName = (path: string): string | undefined => /^\/media\/([^/]+)$/.exec(path)?.[1];

export interface BulkResult {
  succeeded: string[];
  /** Each refused product: its status and error code (with params) and the English text. */
  failed: { id: string; status: number; code: ErrorCode; params?: Record<string, unknown>; message: string }[];
  /** The last position written, to wait for. */
  position?: Position;
}

/**
 * Applies one action to many products, each on its own stream: one that fails (deleted meanwhile,
 * changed by someone else) is reported and does not stop the others.
 */
export async function bulkProducts(
  deps: CatalogueDeps,
  input: BulkProductsInput,
  metadata: CommandMetadata,
): Promise<BulkResult> {
  const categories = await categoriesOf(deps);
  // An unknown target category fails the whole request, before anything is written.
  const categoryId = input.action === 'changeCategory' ? resolveCategory(input.categoryId ?? '', categories) : '';
  const result: BulkResult = { succeeded: [], failed: [] };
  for (const productId of input.ids) {
    try {
      const outcome = await handleCommand(
        deps.store,
        productStream(productId),
        productDecider,
        (): ProductCommand =>
          input.action === 'delete'
            ? { type: 'DeleteProduct', data: { productId, now: now() } }
            : { type: 'ChangeProductCategory', data: { productId, category: categoryId, categories, now: now() } },
        { metadata, beforeAppend: placing(deps, productId, { metadata }) },
      );
      result.succeeded.push(productId);
      if (outcome.events.length) result.position = outcome.position;
    } catch (error) {
      if (!(error instanceof CatalogueRuleError || error instanceof ConcurrencyError)) throw error;
      const problem = error instanceof CatalogueRuleError ? error : new HttpError(409, coded('edit.concurrent'));
      const { status, code, params, message } = problem;
      result.failed.push({ id: productId, status, code, ...(params === undefined ? {} : { params }), message });
    }
  }
  return result;
}

const now = () => new Date().toISOString();

/**
 * The shop's default language now, from its own stream (a few events at most): the texts' rules
 * follow the admin's latest choice, whichever instance answers and however far the read model is.
 */
export async function catalogueLanguage(store: EventStore): Promise<Language> {
  return (await loadStream(store, CATALOGUE_LANGUAGE_STREAM, catalogueLanguageDecider)).state.defaultLanguage;
}

/** Sets the shop's default language (docs/product.md#shop-settings); If-Match as for an item. */
export async function chooseCatalogueLanguage(
  deps: CatalogueDeps,
  language: Language,
  options: WriteOptions,
): Promise<CommandResult<NewEvent, CatalogueLanguageState>> {
  return handleCommand(
    deps.store,
    CATALOGUE_LANGUAGE_STREAM,
    catalogueLanguageDecider,
    () => ({ type: 'ChooseCatalogueLanguage', data: { language, now: now() } }),
    options,
  );
}

/** What a product's command writes first when it puts the product into a category (placements.ts). */
const placing =
  (deps: CatalogueDeps, productId: string, options: Pick<WriteOptions, 'metadata'>) => (events: NewEvent[]) =>
    recordPlacement(deps.store, productId, events, options.metadata);

/** The categories a product may be put in, as the read model knows them now. */
const categoriesOf = async (deps: CatalogueDeps) => (await deps.live.fresh()).categoryRefs();

/**
 * A write that may carry an upload: the image is checked (400 when it is not a JPG, PNG or WebP)
 * and rendered first, and stored only once the change is accepted, before the events that point at it.
 */
async function withImage<Command, Event extends NewEvent, State>(
  deps: CatalogueDeps,
  stream: string,
  decider: Decider<Command, Event, State>,
  imageBytes: Buffer | undefined,
  options: WriteOptions,
  command: (state: State, image: ImageRef | undefined) => Promise<Command>,
  recordFirst?: (events: NewEvent[]) => Promise<void>,
): Promise<CommandResult<Event, State>> {
  let prepared: PreparedImage | undefined;
  try {
    prepared = imageBytes && (await prepareImage(imageBytes, RENDITIONS));
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw new CatalogueRuleError(400, catalogueMessages.imageType);
    throw error;
  }
  const image = prepared && imageRef(prepared);
  const beforeAppend = async (events: NewEvent[]) => {
    await recordFirst?.(events);
    if (prepared) await saveMedia(deps.db, prepared);
  };
  return handleCommand(deps.store, stream, decider, (state) => command(state, image), { ...options, beforeAppend });
}

/**
 * After a change that moved the category to another slug: releases the one it left, which stays
 * its alias (docs/product.md#category-addresses). The change's position becomes the release's, so
 * an answer that waits for it (caughtUp) already finds the category at its old address too.
 */
async function leaveSlug(
  deps: CatalogueDeps,
  result: CommandResult<NewEvent, CategoryState>,
  previousSlug: string,
  categoryId: string,
  options: WriteOptions,
): Promise<Pick<CommandResult<NewEvent, CategoryState>, 'position'>> {
  if (!result.events.length || result.state.slug === previousSlug) return { position: result.position };
  const released = await releaseUnique(deps.store, CATEGORY_SLUG, previousSlug, categoryId, options.metadata);
  return { position: released ?? result.position };
}

/** The event's record of a prepared image: the two named renditions, and every one with its rendered width. */
function imageRef(prepared: PreparedImage): ImageRef {
  const renditions = RENDITIONS.map(({ name }) => ({ src: prepared.paths[name]!, width: prepared.widths[name]! }));
  return {
    featured: prepared.paths.full!,
    thumbnail: prepared.paths.card!,
    // Narrowest first; a tie (a narrow upload) keeps the order above.
    renditions: renditions.sort((a, b) => a.width - b.width),
  };
}

/** Claims the first free slug among base, base-2, base-3… for the category (its own, if it already has it). */
async function claimSlug(
  store: EventStore,
  base: string,
  categoryId: string,
  metadata: CommandMetadata,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const slug = slugCandidate(base, attempt);
    if (await claimUnique(store, CATEGORY_SLUG, slug, categoryId, metadata)) return slug;
  }
}
