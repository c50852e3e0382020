import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { firstPaidDuration } from '@shared/catalogue/constants';
import type { PriceDuration, ProductView } from '@shared/catalogue/types';
import { activeDurations, toCartProduct } from '../../api/products';
import { isTrialDuration } from '@shared/ordering/constants';
import { mixesTrial } from '../../cart/cart';
import { useCart } from '../../cart/store';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isBestValue, savingPercent } from '../../lib/catalogue';
import { toast } from '../ui/toast';
import { BoltIcon, CartIcon, LockIcon } from '../ui/icons';
import { DurationPicker } from './DurationPicker';
import { isolate } from '../../lib/bidi';

/** Duration picker, price, add to cart and buy now (docs/product.md#product). */
export function PurchasePanel({ product }: { product: ProductView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const { items, addItem } = useCart();
  const durations = activeDurations(product);
  const [chosen, setChosen] = useState<string | null>(null);
  // The shopper's choice, as long as it is still offered (prices can change live); else the first
  // paid duration (a free trial stays one click away).
  const selected: PriceDuration | undefined =
    durations.find((d) => d.duration === chosen) ?? firstPaidDuration(durations) ?? durations[0];

  if (!selected) {
    return (
      <p className="state-text" role="status">
        <FormattedMessage id="product.unavailable" />
      </p>
    );
  }

  const saving = savingPercent(durations, selected.duration);
  // A free trial is one unit, ordered alone (docs/product.md#free-trials): the cart takes no more.
  const mixes = mixesTrial(items, selected.duration);
  const trialInCart =
    isTrialDuration(selected.duration) &&
    items.some((item) => item.product.id === product.id && item.selectedDuration === selected.duration);
  /** Adds the unit; false when the cart cannot take it (said in a toast). */
  const add = () => {
    if (mixes) toast.error(intl.formatMessage({ id: 'product.trialAlone' }));
    else if (trialInCart)
      toast.info(intl.formatMessage({ id: 'product.trialInCart' }, { name: isolate(product.name) }));
    else addItem(toCartProduct(product), { duration: selected.duration, price: selected.price });
    return !mixes && !trialInCart;
  };

  return (
    <div className="purchase-panel">
      {durations.length > 1 && (
        <DurationPicker
          durations={durations}
          selected={selected.duration}
          onChange={(entry) => setChosen(entry.duration)}
        />
      )}
      <div className="purchase-price" aria-live="polite">
        <p className="price">
          <bdi className="price-amount price-amount-lg" data-testid="product-price">
            {formatPrice(selected.price)}
          </bdi>
          <span className="price-period">/ {durationLabel(selected.duration)}</span>
        </p>
        {isBestValue(selected.duration) ? (
          <span className="badge badge-accent">
            <FormattedMessage id="product.bestValue" />
          </span>
        ) : saving !== null ? (
          <span className="badge badge-success">
            <FormattedMessage
              id="product.youSave"
              values={{ percent: intl.formatNumber(saving / 100, { style: 'percent' }) }}
            />
          </span>
        ) : null}
      </div>
      <div className="purchase-actions">
        <button
          type="button"
          className="btn btn-primary btn-lg"
          data-testid="add-to-cart"
          onClick={() => {
            if (!add()) return;
            toast.success(
              intl.formatMessage(
                { id: 'product.added' },
                { name: isolate(product.name), duration: isolate(durationLabel(selected.duration)) },
              ),
            );
          }}
        >
          <CartIcon size={20} />
          <FormattedMessage id="product.addToCart" />
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-lg"
          data-testid="buy-now"
          onClick={() => {
            // A trial already in the cart is checked out as it is.
            if (add() || (trialInCart && !mixes)) void navigate({ to: '/checkout' });
          }}
        >
          <BoltIcon size={20} />
          <FormattedMessage id="product.buyNow" />
        </button>
      </div>
      <p className="purchase-note">
        <LockIcon size={16} />
        <FormattedMessage id="product.secureNote" />
      </p>
    </div>
  );
}
