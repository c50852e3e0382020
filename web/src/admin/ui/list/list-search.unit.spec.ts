import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZES, limitParam, listFilters, pageParam, parseListSearch } from './list-search';

describe('the list state in the URL', () => {
  it('offers the admin page sizes, 10 a page by default', () => {
    expect(ADMIN_PAGE_SIZES).toEqual([5, 10, 20, 50]);
    expect(listFilters({})).toEqual({ search: '', page: 1, limit: 10 });
    expect(listFilters(parseListSearch({ search: ' news ', page: '3', limit: '20' }, ADMIN_PAGE_SIZES))).toEqual({
      search: 'news',
      page: 3,
      limit: 20,
    });
    // A size the list does not offer is the default.
    expect(listFilters(parseListSearch({ limit: '15' }, ADMIN_PAGE_SIZES)).limit).toBe(10);
  });

  it('leaves page 1 and the default size out of the URL', () => {
    expect([pageParam(1), pageParam(2)]).toEqual([undefined, 2]);
    expect([limitParam(10), limitParam(5), limitParam(50)]).toEqual([undefined, 5, 50]);
  });
});
