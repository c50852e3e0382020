import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { CartLine } from '../components/cart/CartLine';
import { OrderSummary } from '../components/cart/OrderSummary';
import { PageHeader } from '../components/catalogue/PageHeader';
import { StatePanel } from '../components/ui/StatePanel';
import { ArrowBackIcon, ArrowForwardIcon, CartIcon, LockIcon, TrashIcon } from '../components/ui/icons';
import { lineKey } from '../cart/cart';
import { useCart } from '../cart/store';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/cart')({
  component: CartPage,
});

function CartPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'cart.title' }));
  const { items, itemCount, total, clear } = useCart();

  if (items.length === 0) {
    return (
      <>
        <PageHeader title={<FormattedMessage id="cart.title" />} />
        <div className="container page-body">
          <StatePanel
            testId="cart-empty"
            icon={<CartIcon size={28} />}
            title={<FormattedMessage id="cart.empty" />}
            text={<FormattedMessage id="cart.emptyHint" />}
            actions={
              <Link to="/store" className="btn btn-primary">
                <FormattedMessage id="cart.browse" />
                <ArrowForwardIcon size={18} />
              </Link>
            }
          />
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={<FormattedMessage id="cart.title" />}
        subtitle={<FormattedMessage id="cart.itemCount" values={{ count: itemCount }} />}
      />
      <div className="container page-body cart-layout">
        <div className="cart-lines-col">
          <ul className="cart-lines" role="list" aria-label={intl.formatMessage({ id: 'cart.linesLabel' })}>
            {items.map((item) => (
              <CartLine key={lineKey(item)} item={item} />
            ))}
          </ul>
          <div className="cart-lines-actions">
            <Link to="/store" className="btn btn-ghost">
              <ArrowBackIcon size={18} />
              <FormattedMessage id="cart.continue" />
            </Link>
            <button type="button" className="btn btn-ghost cart-clear" onClick={clear} data-testid="cart-clear">
              <TrashIcon size={18} />
              <FormattedMessage id="cart.clear" />
            </button>
          </div>
        </div>
        <aside className="cart-summary-col" aria-label={intl.formatMessage({ id: 'cart.summary' })}>
          <OrderSummary itemCount={itemCount} total={total}>
            <Link to="/checkout" className="btn btn-primary btn-lg btn-block" data-testid="checkout-button">
              <LockIcon size={18} />
              <FormattedMessage id="cart.checkout" />
            </Link>
            <p className="summary-note">
              <FormattedMessage id="cart.secureNote" />
            </p>
          </OrderSummary>
        </aside>
      </div>
    </>
  );
}
