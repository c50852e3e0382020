import { ORDER_STATUSES, type OrderStatus } from '@shared/ordering/constants';
import { ADMIN_PAGE_SIZES, parseListSearch, type ListSearch } from '../ui/list/list-search';

// The orders list's state in the URL: ?status=&delivery=awaiting&search=&page=&limit=, and ?id= for the open detail.
// The route validates with this, so it stays small: it is part of the route tree shoppers download.

export interface OrdersSearch extends ListSearch {
  status?: OrderStatus;
  /** Only orders with a subscription awaiting its activation details. */
  delivery?: 'awaiting';
  /** The order whose detail is open. */
  id?: string;
}

export function parseOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const status = (ORDER_STATUSES as readonly unknown[]).includes(raw.status) ? (raw.status as OrderStatus) : undefined;
  const id = typeof raw.id === 'string' && /^[\w-]{1,64}$/.test(raw.id) ? raw.id : undefined;
  return {
    ...parseListSearch(raw, ADMIN_PAGE_SIZES),
    ...(status ? { status } : {}),
    ...(raw.delivery === 'awaiting' ? { delivery: 'awaiting' as const } : {}),
    ...(id ? { id } : {}),
  };
}
