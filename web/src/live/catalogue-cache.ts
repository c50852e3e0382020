import type { QueryClient } from '@tanstack/react-query';
import { normalizeCategoryList, type Category } from '../api/categories';
import { isRecord } from '../api/http';
import { normalizeProductList, type Product, type ProductDetail } from '../api/products';
import type { CartStore } from '../cart/store';

// What a live catalogue message changes in the browser (SPEC §4, §7 "Real-time socket"): the
// TanStack Query caches every page reads from, and the cart's prices. Pure of any socket, so it is
// unit-tested with a QueryClient.

const inCategory = (product: Product, category: string) =>
  product.category_slug === category || (product.category_id !== null && String(product.category_id) === category);

/** `productsUpdate` ({products}): the full list of the store's products after a change. */
export function applyProductsUpdate(queryClient: QueryClient, payload: unknown, cart?: Pick<CartStore, 'reprice'>): void {
  let products: Product[];
  try {
    products = normalizeProductList(payload).filter((product) => product.active);
  } catch {
    return; // not a product list: ignore the message
  }
  const byId = new Map(products.map((product) => [String(product.id), product]));

  queryClient.setQueryData(['products', { category: null }], products);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['products'] })) {
    const key = query.queryKey[1];
    const category = isRecord(key) && typeof key.category === 'string' ? key.category : null;
    if (category === null || query.state.data === undefined) continue;
    queryClient.setQueryData(query.queryKey, products.filter((product) => inCategory(product, category)));
  }

  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['product'] })) {
    const current = query.state.data as ProductDetail | undefined;
    if (!current) continue;
    const fresh = byId.get(String(current.id));
    if (!fresh) {
      // Deleted or deactivated: let the page ask the server (it answers 404).
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const similarProducts = current.similarProducts.flatMap((similar) => {
      const update = byId.get(String(similar.id));
      return update ? [update] : [];
    });
    queryClient.setQueryData<ProductDetail>(query.queryKey, { ...fresh, similarProducts });
  }

  cart?.reprice(products);
}

/** `categoriesUpdate` ({categories}): the full list of categories after a change. */
export function applyCategoriesUpdate(queryClient: QueryClient, payload: unknown): void {
  let categories: Category[];
  try {
    categories = normalizeCategoryList(payload);
  } catch {
    return;
  }
  queryClient.setQueryData(['categories'], categories);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['category'] })) {
    const key = String(query.queryKey[1]);
    const current = query.state.data as Category | undefined;
    const fresh = categories.find(
      (category) => category.slug === key || String(category.id) === key || (current && String(category.id) === String(current.id)),
    );
    if (fresh) queryClient.setQueryData(query.queryKey, fresh);
    else if (current) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}
