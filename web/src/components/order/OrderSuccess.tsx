import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CustomerOrderView } from '@shared/ordering/types';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { orderQuery } from '../../api/order';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { usePageTitle } from '../../lib/usePageTitle';
import { CheckCircleIcon, ClockIcon, HomeIcon, WhatsAppIcon, XCircleIcon } from '../ui/icons';
import { orderLinkToken, renewedOrderLink } from '../../lib/order-links';
import { OrderItems } from './OrderItems';
import { OrderLink, OrderLinkElsewhere } from './OrderLink';
import { ORDER_STATUS_MESSAGES, isPaid } from './order-status';
import { OrderPhoneForm } from './OrderPhoneForm';
import { PaymentMethodName } from './PaymentMethodName';
import { RenewedOrder } from './RenewedOrder';
import { SupportBox } from './SupportBox';

/** The success screen (docs/product.md#order-confirmation), its order loaded by checkout id (so it survives a reload) by the route. */
export function OrderSuccess({ checkoutId }: { checkoutId: string }) {
  const intl = useIntl();
  const order = useSuspenseQuery(orderQuery(checkoutId));
  usePageTitle(intl.formatMessage({ id: 'success.title' }));
  return <OrderSuccessView key={checkoutId} checkoutId={checkoutId} order={order.data} />;
}

function OrderSuccessView({ checkoutId, order }: { checkoutId: string; order: CustomerOrderView }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const queryClient = useQueryClient();
  const paid = isPaid(order.status);
  // A payment that does not match the order's total waits for the store's team: not paid, not failed.
  const review = order.status === 'payment_mismatch';
  const awaiting = order.status === 'pending' || review;
  const failed = !paid && !awaiting;
  // The private link is known only in the browser the order was placed from.
  const token = orderLinkToken(order.checkoutId);
  // A renewal leads back to the order it renews (known, like the link, in this browser only).
  const renews = renewedOrderLink(order.checkoutId);

  const rows: { key: string; label: ReactNode; value: ReactNode }[] = [
    {
      key: 'status',
      label: <FormattedMessage id="success.status" />,
      value: (
        <span
          className={`badge ${paid ? 'badge-success' : awaiting ? 'badge-warning' : 'badge-danger'}`}
          data-testid="order-status"
        >
          <FormattedMessage id={ORDER_STATUS_MESSAGES[order.status]} />
        </span>
      ),
    },
    {
      key: 'method',
      label: <FormattedMessage id="success.method" />,
      value: <PaymentMethodName method={order.paymentMethod} />,
    },
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
  rows.push({
    key: 'date',
    label: <FormattedMessage id="success.date" />,
    value: intl.formatDate(order.date, { dateStyle: 'long', timeStyle: 'short' }),
  });

  return (
    <div className="container page-body">
      <div className="success-layout" data-testid="order-success">
        <section className="card result-card result-success" aria-labelledby="success-title">
          <span
            className={`stage-icon ${failed ? 'stage-icon-failure' : awaiting ? 'stage-icon-pending' : 'stage-icon-success'}`}
          >
            {failed ? <XCircleIcon size={44} /> : awaiting ? <ClockIcon size={44} /> : <CheckCircleIcon size={44} />}
          </span>
          <h1 id="success-title" className="stage-title">
            <FormattedMessage
              id={failed ? 'payment.failure.title' : awaiting ? 'success.headingPending' : 'success.heading'}
            />
          </h1>
          <p className="stage-text">
            <FormattedMessage
              id={
                failed
                  ? 'payment.failure.text'
                  : review
                    ? 'success.textReview'
                    : awaiting
                      ? 'success.textPending'
                      : 'success.text'
              }
            />
          </p>
          <p className="order-number">
            <FormattedMessage
              id="success.orderNumber"
              values={{
                number: (
                  <bdi key="number" dir="ltr" data-testid="order-number">
                    #{order.orderNumber}
                  </bdi>
                ),
              }}
            />
          </p>
          <dl className="order-facts" data-testid="order-facts">
            {rows.map((row) => (
              <div key={row.key} className="order-fact" data-fact={row.key}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        {renews && !failed && <RenewedOrder renews={renews} />}

        {/* A failed order keeps its link too: a payment confirmed late still completes it. */}
        {token ? (
          <OrderLink token={token} orderNumber={order.orderNumber} phone={order.phone} />
        ) : (
          <OrderLinkElsewhere />
        )}

        {/* No e-mail is collected: the details show on the order page and go to the order's phone (docs/product.md#order-page). */}
        {!failed && !renews && (
          <p className="delivery-note" data-testid="delivery-note">
            <WhatsAppIcon size={18} />
            <FormattedMessage id="success.deliveryNote" />
          </p>
        )}

        <OrderItems items={order.items} />

        {token && !order.phone && phoneChangeOpen(order) && (
          <OrderPhoneForm
            accessToken={token}
            onSaved={(phone) =>
              queryClient.setQueryData(orderQuery(checkoutId).queryKey, { ...order, phone, phoneChangeUntil: null })
            }
          />
        )}

        <SupportBox contact={order.adminContact} orderNumber={order.orderNumber} />

        <Link to="/" className="btn btn-primary btn-lg success-home" data-testid="success-home">
          <HomeIcon size={18} />
          <FormattedMessage id="success.home" />
        </Link>
      </div>
    </div>
  );
}

/**
 * The server takes a phone for an order once, within an hour of its payment (phoneChangeUntil):
 * the form is offered only while it would be taken.
 */
function phoneChangeOpen(order: CustomerOrderView): boolean {
  return order.phoneChangeUntil !== null && Date.parse(order.phoneChangeUntil) > Date.now();
}
