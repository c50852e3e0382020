import { STORE_CURRENCY, type PaymentDecision } from '@shared/ordering/constants';
import type { AdminOrderDetailView, AdminOrderView } from '@shared/ordering/types';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../api/http';
import { AlertIcon, TrashIcon } from '../../components/ui/icons';
import { PaymentMethodName } from '../../components/order/PaymentMethodName';
import { Spinner } from '../../components/ui/Spinner';
import { StatePanel } from '../../components/ui/StatePanel';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { orderQuery, type AdminOrderDetail } from '../api/orders';
import { EntityHistory } from '../history/EntityHistory';
import { NotesSection } from '../notes/NotesSection';
import { deleteRefusalId } from './delete-refusal';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { useAdminDates } from '../ui/dates';
import { TruckIcon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { ContactSection } from './contact/ContactSection';
import { TrialBadge } from '../ui/TrialBadge';
import { AutomaticExtensionNotice } from './AutomaticExtensionNotice';
import { DeliverySection } from './delivery/DeliverySection';
import { RenewalOf } from './RenewalOf';
import { RefundRecord } from './refund/RefundRecord';
import { RefundSection } from './refund/RefundSection';
import { useDispatchOrder, usePaymentDecision } from './order-writes';
import { givenEmail, givenName } from '../ui/customer-name';

/**
 * One order (its detail modal, docs/product.md#orders), loaded when opened with its own loading state: customer, date,
 * total, status, items, Update Status (to dispatched only, after a confirmation), Refund (RefundSection, what
 * was recorded in RefundRecord once refunded), Delete and Close.
 * A payment that does not match the order shows what was paid against the total, and while it
 * awaits a decision, the two answers (accept the payment, cancel the order), each confirmed first.
 * A paid order's subscriptions are delivered here (DeliverySection), a renewal's extension on the
 * provisioning service shown (AutomaticExtensionNotice), its shopper reached
 * (ContactSection: the private link, WhatsApp) and the admins' notes kept (NotesSection); the phone
 * opens the customer's page.
 * Live events keep it current; deleted meanwhile, it says so.
 */
export function OrderDetailModal({
  id,
  onClose,
  onDelete,
}: {
  id: string;
  onClose: () => void;
  onDelete: (order: AdminOrderView) => void;
}) {
  const t = useAdminText();
  const detail = useQuery(orderQuery(id));
  // Deleted since it was opened (by another admin): the refetch says 404 over the data still held.
  const gone = detail.error instanceof ApiError && detail.error.status === 404;
  const order = gone ? undefined : detail.data?.order;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={
        order ? (
          <>
            {t('admin.orders.detail.title', { order: `#${order.number}` })} {order.trial && <TrialBadge />}
          </>
        ) : (
          t('admin.orders.col.order')
        )
      }
      testId="order-detail"
      footer={
        <>
          {order && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={deleteRefusalId(order.status) !== undefined}
              title={deleteRefusal(order, t)}
              onClick={() => onDelete(order)}
              data-testid="order-detail-delete"
            >
              <TrashIcon size={18} />
              {t('admin.list.delete')}
            </button>
          )}
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('admin.list.close')}
          </button>
        </>
      }
    >
      {order ? (
        <OrderDetail order={order} />
      ) : detail.isPending ? (
        <div className="admin-modal-loading" role="status">
          <Spinner />
          <span>{t('admin.orders.detail.loading')}</span>
        </div>
      ) : (
        <DetailError gone={gone} retry={detail.refetch} />
      )}
    </Modal>
  );
}

/** Why the order cannot be deleted, or undefined when it can. */
function deleteRefusal(order: AdminOrderView, t: ReturnType<typeof useAdminText>): string | undefined {
  const id = deleteRefusalId(order.status);
  return id && t(id, { order: `#${order.number}` });
}

function DetailError({ gone, retry }: { gone: boolean; retry: () => unknown }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<AlertIcon size={28} />}
      tone="error"
      headingLevel={3}
      title={t(gone ? 'admin.orders.detail.unavailable' : 'admin.error.title')}
      text={t(gone ? 'admin.orders.detail.gone' : 'admin.orders.detail.failed')}
      actions={
        !gone && (
          <button type="button" className="btn btn-primary" onClick={() => void retry()}>
            {t('admin.list.tryAgain')}
          </button>
        )
      }
      testId="order-detail-error"
    />
  );
}

function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const t = useAdminText();
  const dates = useAdminDates();
  const price = useFormatPrice();
  return (
    <div className="admin-order-detail" data-testid="order-detail-body" data-status={order.status}>
      {order.renewal_of_number !== null && (
        <p>
          <RenewalOf number={order.renewal_of_number} />
        </p>
      )}
      <dl className="admin-facts admin-facts-grid">
        {givenName(order.customer_name) && (
          <>
            <dt>{t('admin.orders.detail.customer')}</dt>
            <dd dir="auto">{order.customer_name}</dd>
          </>
        )}
        {givenEmail(order.customer_email) && (
          <>
            <dt>{t('admin.orders.detail.email')}</dt>
            <dd dir="ltr">{order.customer_email}</dd>
          </>
        )}
        <dt>{t('admin.orders.detail.phone')}</dt>
        <dd dir="ltr">
          <Link to="/admin/customers/$phone" params={{ phone: order.phone }} data-testid="order-customer-link">
            {order.phone}
          </Link>
        </dd>
        <dt>{t('admin.orders.detail.date')}</dt>
        <dd>{dates.dateTime(order.created_at, { weekday: true })}</dd>
        <dt>{t('admin.orders.detail.total')}</dt>
        <dd dir="auto">{price(order.total_amount)}</dd>
        <dt>{t('admin.orders.detail.status')}</dt>
        <dd>
          <OrderStatusBadge status={order.status} />
        </dd>
        <dt>{t('admin.orders.detail.payment')}</dt>
        <dd>
          <PaymentMethodName method={order.payment_method} />
        </dd>
        <dt>{t('admin.orders.detail.orderId')}</dt>
        <dd dir="ltr" className="admin-mono">
          {order.id}
        </dd>
      </dl>
      {order.restored_at && <p className="alert">{t('admin.orders.detail.restored')}</p>}
      {order.payment_mismatch && <PaymentMismatch order={order} />}
      <RefundRecord order={order} />
      <OrderItems order={order} />
      <AutomaticExtensionNotice order={order} />
      <DeliverySection key={order.id} order={order} />
      <ContactSection key={`contact-${order.id}`} order={order} />
      <UpdateStatus order={order} />
      <RefundSection key={`refund-${order.id}`} order={order} />
      {order.notes && (
        <NotesSection key={`notes-${order.id}`} subject={{ type: 'order', id: order.id }} notes={order.notes} />
      )}
      <EntityHistory entityType="order" entityId={order.id} />
    </div>
  );
}

function OrderItems({ order }: { order: AdminOrderDetailView }) {
  const t = useAdminText();
  const price = useFormatPrice();
  const durationLabel = useDurationLabel();
  if (order.items.length === 0) return <p className="admin-empty-text">{t('admin.orders.noItems')}</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('admin.orders.items')}>
      <table className="admin-table" data-testid="order-items">
        <caption className="visually-hidden">{t('admin.orders.items')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.orders.item.product')}</th>
            <th scope="col">{t('admin.orders.item.duration')}</th>
            <th scope="col" className="cell-num">
              {t('admin.orders.item.price')}
            </th>
            <th scope="col" className="cell-num">
              {t('admin.orders.item.quantity')}
            </th>
            <th scope="col" className="cell-num">
              {t('admin.orders.item.subtotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td dir="auto">{item.product_name}</td>
              <td>{durationLabel(item.selected_duration)}</td>
              <td className="cell-num" dir="auto">
                {price(item.selected_price)}
              </td>
              <td className="cell-num">{item.quantity}</td>
              <td className="cell-num" dir="auto">
                {price(item.subtotal)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              {t('admin.orders.items.total')}
            </th>
            <td className="cell-num" dir="auto" data-testid="order-items-total">
              {price(order.items.reduce((sum, item) => sum + item.subtotal, 0))}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The only change offered is to dispatched, confirmed first; off when dispatched or running. */
function UpdateStatus({ order }: { order: AdminOrderDetailView }) {
  const t = useAdminText();
  const [confirming, setConfirming] = useState(false);
  const dispatch = useDispatchOrder();
  const dispatchedLabel = t('admin.order.status.dispatched');
  const why =
    order.status === 'dispatched'
      ? t('admin.orders.alreadyDispatched')
      : order.status !== 'completed'
        ? t('admin.orders.dispatchOnlyPaid')
        : null;
  return (
    <section className="admin-update-status" aria-labelledby="update-status-title">
      <h3 id="update-status-title" className="admin-panel-title">
        {t('admin.orders.updateStatus')}
      </h3>
      <div className="admin-update-status-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={why !== null || dispatch.isPending}
          aria-describedby={why ? 'update-status-why' : undefined}
          onClick={() => setConfirming(true)}
          data-testid="order-dispatch"
        >
          {dispatch.isPending ? <Spinner size="sm" /> : <TruckIcon size={18} />}
          {dispatch.isPending ? t('admin.orders.updating') : t('admin.orders.markDispatched')}
        </button>
        {why && (
          <p id="update-status-why" className="admin-cell-sub">
            {why}
          </p>
        )}
      </div>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('admin.orders.confirmStatus.title')}
        confirmLabel={t('admin.orders.confirm')}
        busyLabel={t('admin.orders.updating')}
        busy={dispatch.isPending}
        onConfirm={() => dispatch.mutate(order, { onSettled: () => setConfirming(false) })}
        testId="order-status-confirm"
      >
        <p>{t('admin.orders.confirmStatus.body', { status: dispatchedLabel })}</p>
      </ConfirmModal>
    </section>
  );
}

/** An amount as paid: in Da for the store's currency, else with the currency's code as the provider said it. */
function usePaidAmount(): (amount: number, currency: string) => string {
  const price = useFormatPrice();
  return (amount, currency) => (currency === STORE_CURRENCY ? price(amount) : `${amount} ${currency.toUpperCase()}`);
}

/**
 * A payment whose amount or currency is not the order's: what was paid against what was asked and,
 * while the order awaits it, the decision; once decided, what became of it (a canceled order's
 * money is refunded with the payment provider, outside the store).
 */
function PaymentMismatch({ order }: { order: AdminOrderDetailView }) {
  const t = useAdminText();
  const amount = usePaidAmount();
  const [confirming, setConfirming] = useState<PaymentDecision | null>(null);
  const decide = usePaymentDecision();
  const mismatch = order.payment_mismatch!;
  const paid = amount(mismatch.amount, mismatch.currency);
  const expected = amount(mismatch.expectedAmount, mismatch.expectedCurrency);
  const awaiting = order.status === 'payment_mismatch';
  const outcome =
    order.status === 'failed' ? t('admin.orders.mismatch.canceled', { paid }) : t('admin.orders.mismatch.accepted');
  const values = { order: `#${order.number}`, paid, expected };
  return (
    <section
      className="admin-payment-mismatch"
      data-awaiting={awaiting}
      role={awaiting ? 'alert' : undefined}
      aria-labelledby="payment-mismatch-title"
      data-testid="order-payment-mismatch"
    >
      <h3 id="payment-mismatch-title" className="admin-panel-title">
        <AlertIcon size={18} /> {t('admin.orders.mismatch.title')}
      </h3>
      <p data-testid="order-payment-mismatch-amounts">{t('admin.orders.mismatch.paid', { paid, expected })}</p>
      <p>{awaiting ? t('admin.orders.mismatch.pending') : outcome}</p>
      {awaiting && (
        <div className="admin-update-status-row">
          <button
            type="button"
            className="btn btn-primary"
            disabled={decide.isPending}
            onClick={() => setConfirming('accept')}
            data-testid="order-payment-accept"
          >
            {t('admin.orders.mismatch.accept')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={decide.isPending}
            onClick={() => setConfirming('cancel')}
            data-testid="order-payment-cancel"
          >
            {t('admin.orders.mismatch.cancel')}
          </button>
        </div>
      )}
      <ConfirmModal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(
          confirming === 'cancel'
            ? 'admin.orders.mismatch.confirmCancel.title'
            : 'admin.orders.mismatch.confirmAccept.title',
        )}
        confirmLabel={t(confirming === 'cancel' ? 'admin.orders.mismatch.cancel' : 'admin.orders.mismatch.accept')}
        busyLabel={t('admin.orders.mismatch.deciding')}
        busy={decide.isPending}
        danger={confirming === 'cancel'}
        onConfirm={() =>
          confirming && decide.mutate({ order, decision: confirming }, { onSettled: () => setConfirming(null) })
        }
        testId="order-payment-decision-confirm"
      >
        <p>
          {t(
            confirming === 'cancel'
              ? 'admin.orders.mismatch.confirmCancel.body'
              : 'admin.orders.mismatch.confirmAccept.body',
            values,
          )}
        </p>
      </ConfirmModal>
    </section>
  );
}
