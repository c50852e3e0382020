import { FormattedMessage } from 'react-intl';
import { lineKey, type CartItem } from '../../cart/cart';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useCartProductName } from '../../lib/catalogue-language';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isolate } from '../../lib/bidi';
import { RenewalBadge } from '../cart/RenewalParts';

/** The cart's lines in the checkout summary: name, duration, quantity, line total. */
export function CheckoutItems({ items }: { items: readonly CartItem[] }) {
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const nameOf = useCartProductName();
  return (
    <ul className="checkout-items" role="list" data-testid="checkout-items">
      {items.map((item) => {
        const { product } = item;
        const { name, language } = nameOf(product);
        return (
          <li key={lineKey(item)} className="checkout-item">
            <span className="checkout-item-name">
              <strong lang={language} dir="auto">
                {name}
              </strong>
              {item.renewal && <RenewalBadge renewal={item.renewal} />}
              <small>
                <FormattedMessage
                  id="checkout.itemDetail"
                  values={{
                    duration: isolate(durationLabel(item.selectedDuration)),
                    quantity: item.quantity,
                    price: formatPrice(item.selectedPrice),
                  }}
                />
              </small>
            </span>
            <bdi className="checkout-item-total">{formatPrice(item.selectedPrice * item.quantity)}</bdi>
          </li>
        );
      })}
    </ul>
  );
}
