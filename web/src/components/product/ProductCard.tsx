import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProductView } from '@shared/catalogue/types';
import { cardPrice } from '../../api/products';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { durationMessageId } from '../../i18n/durations';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { ArrowForwardIcon } from '../ui/icons';
import { PopularBadge, ProductChips } from './ProductFacts';
import { ProductImage } from './ProductImage';

export function ProductCard({ product: item, headingLevel = 3 }: { product: ProductView; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const product = useInPageLanguage()(item);
  const intl = useIntl();
  const formatPrice = useFormatPrice();
  const shown = cardPrice(product);
  const durationId = durationMessageId(shown.duration);
  const duration = durationId ? intl.formatMessage({ id: durationId }) : shown.duration;
  return (
    <article className="card product-card">
      <div className="product-media">
        <ProductImage
          src={product.thumbnailImage ?? product.featuredImage}
          renditions={product.imageRenditions}
          slot="productCard"
          alt={product.name}
        />
        {product.popular && <PopularBadge />}
      </div>
      <div className="product-body">
        {product.category_name && (
          <p className="product-category" dir="auto">
            {product.category_name}
          </p>
        )}
        <Heading className="product-name" lang={product.language} dir="auto">
          <Link to="/product/$id" params={{ id: product.id }} className="stretched-link">
            {product.name}
          </Link>
        </Heading>
        <ProductChips product={product} qualityIcon />
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
