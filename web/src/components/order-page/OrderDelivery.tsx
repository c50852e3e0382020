import type { ShopperOrderView } from '@shared/ordering/types';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';
import { paths } from '../../lib/paths';
import { KeyIcon, StoreIcon, WhatsAppIcon } from '../ui/icons';
import { orderStage, type OrderStage } from './progress';
import type { RenewControl } from './renew';
import { SubscriptionCard } from './SubscriptionCard';

/** What the page says about the activation details before there are any to show. */
const WAITING_TEXT: Partial<Record<OrderStage, MessageId>> = {
  pending: 'orderPage.delivery.pending',
  review: 'success.textReview',
  failed: 'orderPage.delivery.failed',
  paid: 'orderPage.delivery.none',
};

/**
 * The order's subscriptions and their activation details (docs/product.md#order-page), the shop's
 * message once delivered; before that, when and where the details will come.
 */
export function OrderDelivery({ order, renew }: { order: ShopperOrderView; renew: RenewControl }) {
  const stage = orderStage(order);
  const waiting = WAITING_TEXT[stage];
  return (
    <section
      className="card order-delivery"
      aria-labelledby="order-delivery-title"
      data-testid="order-delivery"
      data-state={order.deliveryState}
    >
      <h2 id="order-delivery-title" className="card-title">
        <KeyIcon size={20} />
        <FormattedMessage id="orderPage.delivery.title" />
      </h2>
      {waiting && (
        <p className="field-hint">
          <FormattedMessage id={waiting} />
        </p>
      )}
      {stage === 'failed' && (
        <Link to={paths.store} className="btn btn-secondary btn-sm">
          <StoreIcon size={18} />
          <FormattedMessage id="nav.store" />
        </Link>
      )}
      {stage === 'activating' && (
        <p className="delivery-note" data-testid="order-page-awaiting">
          <WhatsAppIcon size={18} />
          <FormattedMessage id="orderPage.delivery.awaiting" />
        </p>
      )}
      {order.message && (
        <blockquote className="shop-message" data-testid="order-page-message">
          <p className="shop-message-title">
            <FormattedMessage id="orderPage.delivery.message" />
          </p>
          <p dir="auto">{order.message}</p>
        </blockquote>
      )}
      {order.subscriptions.length > 0 && (
        <div className="subscription-list">
          {order.subscriptions.map((subscription) => (
            <SubscriptionCard key={subscription.id} subscription={subscription} renew={renew} />
          ))}
        </div>
      )}
    </section>
  );
}
