import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CartLine } from '../components/cart/CartLine';
import { OrderSummary } from '../components/cart/OrderSummary';
import { PageHeader } from '../components/catalogue/PageHeader';
import { StatePanel } from '../components/ui/StatePanel';
import { ArrowBackIcon, ArrowForwardIcon, CartIcon, LockIcon, TrashIcon } from '../components/ui/icons';
import { lineKey, unavailableLines } from '../cart/cart';
import { productsQuery } from '../api/products';
import { CartNotices } from '../components/cart/CartNotices';
import { useCartRemovals } from '../components/cart/useCartRemovals';
import { useCart } from '../cart/store';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/cart')({
  component: CartPage,
});

function CartPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'cart.title' }));
  const { items, itemCount, total, reprice } = useCart();
  const removals = useCartRemovals();
  // The catalogue as it is now: prices follow it, and lines it no longer sells are named.
  const catalogue = useQuery(productsQuery());
  useEffect(() => {
    if (catalogue.data) reprice(catalogue.data);
  }, [catalogue.data, reprice]);
  const unavailable = catalogue.data ? unavailableLines(items, catalogue.data) : [];

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
          <CartNotices unavailable={unavailable} />
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
            <button
              type="button"
              className="btn btn-ghost cart-clear"
              onClick={removals.clear}
              data-testid="cart-clear"
            >
              <TrashIcon size={18} />
              <FormattedMessage id="cart.clear" />
            </button>
          </div>
        </div>
        <aside className="cart-summary-col" aria-label={intl.formatMessage({ id: 'cart.summary' })}>
          <OrderSummary itemCount={itemCount} total={total}>
            {unavailable.length > 0 ? (
              // Nothing to check out until the lines no longer sold are removed (they are named above).
              <button type="button" className="btn btn-primary btn-lg btn-block" disabled data-testid="checkout-button">
                <LockIcon size={18} />
                <FormattedMessage id="cart.checkout" />
              </button>
            ) : (
              <Link to="/checkout" className="btn btn-primary btn-lg btn-block" data-testid="checkout-button">
                <LockIcon size={18} />
                <FormattedMessage id="cart.checkout" />
              </Link>
            )}
            <p className="summary-note">
              <FormattedMessage id="cart.secureNote" />
            </p>
          </OrderSummary>
        </aside>
      </div>
    </>
  );
}
