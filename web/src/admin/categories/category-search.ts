import type { CategoryFilters } from '../api/categories';
import { ADMIN_PAGE_SIZES, listFilters, parseListSearch, type ListSearch } from '../ui/list/list-search';

// The category list's state in the URL (?search=&page=&limit=). The route validates with this, so
// it stays small: it is part of the route tree shoppers download.

export const parseCategoriesSearch = (raw: Record<string, unknown>): ListSearch =>
  parseListSearch(raw, ADMIN_PAGE_SIZES);

/** The list asked for: page 1 and 10 a page unless the URL says otherwise. */
export const categoryFilters: (search: ListSearch) => CategoryFilters = listFilters;
