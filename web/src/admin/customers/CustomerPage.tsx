import { normalisePhone } from '@shared/ordering/constants';
import type { CustomerDetailView } from '@shared/ordering/types';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../../api/http';
import { ArrowBackIcon, ClockIcon, InboxIcon, ReceiptIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { StatePanel } from '../../components/ui/StatePanel';
import { displayPhone } from '../../config';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { customerQuery } from '../api/customers';
import { useNow } from '../dashboard/time';
import { useAdminText } from '../i18n';
import { useAdminTitle } from '../layout/useAdminTitle';
import { NotesSection } from '../notes/NotesSection';
import { useSubscriptionColumns } from '../subscriptions/columns';
import { useAdminDates } from '../ui/dates';
import { CoinsIcon } from '../ui/icons';
import { DataTable } from '../ui/list/DataTable';
import { ListError } from '../ui/list/ListError';
import { ContactLinks } from './ContactLinks';
import { customerName } from '../ui/customer-name';
import { useCustomerOrderColumns } from './order-columns';
import './customer-page.css';

/**
 * /admin/customers/{phone} (docs/product.md#notes): who the customer is, Call and WhatsApp, their
 * figures, their subscriptions as the subscriptions screen shows them now, their orders and the
 * admins' notes. Live events keep it current (an order placed or paid, a note, a reminder).
 */
export function CustomerPage({ phone }: { phone: string }) {
  const t = useAdminText();
  // A phone with no digit names nobody (and would read the whole list).
  const known = normalisePhone(phone) !== '';
  const query = useQuery({ ...customerQuery(phone), enabled: known });
  const notFound = !known || (query.error instanceof ApiError && query.error.status === 404);
  const data = notFound ? undefined : query.data;
  useAdminTitle(data ? customerName(data.customer) : t('admin.customers.title'));
  return (
    <div className="admin-page admin-customer-page" data-testid="customer-page">
      <div>
        <Link to="/admin/customers" className="back-link">
          <ArrowBackIcon size={18} />
          {t('admin.customer.back')}
        </Link>
      </div>
      {data ? (
        <CustomerDetail data={data} />
      ) : notFound ? (
        <StatePanel
          icon={<InboxIcon size={28} />}
          title={t('admin.customer.notFound')}
          text={t('admin.customer.notFoundText', { phone })}
          headingLevel={1}
          testId="customer-not-found"
        />
      ) : query.isError ? (
        <ListError text={t('admin.customer.loadFailed')} onRetry={() => void query.refetch()} testId="customer-error" />
      ) : (
        <div className="admin-modal-loading" role="status" data-testid="customer-loading">
          <Spinner />
          <span>{t('admin.customer.loading')}</span>
        </div>
      )}
    </div>
  );
}

function CustomerDetail({ data }: { data: CustomerDetailView }) {
  const { customer } = data;
  const name = customerName(customer);
  return (
    <>
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title" dir="auto" data-testid="customer-name">
            {name === customer.phone ? <span dir="ltr">{displayPhone(name)}</span> : name}
          </h1>
          {name !== customer.phone && (
            <p className="admin-page-subtitle" dir="ltr" data-testid="customer-phone">
              {displayPhone(customer.phone)}
            </p>
          )}
        </div>
        <div className="admin-customer-contact">
          <ContactLinks phone={customer.phone} name={name} />
        </div>
      </header>
      <Figures data={data} />
      <Subscriptions data={data} />
      <Orders data={data} />
      <section className="card admin-panel">
        <NotesSection subject={{ type: 'customer', id: customer.phone }} notes={data.notes} headingLevel={2} />
      </section>
    </>
  );
}

function Figures({ data: { customer } }: { data: CustomerDetailView }) {
  const t = useAdminText();
  const intl = useIntl();
  const price = useFormatPrice();
  const dates = useAdminDates();
  return (
    <dl className="admin-stats admin-customer-figures" aria-label={t('admin.customer.figures')}>
      <Figure icon={<ReceiptIcon />} label={t('admin.customer.orders')} testId="customer-orders-count">
        {intl.formatNumber(customer.orders)}
      </Figure>
      <Figure icon={<CoinsIcon />} label={t('admin.customer.totalSpent')} testId="customer-total">
        <span dir="auto">{price(customer.totalSpent)}</span>
      </Figure>
      <Figure icon={<ClockIcon />} label={t('admin.customer.firstOrder')} testId="customer-first-order">
        <time dateTime={customer.joinDate} title={dates.dateTime(customer.joinDate, { weekday: true })}>
          {dates.date(customer.joinDate)}
        </time>
      </Figure>
    </dl>
  );
}

function Figure({
  icon,
  label,
  testId,
  children,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="card admin-stat admin-customer-figure" data-testid={testId}>
      <dt className="admin-stat-head">
        <span className="admin-stat-icon">{icon}</span>
        <span className="admin-stat-label">{label}</span>
      </dt>
      <dd className="admin-stat-value">{children}</dd>
    </div>
  );
}

/** A card with a title and its table, or what to say in place of a table with no rows. */
function TableCard(props: { title: string; action?: ReactNode; empty: string | null; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card admin-panel admin-list admin-customer-card" aria-labelledby={titleId}>
      <div className="admin-customer-card-head">
        <h2 id={titleId} className="admin-panel-title">
          {props.title}
        </h2>
        {props.action}
      </div>
      {props.empty === null ? props.children : <p className="admin-empty-text admin-customer-empty">{props.empty}</p>}
    </section>
  );
}

function Subscriptions({ data }: { data: CustomerDetailView }) {
  const t = useAdminText();
  const now = useNow();
  const columns = useSubscriptionColumns(now, { withCustomer: false });
  return (
    <div className="admin-subscriptions">
      <TableCard
        title={t('admin.customer.subscriptions')}
        empty={data.subscriptions.length ? null : t('admin.customer.subscriptionsEmpty')}
      >
        <DataTable
          label={t('admin.customer.subscriptions')}
          columns={columns}
          rows={data.subscriptions}
          rowId={(row) => row.id}
          empty={null}
          testId="customer-subscriptions"
        />
      </TableCard>
    </div>
  );
}

function Orders({ data }: { data: CustomerDetailView }) {
  const t = useAdminText();
  const columns = useCustomerOrderColumns();
  return (
    <TableCard
      title={t('admin.customer.orders')}
      empty={data.orders.length ? null : t('admin.customer.ordersEmpty')}
      action={
        <Link
          to="/admin/orders"
          search={{ search: data.customer.phone }}
          className="btn btn-secondary btn-sm"
          data-testid="customer-orders-list"
        >
          <ReceiptIcon size={16} />
          {t('admin.customer.ordersInList')}
        </Link>
      }
    >
      <DataTable
        label={t('admin.customer.orders')}
        columns={columns}
        rows={data.orders}
        rowId={(order) => order.id}
        empty={null}
        testId="customer-orders"
      />
    </TableCard>
  );
}
