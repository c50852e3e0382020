import type { CustomerOrderView, OrderLookupView, ShopperOrderView } from '@shared/ordering/types';
import { queryOptions } from '@tanstack/react-query';
import { getJson, postJson } from './http';

/** An order as its customer sees it, by checkout id or order id. */
export const orderQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['order', checkoutId],
    queryFn: async ({ signal }) =>
      (await getJson<{ order: CustomerOrderView }>(`/api/payment/order/${encodeURIComponent(checkoutId)}`, { signal }))
        .order,
    // While the provider has not confirmed the payment, look again now and then.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5000 : false),
  });

/**
 * The order as its private page shows it (docs/product.md#order-page), by the link's token. The
 * page's live connection says when to read it again; coming back to the tab reads it too.
 */
export const orderPageQuery = (token: string) =>
  queryOptions({
    queryKey: ['order-page', token],
    queryFn: async ({ signal }) =>
      (await getJson<{ order: ShopperOrderView }>(`/api/orders/${encodeURIComponent(token)}`, { signal })).order,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** Find my order: an order by its phone and number, without its details or link. */
export async function lookupOrder(phone: string, number: number): Promise<OrderLookupView> {
  return (await postJson<{ order: OrderLookupView }>('/api/orders/lookup', { phone, number })).order;
}
