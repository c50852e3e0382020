import { queryOptions } from '@tanstack/react-query';
import { CATEGORY_PAGE_LIMIT_MAX } from '@shared/catalogue/constants';
import type { CategoryPage, CategoryView } from '@shared/catalogue/types';
import { getJson } from './http';

/** Every category, on one page of the server's largest size (the store page shows them all). */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: async ({ signal }) =>
      (await getJson<CategoryPage>(`/categories?page=1&limit=${CATEGORY_PAGE_LIMIT_MAX}`, { signal })).data,
  });

/** One category by id or slug (`GET /categories/show/{id}`); a 404 is an ApiError with status 404. */
export const categoryQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['category', idOrSlug],
    queryFn: ({ signal }) => getJson<CategoryView>(`/categories/show/${encodeURIComponent(idOrSlug)}`, { signal }),
  });
