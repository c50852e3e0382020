import type { RefundDraft } from '@shared/ordering/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { orderKeys } from '../../api/keys';
import type { AdminOrderDetail } from '../../api/orders';
import { useAdminText } from '../../i18n';
import { useRecordRefund } from '../order-writes';
import { RefundForm } from './RefundForm';
import { focusWhenShown } from '../../../components/layout/StoreLayout';
import { REFUND_RECORD_ID } from './RefundRecord';
import { canRefund } from './refund-form';
import './refund.css';

/**
 * Recording a refund from a paid order's detail (docs/product.md#refunds): what it does, Refund,
 * then the form in place, as Update Status and the delivery are. Not offered once refunded (the
 * detail shows what was recorded) nor for an order not paid or free.
 */
export function RefundSection({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // After a save refused for a stale version: a new form from the order as the server has it now,
  // keeping what was typed (the admin records it again, knowingly, or cancels).
  const queryClient = useQueryClient();
  const record = useRecordRefund();
  const [formKey, setFormKey] = useState(0);
  const [typed, setTyped] = useState<RefundDraft | undefined>(undefined);
  const restart = (draft: RefundDraft) =>
    void queryClient.refetchQueries({ queryKey: orderKeys.detail(order.id), exact: true }).then(() => {
      setTyped(draft);
      setFormKey((key) => key + 1);
    });
  const close = () => {
    setTyped(undefined);
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  // Recorded: the section gives way to what was recorded, which takes the focus once the detail,
  // read again, shows it (under load that is more than a frame away).
  const saved = () => {
    setTyped(undefined);
    focusWhenShown(() => document.getElementById(REFUND_RECORD_ID));
  };
  if (!canRefund(order)) return null;
  return (
    <section className="admin-refund" aria-labelledby="refund-title" data-testid="order-refund">
      <h3 id="refund-title" className="admin-panel-title">
        {t('admin.orders.refund.title')}
      </h3>
      <p className="admin-cell-sub">{t('admin.orders.refund.text')}</p>
      {open ? (
        <RefundForm
          key={formKey}
          order={order}
          record={record}
          initial={typed}
          onStale={restart}
          onSaved={saved}
          onCancel={close}
        />
      ) : (
        <div className="admin-update-status-row">
          <button
            ref={opener}
            type="button"
            className="btn btn-secondary"
            onClick={() => setOpen(true)}
            data-testid="order-refund-open"
          >
            {t('admin.orders.refund.open')}
          </button>
        </div>
      )}
    </section>
  );
}
