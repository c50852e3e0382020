import type { ProductView } from '@shared/catalogue/types';
import { FormattedMessage } from 'react-intl';
import { SignalIcon, StarIcon, TvIcon } from '../ui/icons';
import { DevicesLabel } from './DevicesLabel';

/** The "popular" badge over a product's picture, on cards and on the product page. */
export function PopularBadge() {
  return (
    <span className="badge badge-accent product-badge">
      <StarIcon size={14} />
      <FormattedMessage id="product.popular" />
    </span>
  );
}

/** A product's channels, quality and devices as chips (the card marks the quality with an icon). */
export function ProductChips({ product, qualityIcon = false }: { product: ProductView; qualityIcon?: boolean }) {
  return (
    <ul className="product-specs" role="list">
      <li>
        <TvIcon size={16} />
        <FormattedMessage id="product.channels" values={{ count: product.channels }} />
      </li>
      {product.quality && (
        <li>
          {qualityIcon && <SignalIcon size={16} />}
          <bdi>{product.quality}</bdi>
        </li>
      )}
      <li>
        <DevicesLabel devices={product.devices} />
      </li>
    </ul>
  );
}
