import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { CategoryView } from '@shared/catalogue/types';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { ProductImage } from '../product/ProductImage';
import { ArrowForwardIcon, GridIcon } from '../ui/icons';

export function CategoryCard({ category: item }: { category: CategoryView }) {
  const category = useInPageLanguage()(item);
  return (
    <article className="card category-card">
      <div className="category-media">
        <ProductImage
          src={category.thumbnailImage ?? category.featuredImage}
          renditions={category.imageRenditions}
          slot="categoryCard"
          alt={category.name}
        />
        <span className="badge category-count">
          <GridIcon size={14} />
          <FormattedMessage id="category.packageCount" values={{ count: category.productsCount }} />
        </span>
      </div>
      <div className="category-body">
        <h2 className="category-name" lang={category.language} dir="auto">
          <Link to="/category/$slug" params={{ slug: category.slug }} className="stretched-link">
            {category.name}
          </Link>
        </h2>
        {category.description && (
          <p className="category-description" lang={category.language} dir="auto">
            {category.description}
          </p>
        )}
        <span className="product-cta" aria-hidden="true">
          <FormattedMessage id="category.browse" />
          <ArrowForwardIcon size={16} />
        </span>
      </div>
    </article>
  );
}
