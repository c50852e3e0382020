import type { ProductView } from '@shared/catalogue/types';
import { CheckIcon, CloseIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { useAdminText } from '../i18n';
import { Modal } from '../ui/Modal';

/** The prices modal: the product's durations (in the canonical order) with their prices. */
export function PricesModal(props: {
  product: ProductView | null;
  onClose: () => void;
  onEdit: (product: ProductView) => void;
}) {
  const t = useAdminText();
  const price = useFormatPrice();
  const durationLabel = useDurationLabel();
  const { product } = props;
  return (
    <Modal
      open={product !== null}
      onClose={props.onClose}
      size="md"
      title={product ? t('admin.products.prices.title', { name: product.name }) : ''}
      testId="product-prices-modal"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={props.onClose}>
            {t('admin.list.close')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => product && props.onEdit(product)}>
            {t('admin.products.prices.edit')}
          </button>
        </>
      }
    >
      {product && product.priceDurations.length === 0 && <p>{t('admin.products.prices.none')}</p>}
      {product && product.priceDurations.length > 0 && (
        <table className="admin-table admin-prices-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.products.prices.duration')}</th>
              <th scope="col" className="cell-num">
                {t('admin.products.prices.price')}
              </th>
              <th scope="col">{t('admin.products.prices.offered')}</th>
            </tr>
          </thead>
          <tbody>
            {product.priceDurations.map((entry) => (
              <tr key={entry.duration} data-duration={entry.duration} data-testid="product-price-row">
                <th scope="row">{durationLabel(entry.duration)}</th>
                <td className="cell-num">
                  <bdi>{price(entry.price)}</bdi>
                </td>
                <td>
                  {entry.active ? (
                    <span className="badge badge-success">
                      <CheckIcon size={14} />
                      {t('admin.products.prices.yes')}
                    </span>
                  ) : (
                    <span className="badge">
                      <CloseIcon size={14} />
                      {t('admin.products.prices.no')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
