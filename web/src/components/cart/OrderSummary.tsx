import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFormatPrice } from '../../i18n/I18nProvider';

/**
 * Subtotal, tax line (a tax line reads 'Included'; no fees are added: docs/product.md#cart) and
 * the total rounded to whole dinars with 'Da'.
 */
export function OrderSummary({
  itemCount,
  total,
  children,
  title = true,
}: {
  itemCount: number;
  total: number;
  children?: ReactNode;
  title?: boolean;
}) {
  const formatPrice = useFormatPrice();
  return (
    <section
      className="card summary-card"
      aria-labelledby={title ? 'summary-title' : undefined}
      data-testid="order-summary"
    >
      {title && (
        <h2 id="summary-title" className="card-title">
          <FormattedMessage id="cart.summary" />
        </h2>
      )}
      <dl className="summary-rows">
        <div className="summary-row">
          <dt>
            <FormattedMessage id="cart.subtotal" values={{ count: itemCount }} />
          </dt>
          <dd>
            <bdi>{formatPrice(total)}</bdi>
          </dd>
        </div>
        <div className="summary-row">
          <dt>
            <FormattedMessage id="cart.tax" />
          </dt>
          <dd>
            <FormattedMessage id="cart.taxIncluded" />
          </dd>
        </div>
        <div className="summary-row summary-total">
          <dt>
            <FormattedMessage id="cart.total" />
          </dt>
          <dd>
            <bdi data-testid="cart-total">{formatPrice(total)}</bdi>
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
