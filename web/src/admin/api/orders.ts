import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderStatus } from '@shared/ordering/constants';
import type { AdminOrderDetailView, AdminOrderPage } from '@shared/ordering/types';
import { adminApi, adminRetry } from './client';
import { orderKeys } from './keys';

export interface OrderFilters {
  status: OrderStatus | 'all';
  search: string;
  page: number;
  limit: number;
}

/** The query string of a list or its CSV: only what narrows it. */
export function orderQueryString(filters: Partial<OrderFilters>): string {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.search) params.set('search', filters.search);
  if (filters.page) params.set('page', String(filters.page));
  if (filters.limit) params.set('limit', String(filters.limit));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `GET /api/admin/orders`: one page; the page before stays on screen while the next loads. */
export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    retry: adminRetry,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => adminApi.json<AdminOrderPage>(`/api/admin/orders${orderQueryString(filters)}`, { signal }),
  });

/** `GET /api/admin/orders/{id}`: the order with its items (loaded when the detail opens). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    retry: adminRetry,
    queryFn: ({ signal }) =>
      adminApi.json<{ order: AdminOrderDetailView }>(`/api/admin/orders/${encodeURIComponent(id)}`, { signal }),
  });

/** The CSV of every order the filters match (not just the page shown). */
export const ordersCsvPath = (filters: Pick<OrderFilters, 'status' | 'search'>) =>
  `/api/admin/orders/export.csv${orderQueryString({ status: filters.status, search: filters.search })}`;
