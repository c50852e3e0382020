import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { RenewedOrderLink } from '../../lib/order-links';
import { ArrowForwardIcon, RefreshIcon } from '../ui/icons';

/**
 * On the success screen of a renewal (docs/product.md#renewals): the way back to the renewed
 * order's page, where the subscription's new end shows once the payment is confirmed.
 */
export function RenewedOrder({ renews }: { renews: RenewedOrderLink }) {
  const number = (
    <bdi key="number" dir="ltr">
      #{renews.number}
    </bdi>
  );
  return (
    <section className="card order-link" aria-labelledby="renewed-order-title" data-testid="renewed-order">
      <h2 id="renewed-order-title" className="card-title">
        <RefreshIcon size={20} />
        <FormattedMessage id="success.renewal.title" values={{ number }} />
      </h2>
      <p className="field-hint">
        <FormattedMessage id="success.renewal.text" values={{ number }} />
      </p>
      <Link
        to="/orders/$token"
        params={{ token: renews.token }}
        className="btn btn-primary btn-sm"
        data-testid="renewed-order-open"
      >
        <FormattedMessage id="success.renewal.open" values={{ number }} />
        <ArrowForwardIcon size={18} />
      </Link>
    </section>
  );
}
