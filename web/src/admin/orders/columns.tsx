import type { AdminOrderListItem, AdminOrderView } from '@shared/ordering/types';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { TrashIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { deleteRefusalId } from './delete-refusal';
import { useAdminText } from '../i18n';
import { EyeIcon } from '../ui/icons';
import { RowAction } from '../ui/list/RowAction';
import { useAdminDates } from '../ui/dates';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';
import { RenewalOf } from './RenewalOf';
import { TrialBadge } from '../ui/TrialBadge';
import { givenEmail, givenName } from '../ui/customer-name';

const column = createColumnHelper<AdminOrderListItem>();

/**
 * The columns (docs/product.md#orders): order (with "Awaiting delivery" while a subscription awaits
 * its details, and "Renewal of #1042" on a renewal), customer, email, date, amount, status, actions (view, delete).
 */
export function useOrderColumns(actions: {
  onView: (order: AdminOrderView) => void;
  onDelete: (order: AdminOrderView) => void;
}) {
  const t = useAdminText();
  const dates = useAdminDates();
  const price = useFormatPrice();
  const { onView, onDelete } = actions;
  return useMemo(
    () => [
      column.accessor('number', {
        header: t('admin.orders.col.order'),
        // Awaiting delivery shows next to the number, the column seen first even on a phone.
        cell: (info) => (
          <span className="admin-cell-badges">
            <button
              type="button"
              className="link-button admin-order-number"
              dir="ltr"
              onClick={() => onView(info.row.original)}
            >
              #{info.getValue()}
            </button>
            {info.row.original.awaiting_delivery && (
              <span className="badge badge-accent" data-testid="order-awaiting-delivery">
                {t('admin.orders.awaitingDelivery')}
              </span>
            )}
            {info.row.original.renewal_of_number !== null && <RenewalOf number={info.row.original.renewal_of_number} />}
          </span>
        ),
      }),
      column.accessor('customer_name', {
        header: t('admin.orders.col.customer'),
        cell: (info) => {
          const name = givenName(info.getValue());
          return (
            <span className="admin-cell-stack">
              {name && <span dir="auto">{name}</span>}
              <span className={name ? 'admin-cell-sub' : undefined} dir="ltr">
                {info.row.original.phone}
              </span>
            </span>
          );
        },
      }),
      column.accessor('customer_email', {
        header: t('admin.orders.col.email'),
        cell: (info) => <span dir="ltr">{givenEmail(info.getValue())}</span>,
      }),
      column.accessor('created_at', {
        header: t('admin.orders.col.date'),
        cell: (info) => <time dateTime={info.getValue()}>{dates.dateTime(info.getValue())}</time>,
      }),
      column.accessor('total_amount', {
        header: t('admin.orders.col.amount'),
        meta: { align: 'num' },
        cell: (info) => <span dir="auto">{price(info.getValue())}</span>,
      }),
      column.accessor('status', {
        header: t('admin.orders.col.status'),
        cell: (info) => (
          <span className="admin-badges">
            <OrderStatusBadge status={info.getValue()} />
            {info.row.original.trial && <TrialBadge />}
          </span>
        ),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('admin.list.actions')}</span>,
        meta: { align: 'actions' },
        cell: (info) => {
          const order = info.row.original;
          const label = `#${order.number}`;
          const refusal = deleteRefusalId(order.status);
          return (
            <span className="admin-row-actions">
              <RowAction
                label={t('admin.orders.view', { order: label })}
                onClick={() => onView(order)}
                testId="order-view"
              >
                <EyeIcon size={18} />
              </RowAction>
              <RowAction
                label={t('admin.orders.deleteOrder', { order: label })}
                // Why the order cannot be deleted, on hover.
                title={refusal && t(refusal, { order: label })}
                className="icon-btn-danger"
                disabled={refusal !== undefined}
                onClick={() => onDelete(order)}
                testId="order-delete"
              >
                <TrashIcon size={18} />
              </RowAction>
            </span>
          );
        },
      }),
    ],
    [t, dates, price, onView, onDelete],
  );
}
