import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { useRetryAutomaticDelivery } from '../order-writes';
import { usePollWhilePending } from '../poll-while-pending';
import { ProvisioningFailed } from '../ProvisioningFailed';

/**
 * Where automatic delivery stands (docs/product.md#automatic-delivery): in progress, or failed with
 * the reason the store recorded (in English, as the service's troubles are the operator's) and
 * Retry. The form below stays: the admin may always deliver by hand instead.
 */
export function AutomaticDeliveryNotice({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const retry = useRetryAutomaticDelivery();
  const automatic = order.automaticDelivery;
  usePollWhilePending(order.id, automatic?.state === 'pending');
  if (!automatic || automatic.state === 'delivered') return null;
  if (automatic.state === 'pending')
    return (
      <p className="admin-automatic-delivery" data-state="pending" role="status" data-testid="automatic-delivery">
        {t('admin.orders.delivery.automatic.pending')}
      </p>
    );
  return (
    <ProvisioningFailed
      testId="automatic-delivery"
      lines={[
        t('admin.orders.delivery.automatic.failed', { reason: automatic.reason ?? '' }),
        t('admin.orders.delivery.automatic.byHand'),
      ]}
      retry={{
        label: t('admin.orders.delivery.automatic.retry'),
        busy: retry.isPending,
        onClick: () => retry.mutate(order),
      }}
    />
  );
}
