import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProductView } from '@shared/catalogue/types';
import { cardPrice } from '../../api/products';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { durationMessageId } from '../../i18n/durations';
import { ArrowForwardIcon, SignalIcon, StarIcon, TvIcon } from '../ui/icons';
import { DevicesLabel } from './DevicesLabel';
import { ProductImage } from './ProductImage';

export function ProductCard({ product, headingLevel = 3 }: { product: ProductView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const shown = cardPrice(product);
  const durationId = durationMessageId(shown.duration);
  const duration = durationId ? intl.formatMessage({ id: durationId }) : shown.duration;
  return (
    <article className="card product-card">
      <div className="product-media">
        <ProductImage src={product.thumbnailImage ?? product.featuredImage} alt={product.name} />
        {product.popular && (
          <span className="badge badge-accent product-badge">
            <StarIcon size={14} />
            <FormattedMessage id="product.popular" />
          </span>
        )}
      </div>
      <div className="product-body">
        {product.category_name && <p className="product-category">{product.category_name}</p>}
        <Heading className="product-name">
          <Link to="/product/$id" params={{ id: String(product.id) }} className="stretched-link">
            {product.name}
          </Link>
        </Heading>
        <ul className="product-specs" role="list">
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
            <DevicesLabel devices={product.devices} />
          </li>
        </ul>
        <div className="product-footer">
          <p className="price">
            <bdi className="price-amount">{formatPrice(shown.price)}</bdi>
            {duration && <span className="price-period"> / {duration}</span>}
          </p>
          {shown.hasFreeTrial && (
            <span className="badge badge-success">
              <FormattedMessage id="product.freeTrialBadge" />
            </span>
          )}
          <span className="product-cta" aria-hidden="true">
            <FormattedMessage id="product.viewDetails" />
            <ArrowForwardIcon size={16} />
          </span>
        </div>
      </div>
    </article>
  );
}
