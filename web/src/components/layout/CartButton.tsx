import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useCart } from '../../cart/store';
import { CartIcon } from '../ui/icons';
import { paths } from '../../lib/paths';

export function CartButton() {
  const { itemCount } = useCart();
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'cart.linkLabel' }, { count: itemCount });
  return (
    <Link to={paths.cart} className="icon-btn cart-btn" aria-label={label} title={label} data-testid="cart-link">
      <CartIcon />
      {itemCount > 0 && (
        <span className="cart-badge" aria-hidden="true" data-testid="cart-count">
          {itemCount > 99 ? '99+' : itemCount}
        </span>
      )}
    </Link>
  );
}
