import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CATEGORY_PAGE_LIMIT_MAX } from '@shared/catalogue/constants';
import type { CategoryPage, CategoryView, ProductView } from '@shared/catalogue/types';
import { adminApi, adminRetry } from './client';
import { categoryKeys, productKeys } from './keys';

// The back office's product calls (docs/product.md#api): the list (inactive products too), one product with
// its version, and the categories a product may be put in. Writes are in admin/products/writes.ts.

export interface ProductFilters {
  /** Words searched in names, descriptions and category names (on the server). */
  search: string;
  /** A category id, or '' for all. */
  category: string;
}

/** `GET /api/admin/products?q=&category=`: every matching product, newest first; paged on screen, 5 a page. */
export const productsQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: productKeys.list(filters),
    retry: adminRetry,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      if (filters.search) params.set('q', filters.search);
      if (filters.category) params.set('category', filters.category);
      const query = params.toString();
      const answer = await adminApi.json<{ products: ProductView[] }>(
        `/api/admin/products${query ? `?${query}` : ''}`,
        { signal },
      );
      return newestFirst(answer.products);
    },
  });

/** `GET /api/admin/products/{id}`: the product, inactive or not, with the version an edit sends back. */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    retry: adminRetry,
    queryFn: async ({ signal }) =>
      (await adminApi.json<{ product: ProductView }>(`/api/admin/products/${encodeURIComponent(id)}`, { signal }))
        .product,
  });

/**
 * Every category, oldest first (the order of the store page), for the filter and the form. Read
 * page by page at the server's largest page size, so none is missed however many there are.
 */
export const productCategoriesQuery = () =>
  queryOptions({
    queryKey: categoryKeys.list({ every: true }),
    retry: adminRetry,
    queryFn: async ({ signal }) => {
      const categories: CategoryView[] = [];
      for (let page = 1; ; page++) {
        const answer = await adminApi.json<CategoryPage>(`/categories?page=${page}&limit=${CATEGORY_PAGE_LIMIT_MAX}`, {
          signal,
        });
        categories.push(...answer.data);
        if (page >= answer.pagination.totalPages) return categories;
      }
    },
  });

/** The list shows the latest additions first: a product just created is on page 1. */
function newestFirst(products: ProductView[]): ProductView[] {
  return [...products].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id));
}
