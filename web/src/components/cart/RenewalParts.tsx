import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CartItem, Renewal } from '../../cart/cart';
import { paidDurations, storedDurations, type DurationPrice } from '../../cart/renewals';
import { useCart } from '../../cart/store';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { RefreshIcon } from '../ui/icons';

// What marks a renewal line in the cart and the checkout (docs/product.md#renewals).

/** "Renewal of #1042" ("Upgrade of #1042" for a free trial turned paid). */
export function RenewalBadge({ renewal }: { renewal: Renewal }) {
  return (
    <span className="badge badge-accent renewal-badge" data-testid="cart-renewal">
      <RefreshIcon size={14} />
      <FormattedMessage
        id={renewal.upgrade ? 'cart.upgradeOf' : 'cart.renewalOf'}
        values={{
          number: (
            <bdi key="number" dir="ltr">
              #{renewal.orderNumber}
            </bdi>
          ),
        }}
      />
    </span>
  );
}

/** The renewal's duration, chosen among the package's paid ones, each with its price. */
export function RenewalDuration({ item, renewal }: { item: CartItem; renewal: Renewal }) {
  const id = useId();
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const { setRenewalDuration } = useCart();
  const offered = paidDurations(storedDurations(item.product));
  // The line's own duration stays a choice even if the stored catalogue no longer lists it.
  const options: DurationPrice[] = offered.some((entry) => entry.duration === item.selectedDuration)
    ? offered
    : [{ duration: item.selectedDuration, price: item.selectedPrice }, ...offered];
  return (
    <div className="field renewal-duration">
      <label htmlFor={id} className="label">
        <FormattedMessage id="cart.renewalDuration" />
      </label>
      <select
        id={id}
        className="select"
        value={item.selectedDuration}
        onChange={(event) => {
          const entry = options.find((option) => option.duration === event.target.value);
          if (entry) setRenewalDuration(renewal.subscriptionId, entry);
        }}
        data-testid="renewal-duration"
      >
        {options.map((entry) => (
          <option key={entry.duration} value={entry.duration}>
            {intl.formatMessage(
              { id: 'cart.renewalOption' },
              { duration: durationLabel(entry.duration), price: formatPrice(entry.price) },
            )}
          </option>
        ))}
      </select>
      <p className="field-hint">
        <FormattedMessage id="cart.renewalNote" />
      </p>
    </div>
  );
}
