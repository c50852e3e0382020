import type { AdminSubscriptionRowView } from '@shared/subscriptions/types';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { CheckIcon } from '../../components/ui/icons';
import { displayPhone } from '../../config';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { EyeIcon } from '../ui/icons';
import { RemindAction } from './RemindAction';
import { isStepDone, reminderStep } from './reminder';
import { SubscriptionStatusBadge } from './SubscriptionStatusBadge';
import { useAgo, useDaysLeft } from './time-text';
// The rows' look; the screen's own is scoped to .admin-subscriptions, which a customer's page puts on its table too.
import './subscriptions.css';

const column = createColumnHelper<AdminSubscriptionRowView>();

/**
 * The columns (docs/product.md#subscriptions-screen): customer, package (and its order), duration,
 * start, end, days left, status, last reminder, actions (the reminder due, the order). Times are
 * read at `now`, days in the admin's timezone. A customer's page has no customer column.
 */
export function useSubscriptionColumns(now: Date, { withCustomer = true } = {}) {
  const t = useAdminText();
  const dates = useAdminDates();
  const durationLabel = useDurationLabel();
  const ago = useAgo();
  const daysLeft = useDaysLeft();
  const { timeZone } = dates;
  return useMemo(() => {
    const none = <span className="admin-cell-none">{t('admin.subscriptions.none')}</span>;
    const day = (value: string) => <time dateTime={value}>{dates.date(value)}</time>;
    const customerColumn = column.accessor('phone', {
      header: t('admin.subscriptions.col.customer'),
      cell: (info) => (
        <span className="admin-cell-stack">
          <Link
            to="/admin/customers/$phone"
            params={{ phone: info.getValue() }}
            dir="ltr"
            data-testid="subscription-customer-link"
          >
            {displayPhone(info.getValue())}
          </Link>
          {info.row.original.customerName && (
            <span className="admin-cell-sub" dir="auto">
              {info.row.original.customerName}
            </span>
          )}
        </span>
      ),
    });
    return [
      ...(withCustomer ? [customerColumn] : []),
      column.accessor('packageName', {
        header: t('admin.subscriptions.col.package'),
        cell: (info) => (
          <span className="admin-cell-stack">
            <span dir="auto">{info.getValue()}</span>
            <OrderLink row={info.row.original} />
          </span>
        ),
      }),
      column.accessor('duration', {
        header: t('admin.subscriptions.col.duration'),
        cell: (info) => durationLabel(info.getValue()),
      }),
      column.accessor('startsAt', {
        header: t('admin.subscriptions.col.started'),
        cell: (info) => (info.getValue() ? day(info.getValue()!) : none),
      }),
      column.accessor('endsAt', {
        header: t('admin.subscriptions.col.ends'),
        cell: (info) => {
          const endsAt = info.getValue();
          if (endsAt) return day(endsAt);
          // Delivered without an end: a life-time subscription.
          return info.row.original.startsAt ? t('admin.subscriptions.noEnd') : none;
        },
      }),
      column.display({
        id: 'daysLeft',
        header: t('admin.subscriptions.col.daysLeft'),
        cell: (info) => {
          const { endsAt } = info.row.original;
          return endsAt ? <span data-testid="subscription-days-left">{daysLeft(endsAt, now, timeZone)}</span> : none;
        },
      }),
      column.accessor('status', {
        header: t('admin.subscriptions.col.status'),
        cell: (info) => <SubscriptionStatusBadge status={info.getValue()} />,
      }),
      column.accessor('lastReminder', {
        header: t('admin.subscriptions.col.lastReminder'),
        cell: (info) => {
          const reminder = info.getValue();
          if (!reminder) return none;
          return (
            <span className="admin-cell-stack admin-subscription-reminder" data-testid="subscription-last-reminder">
              <span>{t('admin.subscriptions.reminded', { when: ago(reminder.at, now), name: reminder.byName })}</span>
              <span className="admin-cell-sub">{t(`admin.subscriptions.step.${reminder.step}`)}</span>
            </span>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('admin.list.actions')}</span>,
        meta: { align: 'actions' },
        cell: (info) => {
          const row = info.row.original;
          const order = `#${row.orderNumber}`;
          return (
            <span className="admin-row-actions">
              <DueReminder row={row} now={now} timeZone={timeZone} />
              <Link
                to="/admin/orders"
                search={{ id: row.orderId }}
                className="icon-btn"
                aria-label={t('admin.subscriptions.viewOrder', { order })}
                title={t('admin.subscriptions.viewOrder', { order })}
                data-testid="subscription-order"
              >
                <EyeIcon size={18} />
              </Link>
            </span>
          );
        },
      }),
    ];
  }, [t, dates, durationLabel, ago, daysLeft, now, timeZone, withCustomer]);
}

/** The order's number, opening its detail on the orders screen. */
function OrderLink({ row }: { row: AdminSubscriptionRowView }) {
  const t = useAdminText();
  return (
    <Link
      to="/admin/orders"
      search={{ id: row.orderId }}
      className="admin-cell-sub admin-subscription-order"
      aria-label={t('admin.subscriptions.viewOrder', { order: `#${row.orderNumber}` })}
    >
      <span dir="ltr">#{row.orderNumber}</span>
    </Link>
  );
}

/**
 * The reminder due now, if any: a delivered subscription with an end, from 7 days before it. Once
 * that step is recorded (by anyone) the row says it is done.
 */
function DueReminder({ row, now, timeZone }: { row: AdminSubscriptionRowView; now: Date; timeZone: string }) {
  const t = useAdminText();
  const { endsAt } = row;
  const delivered = row.status === 'active' || row.status === 'expiring' || row.status === 'expired';
  const step = endsAt && delivered ? reminderStep(endsAt, now, timeZone) : null;
  if (!endsAt || !step) return null;
  if (isStepDone(row.lastReminder?.step, step))
    return (
      <span
        className="badge badge-success admin-remind-done"
        title={t(`admin.subscriptions.step.${row.lastReminder!.step}`)}
        data-testid="subscription-reminded"
      >
        <CheckIcon size={14} />
        <span className="admin-remind-label">{t('admin.subscriptions.done')}</span>
      </span>
    );
  return <RemindAction row={{ ...row, endsAt }} step={step} timeZone={timeZone} />;
}
