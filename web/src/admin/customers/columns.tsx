import type { CustomerView } from '@shared/ordering/types';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { MailIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { EyeIcon } from '../ui/icons';
import { ContactLinks } from './ContactLinks';
import { customerName, givenEmail } from '../ui/customer-name';

// The customer table's columns (docs/product.md#customers: id, contact, orders count, total spent, join date) and
// the row's actions: the customer's page (by their phone, the key a customer is known by), then as
// icons a call, a WhatsApp chat and a mail draft to them.

const column = createColumnHelper<CustomerView>();

export function useCustomerColumns() {
  const t = useAdminText();
  const intl = useIntl();
  const dates = useAdminDates();
  const price = useFormatPrice();
  return useMemo(
    () => [
      column.accessor('id', {
        header: t('admin.customers.col.id'),
        // A phone number reads left to right in Arabic too.
        cell: (info) => (
          <Link
            to="/admin/customers/$phone"
            params={{ phone: info.getValue() }}
            className="admin-customer-id"
            dir="ltr"
            data-testid="customer-page-link"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.display({
        id: 'contact',
        header: t('admin.customers.col.contact'),
        cell: ({ row }) => (
          <span className="admin-cell-stack">
            <span className="admin-customer-name" dir="auto">
              {row.original.name}
            </span>
            {row.original.email && (
              <span className="admin-cell-sub" dir="ltr">
                {row.original.email}
              </span>
            )}
          </span>
        ),
      }),
      column.accessor('orders', {
        header: t('admin.customers.col.orders'),
        meta: { align: 'num' },
        cell: (info) => intl.formatNumber(info.getValue()),
      }),
      column.accessor('totalSpent', {
        header: t('admin.customers.col.totalSpent'),
        meta: { align: 'num' },
        // "2,500 Da" keeps its order inside a right-to-left row.
        cell: (info) => <span dir="auto">{price(info.getValue())}</span>,
      }),
      column.accessor('joinDate', {
        header: t('admin.customers.col.joinDate'),
        cell: (info) => (
          <time dateTime={info.getValue()} title={dates.dateTime(info.getValue(), { weekday: true })}>
            {dates.date(info.getValue())}
          </time>
        ),
      }),
      column.display({
        id: 'actions',
        header: t('admin.list.actions'),
        meta: { align: 'actions' },
        cell: ({ row }) => <CustomerActions customer={row.original} />,
      }),
    ],
    [t, intl, dates, price],
  );
}

function CustomerActions({ customer }: { customer: CustomerView }) {
  const t = useAdminText();
  const name = customerName(customer);
  return (
    <span className="admin-row-actions">
      <Link
        to="/admin/customers/$phone"
        params={{ phone: customer.phone }}
        className="btn btn-ghost btn-sm"
        aria-label={t('admin.customers.viewOf', { name })}
        title={t('admin.customers.viewOf', { name })}
        data-testid="customer-view"
      >
        <EyeIcon size={16} />
        <span className="admin-customer-action-label">{t('admin.customers.view')}</span>
      </Link>
      <ContactLinks phone={customer.phone} name={name} inRow />
      {givenEmail(customer.email) ? (
        <a
          href={`mailto:${encodeURIComponent(customer.email).replace(/%40/g, '@')}`}
          className="btn btn-ghost btn-sm"
          aria-label={t('admin.customers.emailTo', { name })}
          title={customer.email}
          data-testid="customer-email"
        >
          <MailIcon size={16} />
          <span className="visually-hidden">{t('admin.customers.email')}</span>
        </a>
      ) : (
        <button type="button" className="btn btn-ghost btn-sm" disabled title={t('admin.customers.noEmail')}>
          <MailIcon size={16} />
          <span className="visually-hidden">{t('admin.customers.email')}</span>
        </button>
      )}
    </span>
  );
}
