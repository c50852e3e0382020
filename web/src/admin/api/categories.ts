import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CategoryPage, CategoryView } from '@shared/catalogue/types';
import { adminApi, adminRetry } from './client';
import { categoryKeys } from './keys';

export interface CategoryFilters {
  search: string;
  page: number;
  limit: number;
}

/** `?search=&page=&limit=`: only what narrows the list. */
export function categoryQueryString(filters: CategoryFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  params.set('page', String(filters.page));
  params.set('limit', String(filters.limit));
  return `?${params.toString()}`;
}

/**
 * `GET /api/admin/categories`: one page, read fresh, each category with its version (what an edit
 * sends as If-Match) and every product it holds counted, inactive ones too. The page shown stays
 * on screen while the next one loads.
 */
export const categoriesQuery = (filters: CategoryFilters) =>
  queryOptions({
    queryKey: categoryKeys.list(filters),
    retry: adminRetry,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      adminApi.json<CategoryPage>(`/api/admin/categories${categoryQueryString(filters)}`, { signal }),
  });

/** What the add and edit forms send: a multipart name, description and image. */
export interface CategoryForm {
  name: string;
  description: string;
  /** A new picture; without one, an edit keeps the current picture. */
  image: File | null;
}

export function categoryFormData(form: CategoryForm): FormData {
  const data = new FormData();
  data.set('name', form.name.trim());
  data.set('description', form.description.trim());
  if (form.image) data.set('image', form.image);
  return data;
}

/** A write's answer: the category as the read model shows it now, and the server's sentence. */
export interface CategoryWriteResult {
  message: string;
  category: CategoryView;
}

/** A delete refused because the category still holds products (409 with `productsCount`). */
export interface CategoryHasProducts {
  productsCount: number;
}
