import { parseListSearch } from '../ui/list/list-search';

// The products list's state in the URL: ?search=&category=&page=, and ?form=new or ?form={id} for
// the product form opened over the list. The route validates with this, so it stays small: it is
// part of the route tree shoppers download.

/** The admin's product list shows 5 products a page. */
export const PRODUCTS_PAGE_SIZE = 5;

export interface ProductsSearch {
  search?: string;
  page?: number;
  /** A category id. */
  category?: string;
  /** The form open over the list: 'new', or the id of the product edited. */
  form?: string;
}

const ID = /^[\w-]{1,64}$/;

export function parseProductsSearch(raw: Record<string, unknown>): ProductsSearch {
  const { search, page } = parseListSearch(raw, []);
  const category = typeof raw.category === 'string' && ID.test(raw.category) ? raw.category : undefined;
  const form = typeof raw.form === 'string' && ID.test(raw.form) ? raw.form : undefined;
  return {
    ...(search ? { search } : {}),
    ...(page ? { page } : {}),
    ...(category ? { category } : {}),
    ...(form ? { form } : {}),
  };
}
