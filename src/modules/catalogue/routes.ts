import type { IncomingHttpHeaders } from 'node:http';
import type { ParsedUrlQuery } from 'node:querystring';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { AppContext, ModuleRoutes } from '../../context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import type { FastRead } from '../../platform/http/fast-reads';
import type { CachedJson } from '../../platform/http/cached-json';
import { notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { imageUpload, mediaHandler } from '../../platform/media/http';
import type { CatalogueSnapshot, LiveCatalogue } from '../../projections/catalogue';
import type { Language } from '../../shared/identity';
import {
  IMAGE_MAX_BYTES,
  acceptedLanguage,
  bulkProductsSchema,
  catalogueMessages,
  categoryCreateSchema,
  categoryListQuerySchema,
  categoryUpdateSchema,
  languageQuerySchema,
  productCreateSchema,
  productListQuerySchema,
  productUpdateSchema,
  restoreSchema,
  catalogueLanguageSchema,
  type CategoriesList,
  type CategoryPage,
  type ProductsList,
} from '../../shared/catalogue';
import {
  bulkProducts,
  caughtUp,
  chooseCatalogueLanguage,
  createCategory,
  createProduct,
  deleteCategory,
  deleteProduct,
  restoreCategory,
  restoreProduct,
  updateCategory,
  updateProduct,
  type CatalogueDeps,
  type RestoreOutcome,
  type WriteOptions,
} from './commands';

export function catalogueRoutes(ctx: AppContext): ModuleRoutes {
  const live = ctx.catalogue;
  answerInitialData(ctx, live);
  return { reads: storefrontRoutes(ctx, live), fastReads: fastStorefrontReads(live), admin: adminRoutes(ctx, live) };
}

const PUBLIC = { includeInactive: false };
const ALL = { includeInactive: true };

/** The storefront's reads, answered from memory: pre-serialised per catalogue version, with ETag / 304. */
function storefrontRoutes(ctx: AppContext, live: LiveCatalogue): Router {
  const router = Router();
  const read = (handler: (catalogue: CatalogueSnapshot, req: Request, res: Response) => void): RequestHandler => {
    return (req, res, next) => {
      // The hot path stays synchronous; only once a second does a request wait for the version check.
      const recent = live.peek();
      if (recent) return handler(recent, req, res);
      live
        .current()
        .then((catalogue) => handler(catalogue, req, res))
        .catch(next);
    };
  };

  router.get(
    '/categories',
    read((catalogue, req, res) => categoriesAnswer(catalogue, req.query, req.headers).send(req, res)),
  );

  router.get(
    '/categories/show/:id',
    read((catalogue, req, res) => {
      const language = requestLanguage(req.query, req.headers);
      const category = catalogue.category(String(req.params.id));
      if (!category) throw notFound(catalogueMessages.categoryNotFound);
      catalogue.answer(`category ${category.id}`, language, (shown) => shown(category)).send(req, res);
    }),
  );

  router.get(
    '/products',
    read((catalogue, req, res) => productsAnswer(catalogue, req.query, req.headers).send(req, res)),
  );

  router.get(
    '/products/show/:id',
    read((catalogue, req, res) => {
      const language = requestLanguage(req.query, req.headers);
      const product = catalogue.product(String(req.params.id), PUBLIC);
      if (!product) throw notFound(catalogueMessages.productNotFound);
      catalogue
        .answer(`product ${product.id}`, language, (shown) => ({
          ...shown(product),
          similarProducts: catalogue.similarTo(product).map(shown),
        }))
        .send(req, res);
    }),
  );

  // Finds a product by its name (or description, or category) in any language; answers in the one asked for.
  router.get(
    '/products/search',
    read((catalogue, req, res) => {
      const language = requestLanguage(req.query, req.headers);
      const { q = '' } = parseInput(productListQuerySchema, req.query);
      catalogue.answer(`search ${q}`, language, (shown) => catalogue.search(q, PUBLIC).map(shown)).send(req, res);
    }),
  );

  router.get(
    '/products/count/:id',
    read((catalogue, req, res) => {
      const category = catalogue.category(String(req.params.id));
      if (!category) throw notFound(catalogueMessages.categoryNotFound);
      catalogue.answer(`count ${category.id}`, undefined, () => ({ count: category.productsCount })).send(req, res);
    }),
  );

  // Images are the catalogue's: their route rides along with its public routes.
  router.get('/media/:name', mediaHandler(ctx.db));
  return router;
}

function categoriesAnswer(catalogue: CatalogueSnapshot, rawQuery: unknown, headers: IncomingHttpHeaders): CachedJson {
  const query = parseInput(categoryListQuerySchema, rawQuery);
  return catalogue.categoryList(query, requestLanguage(rawQuery, headers));
}

function productsAnswer(catalogue: CatalogueSnapshot, rawQuery: unknown, headers: IncomingHttpHeaders): CachedJson {
  const categoryId = categoryFilter(catalogue, parseInput(productListQuerySchema, rawQuery).category);
  return catalogue.productList(categoryId, requestLanguage(rawQuery, headers));
}

/**
 * The language a storefront read answers `name`, `description` and `features` in
 * (docs/product.md#catalogue-languages): `?lang=` (400 for a language the store does not have), else the one
 * Accept-Language prefers among ar, fr and en; undefined leaves the shop's default language.
 */
function requestLanguage(rawQuery: unknown, headers: IncomingHttpHeaders): Language | undefined {
  const { lang } = parseInput(languageQuerySchema, rawQuery);
  const accepted = headers['accept-language'];
  return lang ?? acceptedLanguage(Array.isArray(accepted) ? accepted.join(',') : accepted);
}

/**
 * The two lists every storefront page loads, ahead of Express while the in-memory copy is recent.
 * Anything they cannot answer (no recent copy, a bad query, an unknown category) goes on to the
 * routes above, which wait for the copy or answer the error.
 */
function fastStorefrontReads(live: LiveCatalogue): Record<string, FastRead> {
  const fast = (
    answer: (catalogue: CatalogueSnapshot, query: ParsedUrlQuery, headers: IncomingHttpHeaders) => CachedJson,
  ): FastRead => {
    return ({ query, headers }) => {
      const catalogue = live.peek();
      if (!catalogue) return undefined;
      try {
        return answer(catalogue, query, headers);
      } catch {
        return undefined;
      }
    };
  };
  return { '/categories': fast(categoriesAnswer), '/products': fast(productsAnswer) };
}

function adminRoutes(ctx: AppContext, live: LiveCatalogue): Router {
  const router = Router();
  const deps: CatalogueDeps = { store: ctx.store, db: ctx.db, live, runner: ctx.runner };
  const upload = imageUpload({
    field: 'image',
    maxBytes: IMAGE_MAX_BYTES,
    tooLargeMessage: catalogueMessages.imageTooLarge,
  });
  // Each write answers once the read model shows it (caughtUp), so the admin's next read sees it.
  const write = (req: Request): WriteOptions => ({
    metadata: commandMetadata(req.admin!.id),
    expected: ifMatchRevision(req),
  });

  router.get('/products', async (req, res) => {
    const catalogue = await live.fresh();
    const { category, q = '' } = parseInput(productListQuerySchema, req.query);
    const categoryId = categoryFilter(catalogue, category);
    const products = q.trim() ? catalogue.search(q, ALL) : catalogue.products;
    res.json({ products: products.filter((p) => !categoryId || p.category_id === categoryId) });
  });

  router.get('/products/:id', async (req, res) => {
    const product = (await live.fresh()).product(req.params.id, ALL);
    if (!product) throw notFound(catalogueMessages.productNotFound);
    res.set('ETag', versionTag(product.version)).json({ product });
  });

  router.post('/products', upload, async (req, res) => {
    const fields = parseInput(productCreateSchema, req.body ?? {});
    const outcome = await createProduct(deps, fields, req.file?.buffer, write(req));
    const product = (await caughtUp(deps, outcome.position)).product(outcome.id, ALL);
    res
      .status(201)
      .set('ETag', versionTag(outcome.revision))
      .json({ message: `Product "${outcome.state.name}" has been created successfully`, product });
  });

  router.put('/products/:id', upload, async (req, res) => {
    const changes = parseInput(productUpdateSchema, req.body ?? {});
    const outcome = await updateProduct(deps, String(req.params.id), changes, req.file?.buffer, write(req));
    const product = (await caughtUp(deps, outcome.position)).product(outcome.id, ALL);
    res
      .set('ETag', versionTag(outcome.revision))
      .json({ message: `Product "${outcome.state.name}" has been updated successfully`, product });
  });

  router.delete('/products/:id', async (req, res) => {
    const outcome = await deleteProduct(deps, req.params.id, write(req));
    await caughtUp(deps, outcome.position);
    res.json({ message: `Product "${outcome.state.name}" has been deleted successfully`, id: outcome.id });
  });

  // Brings back an earlier version's values: a new version, checked (If-Match, today's rules) as an edit is.
  router.post('/products/:id/restore', async (req, res) => {
    const { version } = parseInput(restoreSchema, req.body ?? {});
    const outcome = await restoreProduct(deps, String(req.params.id), version, write(req));
    const product = (await caughtUp(deps, outcome.position)).product(outcome.id, ALL);
    res
      .set('ETag', versionTag(outcome.revision))
      .json({ message: restoredMessage('Product', version, outcome), result: restoreResult(outcome), product });
  });

  router.post('/products/bulk', async (req, res) => {
    const input = parseInput(bulkProductsSchema, req.body ?? {});
    const { position, ...result } = await bulkProducts(deps, input, write(req).metadata);
    await caughtUp(deps, position);
    const done = input.action === 'delete' ? 'deleted' : 'moved';
    res.json({ message: `${result.succeeded.length} of ${input.ids.length} products ${done}`, ...result });
  });

  // The admin's list: read fresh (whichever instance answers, the admin sees their own change), and
  // each count takes inactive products too: all that stand in the way of deleting the category.
  router.get('/categories', async (req, res) => {
    const catalogue = await live.fresh();
    const page = catalogue.categoryPage(parseInput(categoryListQuerySchema, req.query));
    const data = page.data.map((category) => ({ ...category, productsCount: catalogue.countAllIn(category.id) }));
    res.json({ ...page, data } satisfies CategoryPage);
  });

  router.get('/categories/:id', async (req, res) => {
    const category = (await live.fresh()).category(req.params.id);
    if (!category) throw notFound(catalogueMessages.categoryNotFound);
    res.set('ETag', versionTag(category.version)).json({ category });
  });

  router.post('/categories', upload, async (req, res) => {
    const fields = parseInput(categoryCreateSchema, req.body ?? {});
    const outcome = await createCategory(deps, fields, req.file?.buffer, write(req));
    const category = (await caughtUp(deps, outcome.position)).category(outcome.id);
    res
      .status(201)
      .set('ETag', versionTag(outcome.revision))
      .json({ message: `Category "${outcome.state.name}" has been created successfully`, category });
  });

  router.put('/categories/:id', upload, async (req, res) => {
    const changes = parseInput(categoryUpdateSchema, req.body ?? {});
    const outcome = await updateCategory(deps, String(req.params.id), changes, req.file?.buffer, write(req));
    const category = (await caughtUp(deps, outcome.position)).category(outcome.id);
    res
      .set('ETag', versionTag(outcome.revision))
      .json({ message: `Category "${outcome.state.name}" has been updated successfully`, category });
  });

  router.post('/categories/:id/restore', async (req, res) => {
    const { version } = parseInput(restoreSchema, req.body ?? {});
    const outcome = await restoreCategory(deps, String(req.params.id), version, write(req));
    const category = (await caughtUp(deps, outcome.position)).category(outcome.id);
    res
      .set('ETag', versionTag(outcome.revision))
      .json({ message: restoredMessage('Category', version, outcome), result: restoreResult(outcome), category });
  });

  router.delete('/categories/:id', async (req, res) => {
    const outcome = await deleteCategory(deps, req.params.id, write(req));
    await caughtUp(deps, outcome.position);
    res.json({ message: `Category "${outcome.state.name}" has been deleted successfully`, id: outcome.id });
  });

  // The catalogue's default language, a setting of the shop's (docs/product.md#shop-settings), versioned like an item.
  router.get('/shop/language', async (_req, res) => {
    const settings = (await live.fresh()).languageSettings();
    if (settings.version >= 0) res.set('ETag', versionTag(settings.version));
    res.json(settings);
  });

  router.put('/shop/language', async (req, res) => {
    const { defaultLanguage } = parseInput(catalogueLanguageSchema, req.body ?? {});
    const outcome = await chooseCatalogueLanguage(deps, defaultLanguage, write(req));
    const settings = (await caughtUp(deps, outcome.position)).languageSettings();
    if (outcome.revision >= 0n) res.set('ETag', versionTag(outcome.revision));
    res.json({ message: 'Settings saved successfully!', ...settings });
  });

  return router;
}

/** "Product restored to version 2", saying so when nothing changed or the current image had to stay. */
function restoredMessage(kind: 'Product' | 'Category', version: number, outcome: RestoreOutcome<unknown>): string {
  if (outcome.keptCurrentImage) return catalogueMessages.restoredKeptImage(kind, version);
  if (!outcome.events.length) return catalogueMessages.restoredUnchanged(kind, version);
  return catalogueMessages.restored(kind, version);
}

/** What a restore did, for the back office to say in the admin's language (`message` is the English). */
function restoreResult(outcome: RestoreOutcome<unknown>): 'restored' | 'unchanged' | 'keptCurrentImage' {
  if (outcome.keptCurrentImage) return 'keptCurrentImage';
  return outcome.events.length ? 'restored' : 'unchanged';
}

/** `?category=` by id or slug; 404 when it names no category. */
function categoryFilter(catalogue: CatalogueSnapshot, value: string | undefined): string | undefined {
  if (!value) return undefined;
  const category = catalogue.category(value);
  if (!category) throw notFound(catalogueMessages.categoryNotFound);
  return category.id;
}

/**
 * A client that connects asks for the whole catalogue (admins get inactive products too); after
 * that it only gets what changes. So the answer is checked against the database now, not up to a
 * second old: a change made just before the client joined would otherwise never reach it. With
 * the database away, the copy this instance has.
 */
function answerInitialData(ctx: AppContext, live: LiveCatalogue): void {
  ctx.realtime.onClientEvent('requestInitialData', async (socket, identity) => {
    const catalogue = await live.fresh().catch(() => live.current());
    const categories: CategoriesList = { categories: catalogue.categories };
    const products: ProductsList = { products: catalogue.productsIn(undefined, identity.adminId ? ALL : PUBLIC) };
    socket.emit('categoriesUpdate', categories);
    socket.emit('productsUpdate', products);
  });
}
