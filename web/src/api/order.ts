import type { CustomerOrderView } from '@shared/ordering/types';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from './http';

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
