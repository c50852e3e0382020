// A paginated list's state in the URL (?search=&page=&limit=), so a link or a reload shows the
// same list. Route files validate with these (they stay in the route tree shoppers download, so
// this imports nothing).

/** The page sizes an admin list offers (docs/product.md#constants), 10 a page unless the admin chose another. */
export const ADMIN_PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 10;

export interface ListSearch {
  search?: string;
  page?: number;
  limit?: number;
}

/** The list a URL asks for, with its defaults filled in. */
export interface ListFilters {
  search: string;
  page: number;
  limit: number;
}

/** The list asked for: no search, page 1 and 10 a page unless the URL says otherwise. */
export const listFilters = (search: ListSearch): ListFilters => ({
  search: search.search ?? '',
  page: search.page ?? 1,
  limit: search.limit ?? DEFAULT_ADMIN_PAGE_SIZE,
});

/** Page 1 is no page in the URL. */
export const pageParam = (page: number): number | undefined => (page > 1 ? page : undefined);

/** The default page size is no limit in the URL. */
export const limitParam = (limit: number): number | undefined =>
  limit === DEFAULT_ADMIN_PAGE_SIZE ? undefined : limit;

/** Reads page, limit (one of `limits`) and search from a URL's search; anything else is dropped. */
export function parseListSearch(raw: Record<string, unknown>, limits: readonly number[]): ListSearch {
  const page = Number(raw.page);
  const limit = Number(raw.limit);
  const search = typeof raw.search === 'string' || typeof raw.search === 'number' ? String(raw.search).trim() : '';
  return {
    ...(search ? { search: search.slice(0, 200) } : {}),
    ...(Number.isInteger(page) && page > 1 ? { page } : {}),
    ...(limits.includes(limit) ? { limit } : {}),
  };
}
