import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PriceDuration } from '@shared/catalogue/types';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { isBestValue, savingPercent } from '../../lib/catalogue';
import { CheckIcon } from '../ui/icons';

/**
 * The duration choice (docs/product.md#product): one radio per active duration with its price; 6 months is
 * flagged best value, the others show their saving against the first duration, month for month.
 */
export function DurationPicker({
  durations,
  selected,
  onChange,
}: {
  durations: readonly PriceDuration[];
  selected: string;
  onChange: (entry: PriceDuration) => void;
}) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const name = useId();
  return (
    <fieldset className="duration-picker" data-testid="duration-picker">
      <legend className="duration-legend">
        <FormattedMessage id="product.chooseDuration" />
      </legend>
      <div className="duration-options">
        {durations.map((entry) => {
          const saving = savingPercent(durations, entry.duration);
          const best = isBestValue(entry.duration);
          const checked = entry.duration === selected;
          return (
            <label
              key={entry.duration}
              className={`duration-option${checked ? ' is-selected' : ''}`}
              data-duration={entry.duration}
            >
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={entry.duration}
                checked={checked}
                onChange={() => onChange(entry)}
              />
              <span className="duration-check" aria-hidden="true">
                {checked && <CheckIcon size={14} />}
              </span>
              <span className="duration-name">{durationLabel(entry.duration)}</span>
              <bdi className="duration-price">{formatPrice(entry.price)}</bdi>
              {best ? (
                <span className="badge badge-accent duration-flag">
                  <FormattedMessage id="product.bestValue" />
                </span>
              ) : saving !== null ? (
                <span className="badge badge-success duration-flag">
                  <FormattedMessage
                    id="product.save"
                    values={{ percent: intl.formatNumber(saving / 100, { style: 'percent' }) }}
                  />
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
