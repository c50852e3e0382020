import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Product } from '../../api/products';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { durationMessageId } from '../../i18n/durations';
import { ArrowForwardIcon, DevicesIcon, SignalIcon, StarIcon, TvIcon } from '../ui/icons';
import { ProductImage } from './ProductImage';
import { paths } from '../../lib/paths';

/** Devices value 5 is shown as unlimited (SPEC §9). */
export const UNLIMITED_DEVICES = 5;

export function ProductCard({ product }: { product: Product }) {
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const durationId = durationMessageId(product.duration);
  const duration = durationId ? intl.formatMessage({ id: durationId }) : product.duration;
  return (
    <article className="card product-card">
      <div className="product-media">
        <ProductImage src={product.featuredImage} alt={product.name} />
        {product.popular && (
          <span className="badge badge-accent product-badge">
            <StarIcon size={14} />
            <FormattedMessage id="product.popular" />
          </span>
        )}
      </div>
      <div className="product-body">
        {product.category_name && <p className="product-category">{product.category_name}</p>}
        <h3 className="product-name">
          <Link to={paths.product(product.id)} className="stretched-link">
            {product.name}
          </Link>
        </h3>
        <ul className="product-specs">
          <li>
            <TvIcon size={16} />
            <FormattedMessage id="product.channels" values={{ count: product.channels }} />
          </li>
          {product.quality && (
            <li>
              <SignalIcon size={16} />
              <bdi>{product.quality}</bdi>
            </li>
          )}
          <li>
            <DevicesIcon size={16} />
            {product.devices >= UNLIMITED_DEVICES ? (
              <FormattedMessage id="product.devicesUnlimited" />
            ) : (
              <FormattedMessage id="product.devices" values={{ count: product.devices }} />
            )}
          </li>
        </ul>
        <div className="product-footer">
          <p className="price">
            <bdi className="price-amount">{formatPrice(product.price)}</bdi>
            {duration && <span className="price-period"> / {duration}</span>}
          </p>
          <span className="product-cta" aria-hidden="true">
            <FormattedMessage id="product.viewDetails" />
            <ArrowForwardIcon size={16} />
          </span>
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="card product-card skeleton-card" aria-hidden="true">
      <div className="product-media skeleton" />
      <div className="product-body">
        <div className="skeleton skeleton-line" style={{ inlineSize: '35%' }} />
        <div className="skeleton skeleton-line skeleton-title" style={{ inlineSize: '70%' }} />
        <div className="skeleton skeleton-line" style={{ inlineSize: '90%' }} />
        <div className="skeleton skeleton-line" style={{ inlineSize: '50%', marginBlockStart: 'auto' }} />
      </div>
    </div>
  );
}
