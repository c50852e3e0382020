import { QUANTITY_MAX } from '@shared/ordering/constants';
import { useIntl } from 'react-intl';
import { MinusIcon, PlusIcon } from '../ui/icons';

/** − quantity + for one cart line; minus is disabled at 1, plus at `max` (docs/product.md#cart). */
export function QuantityControl({
  name,
  quantity,
  max = QUANTITY_MAX,
  onChange,
}: {
  name: string;
  quantity: number;
  max?: number;
  onChange: (quantity: number) => void;
}) {
  const intl = useIntl();
  return (
    <div className="quantity" role="group" aria-label={intl.formatMessage({ id: 'cart.quantityFor' }, { name })}>
      <button
        type="button"
        className="quantity-btn"
        onClick={() => onChange(quantity - 1)}
        disabled={quantity <= 1}
        aria-label={intl.formatMessage({ id: 'cart.decrease' }, { name })}
        data-testid="quantity-decrease"
      >
        <MinusIcon size={16} />
      </button>
      <output className="quantity-value" aria-live="polite" data-testid="quantity-value">
        {intl.formatNumber(quantity)}
      </output>
      <button
        type="button"
        className="quantity-btn"
        onClick={() => onChange(quantity + 1)}
        disabled={quantity >= max}
        aria-label={intl.formatMessage({ id: 'cart.increase' }, { name })}
        data-testid="quantity-increase"
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
