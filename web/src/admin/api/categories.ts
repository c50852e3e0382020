import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { byLanguage } from '@shared/catalogue/constants';
import type { CategoryPage, CategoryText, CategoryView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
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

/** What the add and edit forms send: a name and description in each language (docs/product.md#catalogue-languages), and an image. */
export interface CategoryForm {
  texts: Record<Language, CategoryText>;
  /** A new picture; without one, an edit keeps the current picture. */
  image: File | null;
}

/** A language with neither name nor description is not kept. */
export const isCategoryTextFilled = (text: CategoryText): boolean =>
  Boolean(text.name.trim() || text.description.trim());

/** The form's texts filled from a category's languages (blank where it has none). */
export function categoryTexts(category: Pick<CategoryView, 'translations'> | null): Record<Language, CategoryText> {
  return byLanguage((language) => {
    const text = category?.translations[language];
    return { name: text?.name ?? '', description: text?.description ?? '' };
  });
}

/** The multipart body: `translations` as JSON, a blank language null (taken out), and the image. */
export function categoryFormData(form: CategoryForm): FormData {
  const data = new FormData();
  const translations = byLanguage((language) => {
    const text = form.texts[language];
    return isCategoryTextFilled(text) ? { name: text.name.trim(), description: text.description.trim() } : null;
  });
  data.set('translations', JSON.stringify(translations));
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
