// A paginated list's state in the URL (?search=&page=&limit=), so a link or a reload shows the
// same list. Route files validate with these (they stay in the route tree shoppers download, so
// this imports nothing).

export interface ListSearch {
  search?: string;
  page?: number;
  limit?: number;
}

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
