import type { AdminOrderView } from '@shared/ordering/types';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { OrderStatusBadge } from '../ui/OrderStatusBadge';

const column = createColumnHelper<AdminOrderView>();

/**
 * A customer's orders on their page: number (opening the order's detail on the orders screen), date,
 * total and status, as the orders list shows them.
 */
export function useCustomerOrderColumns() {
  const t = useAdminText();
  const dates = useAdminDates();
  const price = useFormatPrice();
  return useMemo(
    () => [
      column.accessor('number', {
        header: t('admin.orders.col.order'),
        cell: (info) => (
          <Link
            to="/admin/orders"
            search={{ id: info.row.original.id }}
            className="admin-order-number"
            aria-label={t('admin.orders.view', { order: `#${info.getValue()}` })}
            data-testid="customer-order"
          >
            <span dir="ltr">#{info.getValue()}</span>
          </Link>
        ),
      }),
      column.accessor('created_at', {
        header: t('admin.orders.col.date'),
        // The day: a phone shows the whole row; the time is the tooltip.
        cell: (info) => (
          <time dateTime={info.getValue()} title={dates.dateTime(info.getValue(), { weekday: true })}>
            {dates.date(info.getValue())}
          </time>
        ),
      }),
      column.accessor('total_amount', {
        header: t('admin.orders.col.amount'),
        meta: { align: 'num' },
        cell: (info) => <span dir="auto">{price(info.getValue())}</span>,
      }),
      column.accessor('status', {
        header: t('admin.orders.col.status'),
        cell: (info) => <OrderStatusBadge status={info.getValue()} />,
      }),
    ],
    [t, dates, price],
  );
}
