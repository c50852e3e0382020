import { useFormatPrice } from '../../../i18n/I18nProvider';
import { AlertIcon } from '../../../components/ui/icons';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText, type AdminMessageId } from '../../i18n';
import { useAdminDates } from '../../ui/dates';

/** The record's element, focused once the form has recorded the refund. */
export const REFUND_RECORD_ID = 'refund-record';

/**
 * What was recorded of a refunded order's refund (docs/product.md#refunds): "Refunded 1 500 Da by
 * Amina on 29/11/2026 (CCP) — reason". The name comes with the detail's read; a live update may
 * bring the refund a moment before it.
 */
export function RefundRecord({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const price = useFormatPrice();
  const dates = useAdminDates();
  const refund = order.refund;
  if (!refund) return null;
  const name = order.refundedByName;
  const method = `admin.orders.refund.method.${refund.method}` as AdminMessageId;
  const values = {
    amount: price(refund.amount),
    name,
    date: dates.day(refund.refundedOn),
    method: t(method),
    reason: refund.reason,
  };
  return (
    <section
      id={REFUND_RECORD_ID}
      tabIndex={-1}
      className="admin-refund-record"
      aria-labelledby="refund-record-title"
      data-testid="order-refund-record"
    >
      <h3 id="refund-record-title" className="admin-panel-title">
        <AlertIcon size={18} /> {t('admin.order.status.refunded')}
      </h3>
      <p className="admin-refund-record-text" data-testid="order-refund-record-text">
        {t(name ? 'admin.orders.refund.done' : 'admin.orders.refund.doneUnnamed', values)}
      </p>
    </section>
  );
}
