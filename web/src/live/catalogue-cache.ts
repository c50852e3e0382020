import type { QueryClient } from '@tanstack/react-query';
import type {
  CategoriesUpdate,
  CategoryView,
  ProductDetailView,
  ProductView,
  ProductsUpdate,
} from '@shared/catalogue/types';
import { isRecord } from '../api/http';
import type { CartStore } from '../cart/store';

// What a live catalogue message changes in the browser (SPEC §4, §7 "Real-time socket"): the
// TanStack Query caches every page reads from, and the cart's prices. Pure of any socket, so it is
// unit-tested with a QueryClient.

const inCategory = (product: ProductView, category: string) =>
  product.category_slug === category || product.category_id === category;

/** The message's list, or null when the message is not what the server sends. */
function listIn(payload: unknown, key: string): unknown[] | null {
  return isRecord(payload) && Array.isArray(payload[key]) ? payload[key] : null;
}

/** `productsUpdate`: the full list of the store's products after a change. */
export function applyProductsUpdate(
  queryClient: QueryClient,
  payload: unknown,
  cart?: Pick<CartStore, 'reprice'>,
): void {
  const list = listIn(payload, 'products') as ProductsUpdate['products'] | null;
  if (!list) return;
  const products = list.filter((product) => product.active);
  const byId = new Map(products.map((product) => [product.id, product]));

  queryClient.setQueryData(['products', { category: null }], products);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['products'] })) {
    const key = query.queryKey[1];
    const category = isRecord(key) && typeof key.category === 'string' ? key.category : null;
    if (category === null || query.state.data === undefined) continue;
    queryClient.setQueryData(
      query.queryKey,
      products.filter((product) => inCategory(product, category)),
    );
  }

  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['product'] })) {
    const current = query.state.data as ProductDetailView | undefined;
    if (!current) continue;
    const fresh = byId.get(current.id);
    if (!fresh) {
      // Deleted or deactivated: let the page ask the server (it answers 404).
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const similarProducts = current.similarProducts.flatMap((similar) => {
      const update = byId.get(similar.id);
      return update ? [update] : [];
    });
    queryClient.setQueryData<ProductDetailView>(query.queryKey, { ...fresh, similarProducts });
  }

  cart?.reprice(products);
}

/** `categoriesUpdate`: the full list of categories after a change. */
export function applyCategoriesUpdate(queryClient: QueryClient, payload: unknown): void {
  const categories = listIn(payload, 'categories') as CategoriesUpdate['categories'] | null;
  if (!categories) return;
  queryClient.setQueryData(['categories'], categories);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['category'] })) {
    const key = String(query.queryKey[1]);
    const current = query.state.data as CategoryView | undefined;
    const fresh = categories.find(
      (category) => category.slug === key || category.id === key || category.id === current?.id,
    );
    if (fresh) queryClient.setQueryData(query.queryKey, fresh);
    else if (current) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}
