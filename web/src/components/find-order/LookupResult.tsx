import type { OrderLookupView } from '@shared/ordering/types';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isolate } from '../../lib/bidi';
import { ORDER_STATUS_MESSAGES, isPaid } from '../order/order-status';
import { SupportBox } from '../order/SupportBox';
import { LockIcon } from '../ui/icons';

const STATUS_BADGES: Record<OrderLookupView['status'], string> = {
  pending: 'badge-warning',
  payment_mismatch: 'badge-warning',
  failed: 'badge-danger',
  completed: 'badge-success',
  dispatched: 'badge-success',
  refunded: 'badge-danger',
};

/**
 * The order Find my order found: where it stands, and how to reach the shop about it. The details
 * and the link stay on the private page: the shop sends the link to the order's phone.
 */
export function LookupResult({ order }: { order: OrderLookupView }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const heading = useRef<HTMLHeadingElement>(null);
  // Found: the answer is read next, from its heading.
  useEffect(() => heading.current?.focus(), [order]);
  return (
    <>
      <section className="card lookup-result" aria-labelledby="lookup-title" data-testid="lookup-result">
        <h2 id="lookup-title" className="card-title" tabIndex={-1} ref={heading}>
          <FormattedMessage
            id="success.orderNumber"
            values={{
              number: (
                <bdi key="number" dir="ltr">
                  #{order.orderNumber}
                </bdi>
              ),
            }}
          />
        </h2>
        <dl className="order-facts">
          <div className="order-fact">
            <dt>
              <FormattedMessage id="success.status" />
            </dt>
            <dd>
              <span className={`badge ${STATUS_BADGES[order.status]}`} data-testid="lookup-status">
                <FormattedMessage id={ORDER_STATUS_MESSAGES[order.status]} />
              </span>
            </dd>
          </div>
          {isPaid(order.status) && (
            <div className="order-fact">
              <dt>
                <FormattedMessage id="findOrder.delivery" />
              </dt>
              <dd data-testid="lookup-delivery">
                <FormattedMessage id={`findOrder.delivery.${order.deliveryState}`} />
              </dd>
            </div>
          )}
          <div className="order-fact">
            <dt>
              <FormattedMessage id="success.date" />
            </dt>
            <dd>{intl.formatDate(order.date, { dateStyle: 'long', timeStyle: 'short' })}</dd>
          </div>
          <div className="order-fact">
            <dt>
              <FormattedMessage id="findOrder.packages" />
            </dt>
            <dd>
              <ul className="lookup-items" role="list" data-testid="lookup-items">
                {order.items.map((item, index) => (
                  <li key={index}>
                    <FormattedMessage
                      id="findOrder.item"
                      values={{
                        package: isolate(item.package),
                        duration: durationLabel(item.duration),
                        quantity: item.quantity,
                      }}
                    />
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          <div className="order-fact">
            <dt>
              <FormattedMessage id="success.total" />
            </dt>
            <dd>
              <bdi className="order-total" data-testid="lookup-total">
                {formatPrice(order.total)}
              </bdi>
            </dd>
          </div>
        </dl>
        <p className="delivery-note" data-testid="lookup-privacy">
          <LockIcon size={18} />
          <FormattedMessage id="findOrder.privacy" />
        </p>
      </section>
      <SupportBox contact={order.adminContact} orderNumber={order.orderNumber} defaultOpen />
    </>
  );
}
