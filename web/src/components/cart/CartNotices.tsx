import { FormattedMessage, useIntl } from 'react-intl';
import type { CartItem } from '../../cart/cart';
import { useCart } from '../../cart/store';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isolate } from '../../lib/bidi';
import { useCartProductName } from '../../lib/catalogue-language';
import { AlertIcon } from '../ui/icons';

/**
 * What changed in the catalogue since the packages went into the cart (docs/product.md#cart): the lines that can no
 * longer be bought (checkout waits until they are removed), and the prices that changed, old and new, until seen.
 */
export function CartNotices({ unavailable }: { unavailable: readonly CartItem[] }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const { items, acknowledgePrices } = useCart();
  const repriced = items.filter((item) => item.priceWas !== undefined && !unavailable.includes(item));
  const nameOf = useCartProductName();
  const named = (item: CartItem) => ({
    name: isolate(nameOf(item.product).name),
    duration: durationLabel(item.selectedDuration),
  });
  return (
    <>
      {unavailable.length > 0 && (
        <div className="alert alert-error" role="alert" data-testid="cart-unavailable">
          <AlertIcon size={20} />
          <div>
            <p className="alert-strong">
              <FormattedMessage id="cart.unavailableTitle" />
            </p>
            <ul>
              {unavailable.map((item) => (
                <li key={`${item.product.id}:${item.selectedDuration}`}>
                  {intl.formatMessage({ id: 'cart.unavailable' }, named(item))}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {repriced.length > 0 && (
        <div className="alert alert-warning" role="status" data-testid="cart-repriced">
          <AlertIcon size={20} />
          <div>
            <p className="alert-strong">
              <FormattedMessage id="cart.priceChangedTitle" />
            </p>
            <ul>
              {repriced.map((item) => (
                <li key={`${item.product.id}:${item.selectedDuration}`}>
                  {intl.formatMessage(
                    { id: 'cart.priceChanged' },
                    {
                      ...named(item),
                      from: formatPrice(item.priceWas!),
                      to: formatPrice(item.selectedPrice),
                    },
                  )}
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-secondary btn-sm" onClick={acknowledgePrices}>
              <FormattedMessage id="cart.priceSeen" />
            </button>
          </div>
        </div>
      )}
    </>
  );
}
