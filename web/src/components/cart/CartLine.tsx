import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { maxQuantity, type CartItem } from '../../cart/cart';
import { useCart } from '../../cart/store';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useCartProductName } from '../../lib/catalogue-language';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { ProductImage } from '../product/ProductImage';
import { TrashIcon } from '../ui/icons';
import { QuantityControl } from './QuantityControl';
import { RenewalBadge, RenewalDuration } from './RenewalParts';
import { useCartRemovals } from './useCartRemovals';

export function CartLine({ item }: { item: CartItem }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const { updateQuantity } = useCart();
  const removals = useCartRemovals();
  const { product, renewal } = item;
  const { name, language } = useCartProductName()(product);
  return (
    <li
      className={`cart-line card${renewal ? ' cart-line-renewal' : ''}`}
      data-testid="cart-line"
      data-product-id={String(product.id)}
      data-duration={item.selectedDuration}
      data-renewal-of={renewal?.subscriptionId}
    >
      <div className="cart-line-media">
        <ProductImage
          src={typeof product.featuredImage === 'string' ? product.featuredImage : null}
          renditions={product.imageRenditions}
          slot="cartLine"
          alt=""
        />
      </div>
      <div className="cart-line-info">
        <h2 className="cart-line-name" lang={language} dir="auto">
          <Link to="/product/$id" params={{ id: String(product.id) }}>
            {name}
          </Link>
        </h2>
        <p className="cart-line-meta">
          {renewal ? (
            <RenewalBadge renewal={renewal} />
          ) : (
            <span className="badge badge-primary">{durationLabel(item.selectedDuration)}</span>
          )}
          {typeof product.quality === 'string' && product.quality && <bdi className="badge">{product.quality}</bdi>}
        </p>
        {!renewal && (
          <p className="cart-line-unit">
            <FormattedMessage id="cart.unitPrice" values={{ price: formatPrice(item.selectedPrice) }} />
          </p>
        )}
      </div>
      {renewal && <RenewalDuration item={item} renewal={renewal} />}
      <div className="cart-line-controls">
        {/* A renewal is one unit of one subscription (docs/product.md#renewals). */}
        {!renewal && (
          <QuantityControl
            name={name}
            quantity={item.quantity}
            max={maxQuantity(item.selectedDuration)}
            onChange={(quantity) => updateQuantity(product.id, item.selectedDuration, quantity)}
          />
        )}
        <p className="cart-line-total">
          <bdi data-testid="line-total">{formatPrice(item.selectedPrice * item.quantity)}</bdi>
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm cart-remove"
          onClick={() => removals.remove(item)}
          aria-label={intl.formatMessage({ id: renewal ? 'cart.removeRenewal' : 'cart.removeItem' }, { name })}
        >
          <TrashIcon size={16} />
          <FormattedMessage id="cart.remove" />
        </button>
      </div>
    </li>
  );
}
