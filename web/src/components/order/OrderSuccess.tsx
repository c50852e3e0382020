import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isNotFound } from '../../api/http';
import { orderQuery, type CustomerOrder } from '../../api/payment';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../lib/usePageTitle';
import { Spinner } from '../ui/Spinner';
import { StatePanel } from '../ui/StatePanel';
import { AlertIcon, CheckCircleIcon, ClockIcon, HomeIcon, InboxIcon, MailIcon, RefreshIcon, XCircleIcon } from '../ui/icons';
import { OrderItems } from './OrderItems';
import { OrderPhoneForm } from './OrderPhoneForm';
import { SupportBox } from './SupportBox';

/** The success screen (SPEC §2), loaded from the server by checkout id so it survives a reload. */
export function OrderSuccess({ checkoutId }: { checkoutId: string }) {
  const intl = useIntl();
  const order = useQuery(orderQuery(checkoutId));
  usePageTitle(intl.formatMessage({ id: 'success.title' }));

  if (order.isPending) {
    return (
      <div className="container page-body">
        <div className="card stage-card" role="status" aria-live="polite">
          <Spinner size="lg" />
          <h1 className="stage-title">
            <FormattedMessage id="success.loading" />
          </h1>
        </div>
      </div>
    );
  }
  if (order.isError) {
    const notFound = isNotFound(order.error);
    return (
      <div className="container page-body">
        <StatePanel
          tone="error"
          headingLevel={1}
          testId="order-error"
          icon={notFound ? <InboxIcon size={28} /> : <AlertIcon size={28} />}
          title={<FormattedMessage id={notFound ? 'success.notFound' : 'success.error'} />}
          text={<FormattedMessage id={notFound ? 'success.notFoundText' : 'common.connectionHint'} />}
          actions={
            <>
              {!notFound && (
                <button type="button" className="btn btn-secondary" onClick={() => void order.refetch()}>
                  <RefreshIcon size={18} />
                  <FormattedMessage id="common.tryAgain" />
                </button>
              )}
              <Link to="/" className="btn btn-primary">
                <HomeIcon size={18} />
                <FormattedMessage id="success.home" />
              </Link>
            </>
          }
        />
      </div>
    );
  }
  return <OrderSuccessView checkoutId={checkoutId} order={order.data} />;
}

const PAID = new Set(['completed', 'dispatched', 'paid']);

function OrderSuccessView({ checkoutId, order }: { checkoutId: string; order: CustomerOrder }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const paid = PAID.has(order.status);
  const awaiting = order.status === 'pending';
  const failed = !paid && !awaiting;

  const rows: { key: string; label: ReactNode; value: ReactNode }[] = [
    {
      key: 'status',
      label: <FormattedMessage id="success.status" />,
      value: (
        <span className={`badge ${paid ? 'badge-success' : awaiting ? 'badge-warning' : 'badge-danger'}`} data-testid="order-status">
          <FormattedMessage id={paid ? 'success.status.completed' : awaiting ? 'success.status.pending' : 'success.status.failed'} />
        </span>
      ),
    },
    { key: 'method', label: <FormattedMessage id="success.method" />, value: <PaymentMethodName method={order.paymentMethod} /> },
    {
      key: 'total',
      label: <FormattedMessage id="success.total" />,
      value: (
        <bdi className="order-total" data-testid="order-total">
          {formatPrice(order.total)}
        </bdi>
      ),
    },
    {
      key: 'phone',
      label: <FormattedMessage id="success.phone" />,
      value: order.phone ? <bdi dir="ltr">{order.phone}</bdi> : <FormattedMessage id="success.phone.none" />,
    },
  ];
  if (order.date && !Number.isNaN(Date.parse(order.date))) {
    rows.push({
      key: 'date',
      label: <FormattedMessage id="success.date" />,
      value: intl.formatDate(order.date, { dateStyle: 'long', timeStyle: 'short' }),
    });
  }

  return (
    <div className="container page-body">
      <div className="success-layout" data-testid="order-success">
      <section className="card result-card result-success" aria-labelledby="success-title">
        <span className={`stage-icon ${failed ? 'stage-icon-failure' : awaiting ? 'stage-icon-pending' : 'stage-icon-success'}`}>
          {failed ? <XCircleIcon size={44} /> : awaiting ? <ClockIcon size={44} /> : <CheckCircleIcon size={44} />}
        </span>
        <h1 id="success-title" className="stage-title">
          <FormattedMessage id={failed ? 'payment.failure.title' : awaiting ? 'success.headingPending' : 'success.heading'} />
        </h1>
        <p className="stage-text">
          <FormattedMessage id={failed ? 'payment.failure.text' : awaiting ? 'success.textPending' : 'success.text'} />
        </p>
        {order.dbOrderId && (
          <p className="order-number">
            <FormattedMessage id="success.orderNumber" values={{ id: <bdi key="id" dir="ltr">#{order.dbOrderId}</bdi> }} />
          </p>
        )}
        <dl className="order-facts" data-testid="order-facts">
          {rows.map((row) => (
            <div key={row.key} className="order-fact" data-fact={row.key}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <OrderItems items={order.items} />

      {!order.phone && (
        <OrderPhoneForm
          orderId={order.dbOrderId}
          onSaved={(phone) => queryClient.setQueryData(orderQuery(checkoutId).queryKey, { ...order, phone })}
        />
      )}

      <SupportBox contact={order.adminContact} orderId={order.dbOrderId} />

      <p className="email-note">
        <MailIcon size={18} />
        <FormattedMessage id="success.emailNote" />
      </p>
      <Link to="/" className="btn btn-primary btn-lg success-home" data-testid="success-home">
        <HomeIcon size={18} />
        <FormattedMessage id="success.home" />
      </Link>
      </div>
    </div>
  );
}

function PaymentMethodName({ method }: { method: string }) {
  switch (method) {
    case 'baridi_mob':
    case 'edahabia':
      return <FormattedMessage id="payment.method.baridiMob" />;
    case 'card':
    case 'cib':
      return <FormattedMessage id="payment.method.card" />;
    default:
      return <bdi>{method}</bdi>;
  }
}
