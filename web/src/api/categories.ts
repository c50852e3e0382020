import { queryOptions } from '@tanstack/react-query';
import { getJson, isRecord } from './http';

/** A storefront category (SPEC §3). */
export interface Category {
  id: number | string;
  name: string;
  slug: string;
  description: string;
  featuredImage: string | null;
  thumbnailImage: string | null;
  productsCount: number;
}

/** The most categories the store page asks for at once (the server's page limit). */
export const CATEGORY_PAGE_LIMIT = 100;

export function normalizeCategory(raw: unknown): Category | null {
  if (!isRecord(raw)) return null;
  const id = typeof raw.id === 'number' || (typeof raw.id === 'string' && raw.id !== '') ? raw.id : null;
  if (id === null || typeof raw.name !== 'string') return null;
  const count = Number(raw.productsCount ?? raw.products_count ?? 0);
  const image = raw.featuredImage ?? raw.image_file;
  return {
    id,
    name: raw.name,
    slug: typeof raw.slug === 'string' && raw.slug !== '' ? raw.slug : String(id),
    description: typeof raw.description === 'string' ? raw.description : '',
    featuredImage: typeof image === 'string' && image !== '' ? image : null,
    thumbnailImage: typeof raw.thumbnailImage === 'string' && raw.thumbnailImage !== '' ? raw.thumbnailImage : null,
    productsCount: Number.isFinite(count) && count > 0 ? Math.floor(count) : 0,
  };
}

/** SPEC §7: a plain list, or `{data}` (with pagination), or a list under `categories`. */
export function normalizeCategoryList(body: unknown): Category[] {
  const items = Array.isArray(body)
    ? body
    : isRecord(body) && Array.isArray(body.data)
      ? body.data
      : isRecord(body) && Array.isArray(body.categories)
        ? body.categories
        : null;
  if (!items) throw new Error('Unexpected categories response');
  return items.map(normalizeCategory).filter((c): c is Category => c !== null);
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: async ({ signal }) =>
      normalizeCategoryList(await getJson(`/categories?page=1&limit=${CATEGORY_PAGE_LIMIT}`, { signal })),
  });

/** One category by id or slug (`GET /categories/show/{id}`); a 404 is an ApiError with status 404. */
export const categoryQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['category', idOrSlug],
    queryFn: async ({ signal }) => {
      const body = await getJson(`/categories/show/${encodeURIComponent(idOrSlug)}`, { signal });
      const category = normalizeCategory(isRecord(body) && isRecord(body.category) ? body.category : body);
      if (!category) throw new Error('Unexpected category response');
      return category;
    },
  });
