import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@shared/ordering/constants';
import type { AdminOrderDetailView, AdminOrderPage, OrderContactView, OrderRefundByView } from '@shared/ordering/types';
import type { NoteView } from '@shared/notes/types';
import type {
  AdminSubscriptionView,
  AutomaticDelivery,
  AutomaticExtension,
  DeliveryState,
} from '@shared/subscriptions/types';
import { adminApi, adminRetry } from './client';
import { orderKeys } from './keys';

/**
 * An order as its detail reads it: with its subscriptions and delivery state (docs/product.md#subscriptions),
 * its language, private link and last WhatsApp sending, who recorded its refund (docs/product.md#refunds), and
 * the admins' notes (docs/product.md#notes). A write answers only part of it: what it answers is merged into the
 * detail held (mergeIntoDetail), the refetch that follows brings the rest.
 */
export type AdminOrderDetail = AdminOrderDetailView & {
  subscriptions?: AdminSubscriptionView[];
  deliveryState?: DeliveryState;
  /** Null when the store does not deliver automatically (docs/product.md#automatic-delivery). */
  automaticDelivery?: AutomaticDelivery | null;
  /** A renewal's extension on the provisioning service; null when off or the order renews nothing. */
  automaticExtension?: AutomaticExtension | null;
  notes?: NoteView[];
} & Partial<OrderContactView> &
  Partial<OrderRefundByView>;

/** What a write answered about an order, put into its open detail at once (before the refetch). */
export function mergeIntoDetail(queryClient: QueryClient, id: string, changes: Partial<AdminOrderDetail>): void {
  queryClient.setQueryData<{ order: AdminOrderDetail }>(
    orderKeys.detail(id),
    (detail) => detail && { order: { ...detail.order, ...changes } },
  );
}

export interface OrderFilters {
  status: OrderStatus | 'all';
  /** Only orders with a subscription awaiting its activation details. */
  delivery?: 'awaiting';
  search: string;
  page: number;
  limit: number;
}

/** The query string of a list or its CSV: only what narrows it. */
export function orderQueryString(filters: Partial<OrderFilters>): string {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.delivery) params.set('delivery', filters.delivery);
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

/** `GET /api/admin/orders/{id}`: the order with its items and subscriptions (loaded when the detail opens). */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    retry: adminRetry,
    queryFn: ({ signal }) =>
      adminApi.json<{ order: AdminOrderDetail }>(`/api/admin/orders/${encodeURIComponent(id)}`, { signal }),
  });

/** The CSV of every order the filters match (not just the page shown). */
export const ordersCsvPath = (filters: Pick<OrderFilters, 'status' | 'search' | 'delivery'>) =>
  `/api/admin/orders/export.csv${orderQueryString({ status: filters.status, search: filters.search, delivery: filters.delivery })}`;
