import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { normalisePhone } from '@shared/ordering/constants';
import type { CustomerDetailView, CustomerPage } from '@shared/ordering/types';
import { adminApi, adminRetry } from './client';
import { customerKeys } from './keys';
import { SUBSCRIPTIONS_REFRESH_MS } from './subscriptions';

// Customers are derived from orders on the server (one per phone number): this reads a page of
// them, names their CSV and reads one customer's page. The live layer invalidates customerKeys.all
// when an order is placed, paid, dispatched or deleted, so an open list or page follows the shop
// without listening itself.

export interface CustomerFilters {
  search: string;
  page: number;
  limit: number;
}

/** The query string of a list or its CSV: only what narrows it. */
export function customerQueryString(filters: Partial<CustomerFilters>): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.page) params.set('page', String(filters.page));
  if (filters.limit) params.set('limit', String(filters.limit));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `GET /api/admin/customers`: one page; the page before stays on screen while the next loads. */
export const customersQuery = (filters: CustomerFilters) =>
  queryOptions({
    queryKey: customerKeys.list(filters),
    retry: adminRetry,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      adminApi.json<CustomerPage>(`/api/admin/customers${customerQueryString(filters)}`, { signal }),
  });

/** The CSV of every customer the search matches (not just the page shown). */
export const customersCsvPath = (search: string) => `/api/admin/customers/export.csv${customerQueryString({ search })}`;

/**
 * `GET /api/admin/customers/{phone}`: their figures, subscriptions (as they stand now: read again
 * every minute, like the subscriptions screen), orders and notes.
 */
export const customerQuery = (phone: string) =>
  queryOptions({
    queryKey: customerKeys.detail(normalisePhone(phone)),
    retry: adminRetry,
    refetchInterval: SUBSCRIPTIONS_REFRESH_MS,
    queryFn: ({ signal }) =>
      adminApi.json<CustomerDetailView>(`/api/admin/customers/${encodeURIComponent(normalisePhone(phone))}`, {
        signal,
      }),
  });
