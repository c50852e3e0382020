import type { AdminOrderDetail } from '../api/orders';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { useRetryAutomaticExtension } from './order-writes';
import { usePollWhilePending } from './poll-while-pending';
import { ProvisioningFailed } from './ProvisioningFailed';

/**
 * A renewal order's extension on the operator's provisioning service (docs/product.md#automatic-delivery):
 * under way, done (when), or failed with the reason the store recorded (in English, as for
 * automatic delivery: the service's troubles are the operator's) and Retry. Nothing when the store
 * does not deliver automatically or the order renews nothing.
 */
export function AutomaticExtensionNotice({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const dates = useAdminDates();
  const retry = useRetryAutomaticExtension();
  const extension = order.automaticExtension;
  usePollWhilePending(order.id, extension?.state === 'pending');
  if (!extension) return null;
  return (
    <section className="admin-delivery" aria-labelledby="extension-title" data-testid="order-extension">
      <h3 id="extension-title" className="admin-panel-title">
        {t('admin.orders.extension.title')}
      </h3>
      {extension.state === 'failed' ? (
        <ProvisioningFailed
          testId="automatic-extension"
          lines={[
            t('admin.orders.extension.failed', { reason: extension.reason ?? '' }),
            t('admin.orders.extension.byHand'),
          ]}
          retry={{
            label: t('admin.orders.extension.retry'),
            busy: retry.isPending,
            onClick: () => retry.mutate(order),
          }}
        />
      ) : (
        <p
          className="admin-automatic-delivery"
          data-state={extension.state}
          role="status"
          data-testid="automatic-extension"
        >
          {extension.state === 'extended'
            ? t('admin.orders.extension.extended', { date: dates.dateTime(extension.extendedAt!) })
            : t('admin.orders.extension.pending')}
        </p>
      )}
    </section>
  );
}
