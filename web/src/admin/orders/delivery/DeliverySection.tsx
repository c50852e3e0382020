import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { orderKeys } from '../../api/keys';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { AutomaticDeliveryNotice } from './AutomaticDeliveryNotice';
import { DeliveredDetails } from './DeliveredDetails';
import { DeliveryForm } from './DeliveryForm';

/**
 * A paid order's delivery (docs/product.md#subscriptions): the form while a subscription awaits its
 * activation details, under automatic delivery's state when the store delivers automatically; once
 * all are delivered, the details (masked) with Edit to correct them.
 */
export function DeliverySection({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const [editing, setEditing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a save refused for a stale version, a new form from the order as the server has it now
  // (fetched again: a live update may have brought the order's new version but not its details).
  const queryClient = useQueryClient();
  const [formKey, setFormKey] = useState(0);
  const restart = () =>
    void queryClient
      .refetchQueries({ queryKey: orderKeys.detail(order.id), exact: true })
      .then(() => setFormKey((key) => key + 1));
  const subscriptions = (order.subscriptions ?? []).filter((subscription) => subscription.status !== 'cancelled');
  const paid = order.status === 'completed' || order.status === 'dispatched';
  if (!paid || subscriptions.length === 0) return null;
  const awaiting = order.deliveryState === 'awaiting';
  return (
    <section
      className="admin-delivery"
      aria-labelledby="delivery-title"
      data-state={order.deliveryState}
      data-testid="order-delivery"
    >
      <h3 id="delivery-title" className="admin-panel-title">
        {t('admin.orders.delivery.title')}
      </h3>
      <p>{t(awaiting ? 'admin.orders.delivery.awaitingText' : 'admin.orders.delivery.deliveredText')}</p>
      <AutomaticDeliveryNotice order={order} />
      {awaiting || editing ? (
        <DeliveryForm
          key={formKey}
          order={order}
          onStale={restart}
          subscriptions={subscriptions}
          onSaved={() => setEditing(false)}
          onCancel={awaiting ? undefined : () => setEditing(false)}
        />
      ) : (
        <>
          {subscriptions.map((subscription) => (
            <DeliveredDetails key={subscription.id} subscription={subscription} announce={setAnnouncement} />
          ))}
          <div className="admin-update-status-row">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setEditing(true)}
              data-testid="delivery-edit"
            >
              {t('admin.orders.delivery.edit')}
            </button>
          </div>
        </>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="delivery-announcement">
        {announcement}
      </p>
    </section>
  );
}
