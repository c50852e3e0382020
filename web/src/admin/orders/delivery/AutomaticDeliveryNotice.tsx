import { useQuery } from '@tanstack/react-query';
import { orderQuery, type AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { useRetryAutomaticDelivery } from '../order-writes';

/** How often an open detail asks again while automatic delivery is under way. */
const PENDING_POLL_MS = 2_000;

/**
 * Where automatic delivery stands (docs/product.md#automatic-delivery): in progress, or failed with
 * the reason the store recorded (in English, as the service's troubles are the operator's) and
 * Retry. The form below stays: the admin may always deliver by hand instead.
 */
export function AutomaticDeliveryNotice({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const retry = useRetryAutomaticDelivery();
  const automatic = order.automaticDelivery;
  // Live events patch the order, not its subscriptions: while the job works, the detail is read
  // again until the details (or a failure) arrive.
  useQuery({ ...orderQuery(order.id), refetchInterval: automatic?.state === 'pending' ? PENDING_POLL_MS : false });
  if (!automatic || automatic.state === 'delivered') return null;
  if (automatic.state === 'pending')
    return (
      <p className="admin-automatic-delivery" data-state="pending" role="status" data-testid="automatic-delivery">
        {t('admin.orders.delivery.automatic.pending')}
      </p>
    );
  return (
    <div className="admin-automatic-delivery" data-state="failed" data-testid="automatic-delivery">
      <p>{t('admin.orders.delivery.automatic.failed', { reason: automatic.reason ?? '' })}</p>
      <p>{t('admin.orders.delivery.automatic.byHand')}</p>
      <div className="admin-update-status-row">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={retry.isPending}
          onClick={() => retry.mutate(order)}
          data-testid="automatic-delivery-retry"
        >
          {t('admin.orders.delivery.automatic.retry')}
        </button>
      </div>
    </div>
  );
}
