import { useQueryClient } from '@tanstack/react-query';
import type { AdminOrderView, OrderAccessLinkView, OrderContactView } from '@shared/ordering/types';
import { orderKeys } from '../../api/keys';
import { mergeIntoDetail } from '../../api/orders';
import { useVersionedWrite } from '../../api/versioned';
import { useAdminText } from '../../i18n';

// The admin's writes about reaching the shopper (docs/product.md#orders): a new private link (the
// old one stops opening the order), and the record that the order was sent on WhatsApp.

type OrderRef = Pick<AdminOrderView, 'id' | 'number' | 'version'>;

const orderPath = (order: OrderRef, action: string) => `/api/admin/orders/${encodeURIComponent(order.id)}/${action}`;

/** New link (or the first one of an older order), with the version the detail showed: a stale one gets the conflict dialog. */
export function useRenewLink() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<OrderRef, { link: OrderAccessLinkView }>({
    request: (order) => ({ path: orderPath(order, 'access-link'), method: 'POST', version: order.version }),
    item: (order) => ({ area: 'orders', id: order.id }),
    invalidates: (order) => [orderKeys.detail(order.id)],
    success: (_, order) => t('admin.orders.link.renewed', { order: `#${order.number}` }),
    failure: () => t('admin.orders.link.renewFailed'),
    // Copy link gives the new one at once, before the refetch.
    onSuccess: (result, order) => mergeIntoDetail(queryClient, order.id, { accessLink: result.link }),
  });
}

/**
 * Records that the admin sent the order on WhatsApp (the chat opened by the same click). Not an
 * edit of the order: no version is sent, and two admins sending it are both recorded.
 */
export function useRecordWhatsAppSent() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<{ order: OrderRef; withDetails: boolean }, { order?: OrderContactView }>({
    request: ({ order, withDetails }) => ({
      path: orderPath(order, 'whatsapp-sent'),
      method: 'POST',
      body: { withDetails },
    }),
    item: ({ order }) => ({ area: 'orders', id: order.id }),
    invalidates: ({ order }) => [orderKeys.detail(order.id)],
    failure: () => t('admin.orders.whatsapp.recordFailed'),
    onSuccess: (result, { order }) => {
      if (result.order) mergeIntoDetail(queryClient, order.id, result.order);
    },
  });
}
