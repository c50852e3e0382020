import type { QueryClient } from '@tanstack/react-query';
import type { CategoryView, ItemsDelta, ProductDetailView, ProductView } from '@shared/catalogue/types';
import { isRecord } from '../api/http';
import type { CartStore } from '../cart/store';

// What a live catalogue message changes in the browser (docs/architecture.md#live-updates): the
// TanStack Query caches every page reads from, and the cart's prices. Pure of any socket, so it is
// unit-tested with a QueryClient.
//
// A message is either the whole list (the answer to requestInitialData, sent on every connection)
// or, after a write, a delta: what changed and what left (shared/catalogue/types.ts). A delta
// patches the lists this browser holds; one it does not hold yet stays unloaded (its fetch, or the
// whole list answering requestInitialData, brings it current).

type Cart = Pick<CartStore, 'reprice'>;

/** What a delta does to a list: items to put in (or take out, when they no longer belong), ids to drop. */
interface Patch<T> {
  changed: T[];
  removed: ReadonlySet<string>;
}

/**
 * Whether a product belongs on the list of category `key` (`/products?category=`, a slug or an id).
 * By id when the browser knows which category the key named: a renamed category changes its slug,
 * and its open page, still at the old one, keeps its products.
 */
function inCategory(queryClient: QueryClient, key: string): (product: ProductView) => boolean {
  const id =
    queryClient.getQueryData<CategoryView>(['category', key])?.id ??
    queryClient.getQueryData<CategoryView[]>(['categories'])?.find((c) => c.slug === key || c.id === key)?.id;
  return (product) => (id ? product.category_id === id : product.category_slug === key || product.category_id === key);
}

/** The message's whole list, or null when it is not one. */
function listIn(payload: unknown, key: string): unknown[] | null {
  return isRecord(payload) && Array.isArray(payload[key]) ? payload[key] : null;
}

/** The message's delta, or null when it is not one (a list, or not what the server sends). */
function deltaIn<T>(payload: unknown): ItemsDelta<T> | null {
  if (!isRecord(payload) || !Array.isArray(payload.changed) || !Array.isArray(payload.removed)) return null;
  return { changed: payload.changed as T[], removed: payload.removed.filter((id) => typeof id === 'string') };
}

/** `productsUpdate`: the store's products, whole or what changed. */
export function applyProductsUpdate(queryClient: QueryClient, payload: unknown, cart?: Cart): void {
  const list = listIn(payload, 'products') as ProductView[] | null;
  if (list) return replaceProducts(queryClient, list, cart);
  const delta = deltaIn<ProductView>(payload);
  if (delta) patchProducts(queryClient, delta, cart);
}

/** `categoriesUpdate`: the categories, whole or what changed. */
export function applyCategoriesUpdate(queryClient: QueryClient, payload: unknown): void {
  const list = listIn(payload, 'categories') as CategoryView[] | null;
  if (list) return replaceCategories(queryClient, list);
  const delta = deltaIn<CategoryView>(payload);
  if (delta) patchCategories(queryClient, delta);
}

function replaceProducts(queryClient: QueryClient, list: ProductView[], cart?: Cart): void {
  const products = list.filter((product) => product.active);
  const byId = new Map(products.map((product) => [product.id, product]));

  queryClient.setQueryData(['products', { category: null }], products);
  forEachCategoryList(queryClient, (queryKey, category) =>
    queryClient.setQueryData(queryKey, products.filter(inCategory(queryClient, category))),
  );
  // Anything not in the whole list left the store (deleted or deactivated).
  patchProductPages(queryClient, byId, (id) => !byId.has(id));
  cart?.reprice(products);
}

function patchProducts(queryClient: QueryClient, delta: ItemsDelta<ProductView>, cart?: Cart): void {
  // Shoppers are sent active products only; one that is not has left the store all the same.
  const changed = delta.changed.filter((product) => product.active);
  const removed = new Set([...delta.removed, ...delta.changed.filter((p) => !p.active).map((p) => p.id)]);
  const patch = { changed, removed };

  queryClient.setQueryData<ProductView[]>(['products', { category: null }], (list) => list && patchList(list, patch));
  forEachCategoryList(queryClient, (queryKey, category) =>
    queryClient.setQueryData<ProductView[]>(
      queryKey,
      (list) => list && patchList(list, patch, inCategory(queryClient, category)),
    ),
  );
  const byId = new Map(changed.map((product) => [product.id, product]));
  patchProductPages(queryClient, byId, (id) => removed.has(id));
  // Products that left are kept in the cart as they are: the checkout refuses them and says why.
  if (changed.length) cart?.reprice(changed);
}

/** Calls `patch` with each cached product list of one category (`/products?category=`, by slug or id). */
function forEachCategoryList(
  queryClient: QueryClient,
  patch: (queryKey: readonly unknown[], category: string) => void,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['products'] })) {
    const key = query.queryKey[1];
    const category = isRecord(key) && typeof key.category === 'string' ? key.category : null;
    if (category !== null && query.state.data !== undefined) patch(query.queryKey, category);
  }
}

/**
 * Open product pages: one whose product left is asked for again (the server answers 404); the
 * others, and their similar products, take the fresh versions in `fresh`.
 */
function patchProductPages(
  queryClient: QueryClient,
  fresh: ReadonlyMap<string, ProductView>,
  left: (id: string) => boolean,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['product'] })) {
    const current = query.state.data as ProductDetailView | undefined;
    if (!current) continue;
    if (left(current.id)) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const similarProducts = current.similarProducts.flatMap((similar) =>
      left(similar.id) ? [] : [fresh.get(similar.id) ?? similar],
    );
    const { similarProducts: _similar, ...product } = current;
    queryClient.setQueryData<ProductDetailView>(query.queryKey, {
      ...(fresh.get(current.id) ?? product),
      similarProducts,
    });
  }
}

function replaceCategories(queryClient: QueryClient, categories: CategoryView[]): void {
  queryClient.setQueryData(['categories'], categories);
  patchCategoryPages(queryClient, categories, (category) => !categories.some((c) => c.id === category.id));
}

function patchCategories(queryClient: QueryClient, delta: ItemsDelta<CategoryView>): void {
  const removed = new Set(delta.removed);
  queryClient.setQueryData<CategoryView[]>(
    ['categories'],
    (list) => list && patchList(list, { changed: delta.changed, removed }),
  );
  patchCategoryPages(queryClient, delta.changed, (category) => removed.has(category.id));
}

/**
 * Open category pages (`['category', slug or id]`): one found in `fresh` takes it (by its id, so a
 * renamed one follows, or by the key it was asked by); one that `left` is asked for again (404).
 */
function patchCategoryPages(
  queryClient: QueryClient,
  fresh: CategoryView[],
  left: (category: CategoryView) => boolean,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['category'] })) {
    const key = String(query.queryKey[1]);
    const current = query.state.data as CategoryView | undefined;
    const found = fresh.find((category) => category.id === current?.id || category.slug === key || category.id === key);
    if (found) queryClient.setQueryData(query.queryKey, found);
    else if (current && left(current)) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}

/**
 * `list` with the patch applied, in the server's order (oldest first, then by id): a changed item
 * takes its place, or leaves when it no longer `belongs` (moved to another category); a new one
 * goes where the server would put it; removed ids go.
 */
export function patchList<T extends { id: string; created_at: string }>(
  list: readonly T[],
  patch: Patch<T>,
  belongs: (item: T) => boolean = () => true,
): T[] {
  const byId = new Map(patch.changed.map((item) => [item.id, item]));
  const next = list.flatMap((item) => {
    if (patch.removed.has(item.id)) return [];
    const fresh = byId.get(item.id) ?? item;
    return belongs(fresh) ? [fresh] : [];
  });
  const present = new Set(list.map((item) => item.id));
  for (const item of patch.changed) {
    if (present.has(item.id) || patch.removed.has(item.id) || !belongs(item)) continue;
    const at = next.findIndex((other) => serverOrder(item, other) < 0);
    next.splice(at === -1 ? next.length : at, 0, item);
  }
  return next;
}

/** The order the server lists products and categories in: created_at, then id. */
function serverOrder(a: { id: string; created_at: string }, b: { id: string; created_at: string }): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
