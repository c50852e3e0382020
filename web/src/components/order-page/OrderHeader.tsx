import type { ShopperOrderView } from '@shared/ordering/types';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { CheckIcon } from '../ui/icons';
import { PROGRESS_STEPS, orderStage, progressOf, type OrderStage } from './progress';

const STAGE_BADGES: Record<OrderStage, string> = {
  pending: 'badge-warning',
  review: 'badge-warning',
  failed: 'badge-danger',
  refunded: 'badge-danger',
  paid: 'badge-success',
  activating: 'badge-primary',
  ready: 'badge-success',
};

/**
 * The order page's head: its number as the page's heading (focused when the page opens), where the
 * order stands (a live region: a change read in is announced), the road paid → being activated →
 * ready, and the order's date, total and phone.
 */
export function OrderHeader({ order }: { order: ShopperOrderView }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const stage = orderStage(order);
  const progress = progressOf(stage);
  return (
    <section className="card order-head" aria-labelledby="order-page-title">
      <h1 id="order-page-title" className="order-head-title" tabIndex={-1} ref={heading}>
        <FormattedMessage
          id="success.orderNumber"
          values={{
            number: (
              <bdi key="number" dir="ltr" data-testid="order-page-number">
                #{order.orderNumber}
              </bdi>
            ),
          }}
        />
      </h1>
      <p className="order-status-line" role="status" data-testid="order-page-status" data-stage={stage}>
        <span className={`badge ${STAGE_BADGES[stage]}`}>
          <FormattedMessage id={`orderPage.stage.${stage}`} />
        </span>
        <span>
          {/* A free trial was never paid for (docs/product.md#free-trials). */}
          <FormattedMessage
            id={
              order.trial && stage === 'activating'
                ? 'orderPage.stage.activating.trialText'
                : `orderPage.stage.${stage}.text`
            }
          />
        </span>
      </p>
      {progress && (
        <ol className="order-progress" aria-label={intl.formatMessage({ id: 'orderPage.progress' })}>
          {PROGRESS_STEPS.map((step) => (
            <li
              key={step}
              className={`order-step order-step-${progress[step]}`}
              aria-current={progress[step] === 'current' ? 'step' : undefined}
            >
              <span className="order-step-mark" aria-hidden="true">
                {progress[step] === 'done' && <CheckIcon size={14} />}
              </span>
              <FormattedMessage
                id={order.trial && step === 'paid' ? 'orderPage.step.trial' : `orderPage.step.${step}`}
              />
              {progress[step] === 'done' && (
                <span className="visually-hidden">
                  {' '}
                  <FormattedMessage id="orderPage.step.done" />
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      <dl className="order-facts">
        <div className="order-fact">
          <dt>
            <FormattedMessage id="success.date" />
          </dt>
          <dd>{intl.formatDate(order.date, { dateStyle: 'long', timeStyle: 'short' })}</dd>
        </div>
        <div className="order-fact">
          <dt>
            <FormattedMessage id="success.total" />
          </dt>
          <dd>
            <bdi className="order-total" data-testid="order-page-total">
              {formatPrice(order.total)}
            </bdi>
          </dd>
        </div>
        {order.phone && (
          <div className="order-fact">
            <dt>
              <FormattedMessage id="success.phone" />
            </dt>
            <dd>
              <bdi dir="ltr">{order.phone}</bdi>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
