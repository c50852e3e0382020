import { FormattedMessage } from 'react-intl';
import type { CustomerOrderLineView } from '@shared/ordering/types';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { Disclosure } from '../ui/Disclosure';
import { ReceiptIcon } from '../ui/icons';

/** The collapsible list of ordered packages: name, price × quantity, duration, quality, quantity. */
export function OrderItems({ items }: { items: readonly CustomerOrderLineView[] }) {
  const formatPrice = useFormatPrice();
  const durationLabel = useDurationLabel();
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Disclosure
      className="card order-items"
      testId="order-items"
      summary={
        <>
          <ReceiptIcon size={20} />
          <FormattedMessage id="success.items" values={{ count }} />
        </>
      }
    >
      {items.length === 0 ? (
        <p className="field-hint">
          <FormattedMessage id="success.noItems" />
        </p>
      ) : (
        <ul className="order-item-list" role="list">
          {items.map((item, index) => (
            <li key={index} className="order-item">
              <div className="order-item-main">
                <strong dir="auto">{item.product.name}</strong>
                <bdi className="order-item-price">
                  {formatPrice(item.selectedPrice)} × {item.quantity}
                </bdi>
              </div>
              <ul className="order-item-meta" role="list">
                <li>
                  <FormattedMessage
                    id="success.item.duration"
                    values={{ duration: durationLabel(item.selectedDuration) }}
                  />
                </li>
                {item.product.quality && (
                  <li>
                    <FormattedMessage id="success.item.quality" values={{ quality: item.product.quality }} />
                  </li>
                )}
                <li>
                  <FormattedMessage id="success.item.quantity" values={{ quantity: item.quantity }} />
                </li>
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Disclosure>
  );
}
