import { useQueryClient } from '@tanstack/react-query';
import type { PaymentDecision } from '@shared/ordering/constants';
import type { AdminOrderDetailView, AdminOrderView, OrderRefundByView, RefundInput } from '@shared/ordering/types';
import type { DeliveryInput } from '@shared/subscriptions/types';
import { mergeIntoDetail, type AdminOrderDetail } from '../api/orders';
import { customerKeys, dashboardKeys, orderKeys } from '../api/keys';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText, type AdminMessageId } from '../i18n';

// The changes an admin makes to an order: dispatch it, delete it (docs/product.md#orders), decide on a payment
// that does not match it, record its refund (docs/product.md#refunds), and deliver its subscriptions' activation
// details (docs/product.md#subscriptions) or retry their automatic delivery, or a renewal's extension on the
// provisioning service. Each sends the version the screen showed; a stale one gets the shared
// conflict dialog.

type OrderRef = Pick<AdminOrderView, 'id' | 'number' | 'version'>;

/** What an order change makes stale: the lists, its detail, the dashboard's figures, the customers. */
const touched = (id: string) => [orderKeys.lists(), orderKeys.detail(id), dashboardKeys.all, customerKeys.all];

export function useDispatchOrder() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<OrderRef, { order?: AdminOrderDetailView }>({
    request: (order) => ({
      path: `/api/admin/orders/${encodeURIComponent(order.id)}/status`,
      method: 'PUT',
      body: { status: 'dispatched' },
      version: order.version,
    }),
    item: (order) => ({ area: 'orders', id: order.id }),
    invalidates: (order) => touched(order.id),
    success: () => t('admin.orders.statusUpdated', { status: t('admin.order.status.dispatched') }),
    failure: () => t('admin.orders.statusFailed'),
    // The open detail shows the new status at once, before the refetch.
    onSuccess: (result, order) => {
      if (result.order) mergeIntoDetail(queryClient, order.id, result.order);
    },
  });
}

export function useDeleteOrder(onDeleted: (order: OrderRef) => void) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<OrderRef>({
    request: (order) => ({
      path: `/api/admin/orders/${encodeURIComponent(order.id)}`,
      method: 'DELETE',
      version: order.version,
    }),
    item: (order) => ({ area: 'orders', id: order.id }),
    invalidates: () => [orderKeys.lists(), dashboardKeys.all, customerKeys.all],
    success: (_, order) => t('admin.orders.deleted', { number: order.number }),
    failure: () => t('admin.orders.deleteFailed'),
    onSuccess: (_, order) => {
      // Gone: its detail is not fetched again (it would answer 404).
      queryClient.removeQueries({ queryKey: orderKeys.detail(order.id) });
      onDeleted(order);
    },
  });
}

/**
 * An admin's answer to a payment that does not match its order: accept it (the order is completed)
 * or cancel the order (failed; the money is refunded with the payment provider, outside the store).
 */
export function usePaymentDecision() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<{ order: OrderRef; decision: PaymentDecision }, { order?: AdminOrderDetailView }>({
    request: ({ order, decision }) => ({
      path: `/api/admin/orders/${encodeURIComponent(order.id)}/payment-decision`,
      method: 'POST',
      body: { decision },
      version: order.version,
    }),
    item: ({ order }) => ({ area: 'orders', id: order.id }),
    invalidates: ({ order }) => touched(order.id),
    success: (_, { order, decision }) =>
      t(decision === 'accept' ? 'admin.orders.mismatch.acceptedToast' : 'admin.orders.mismatch.canceledToast', {
        order: `#${order.number}`,
      }),
    failure: () => t('admin.orders.mismatch.failed'),
    onSuccess: (result, { order }) => {
      if (result.order) mergeIntoDetail(queryClient, order.id, result.order);
    },
  });
}

/**
 * A refund given outside the store, recorded with the order's version: the order becomes refunded
 * (its subscriptions cancelled, the amount out of the revenue, the dashboard's and customers' figures).
 */
export function useRecordRefund() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<
    { order: OrderRef; refund: RefundInput },
    { order?: AdminOrderDetailView & OrderRefundByView }
  >({
    request: ({ order, refund }) => ({
      path: `/api/admin/orders/${encodeURIComponent(order.id)}/refund`,
      method: 'POST',
      body: refund,
      version: order.version,
    }),
    item: ({ order }) => ({ area: 'orders', id: order.id }),
    invalidates: ({ order }) => touched(order.id),
    success: (_, { order }) => t('admin.orders.refund.savedToast', { order: `#${order.number}` }),
    failure: () => t('admin.orders.refund.failed'),
    // The open detail shows the refund at once, before the refetch.
    onSuccess: (result, { order }) => {
      if (result.order) mergeIntoDetail(queryClient, order.id, result.order);
    },
  });
}

/**
 * The activation details of an order's subscriptions, sent with the order's version: the first
 * delivery dispatches the order, a later one corrects them (the server's doing).
 */
export function useDeliverOrder() {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<{ order: OrderRef; delivery: DeliveryInput }, { order?: AdminOrderDetail }>({
    request: ({ order, delivery }) => ({
      path: `/api/admin/orders/${encodeURIComponent(order.id)}/delivery`,
      method: 'PUT',
      body: delivery,
      version: order.version,
    }),
    item: ({ order }) => ({ area: 'orders', id: order.id }),
    invalidates: ({ order }) => touched(order.id),
    success: (_, { order }) => t('admin.orders.delivery.savedToast', { order: `#${order.number}` }),
    failure: () => t('admin.orders.delivery.failed'),
    onSuccess: (result, { order }) => {
      if (result.order) mergeIntoDetail(queryClient, order.id, result.order);
    },
  });
}

/**
 * Asks the provisioning service again for an order whose automatic delivery failed
 * (docs/product.md#automatic-delivery); the detail then shows it in progress.
 */
export const useRetryAutomaticDelivery = () =>
  useProvisioningRetry('retry', {
    success: 'admin.orders.delivery.automatic.retried',
    failure: 'admin.orders.delivery.automatic.retryFailed',
  });

/** Asks the provisioning service again to extend what a renewal order renewed, after its extension failed. */
export const useRetryAutomaticExtension = () =>
  useProvisioningRetry('extension/retry', {
    success: 'admin.orders.extension.retried',
    failure: 'admin.orders.extension.retryFailed',
  });

/** POST /api/admin/orders/{id}/provisioning/{path}: no version (it changes no order field), the detail answered put in place. */
function useProvisioningRetry(path: string, texts: { success: AdminMessageId; failure: AdminMessageId }) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<OrderRef, { order?: AdminOrderDetail }>({
    request: (order) => ({
      path: `/api/admin/orders/${encodeURIComponent(order.id)}/provisioning/${path}`,
      method: 'POST',
    }),
    item: (order) => ({ area: 'orders', id: order.id }),
    invalidates: (order) => touched(order.id),
    success: (_, order) => t(texts.success, { order: `#${order.number}` }),
    failure: () => t(texts.failure),
    onSuccess: (result, order) => {
      if (result.order) queryClient.setQueryData(orderKeys.detail(order.id), { order: result.order });
    },
  });
}
