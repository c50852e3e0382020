import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { isNotFound } from '../../api/http';
import { productQuery, type ProductDetail } from '../../api/products';
import { ProductCard } from '../../components/product/ProductCard';
import { ProductDescription } from '../../components/product/ProductDescription';
import { ProductImage } from '../../components/product/ProductImage';
import { ProductSpecs } from '../../components/product/ProductSpecs';
import { PurchasePanel } from '../../components/product/PurchasePanel';
import { Breadcrumbs } from '../../components/ui/Breadcrumbs';
import { StatePanel } from '../../components/ui/StatePanel';
import { AlertIcon, DevicesIcon, HomeIcon, InboxIcon, RefreshIcon, StarIcon, TvIcon } from '../../components/ui/icons';
import { SIMILAR_PRODUCTS } from '../../lib/catalogue';
import { DevicesLabel } from '../../components/product/DevicesLabel';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/product/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(productQuery(params.id)),
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  const intl = useIntl();
  const product = useQuery(productQuery(id));
  const notFound = product.isError && isNotFound(product.error);
  usePageTitle(product.data?.name ?? (notFound ? intl.formatMessage({ id: 'product.notFound' }) : null));

  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) {
    return (
      <div className="container page-body">
        <StatePanel
          tone="error"
          headingLevel={1}
          testId={notFound ? 'product-not-found' : 'product-error'}
          icon={notFound ? <InboxIcon size={28} /> : <AlertIcon size={28} />}
          title={<FormattedMessage id={notFound ? 'product.notFound' : 'product.error'} />}
          text={<FormattedMessage id={notFound ? 'product.notFoundText' : 'common.connectionHint'} />}
          actions={
            <>
              {!notFound && (
                <button type="button" className="btn btn-secondary" onClick={() => void product.refetch()}>
                  <RefreshIcon size={18} />
                  <FormattedMessage id="common.tryAgain" />
                </button>
              )}
              <Link to="/" className="btn btn-primary">
                <HomeIcon size={18} />
                <FormattedMessage id="notFound.home" />
              </Link>
            </>
          }
        />
      </div>
    );
  }
  return <ProductView key={String(product.data.id)} product={product.data} />;
}

function ProductView({ product }: { product: ProductDetail }) {
  const similar = product.similarProducts.slice(0, SIMILAR_PRODUCTS);
  return (
    <div className="container page-body product-page" data-testid="product-page" data-product-id={String(product.id)}>
      <Breadcrumbs
        items={[
          {
            key: 'home',
            node: (
              <Link to="/">
                <FormattedMessage id="nav.home" />
              </Link>
            ),
          },
          {
            key: 'store',
            node: (
              <Link to="/store">
                <FormattedMessage id="nav.store" />
              </Link>
            ),
          },
          ...(product.category_slug && product.category_name
            ? [
                {
                  key: 'category',
                  node: (
                    <Link to="/category/$slug" params={{ slug: product.category_slug }}>
                      {product.category_name}
                    </Link>
                  ),
                },
              ]
            : []),
          { key: 'product', node: <span>{product.name}</span>, current: true },
        ]}
      />
      <div className="product-layout">
        <div className="product-gallery">
          <div className="product-hero-media">
            <ProductImage src={product.featuredImage} alt={product.name} priority />
            {product.popular && (
              <span className="badge badge-accent product-badge">
                <StarIcon size={14} />
                <FormattedMessage id="product.popular" />
              </span>
            )}
          </div>
        </div>
        <div className="product-info">
          {product.category_name && <p className="product-category">{product.category_name}</p>}
          <h1 className="product-title">{product.name}</h1>
          <ul className="product-specs" role="list">
            <li>
              <TvIcon size={16} />
              <FormattedMessage id="product.channels" values={{ count: product.channels }} />
            </li>
            {product.quality && (
              <li>
                <bdi>{product.quality}</bdi>
              </li>
            )}
            <li>
              <DevicesLabel devices={product.devices} />
            </li>
          </ul>
          <ProductDescription text={product.description} />
          <PurchasePanel product={product} />
        </div>
      </div>
      <ProductSpecs product={product} />
      {similar.length > 0 && (
        <section className="section-tight" aria-labelledby="similar-title" data-testid="similar-products">
          <h2 id="similar-title" className="section-title">
            <FormattedMessage id="product.similar" />
          </h2>
          <ul className="product-grid product-grid-4" role="list">
            {similar.map((item) => (
              <li key={String(item.id)}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className="container page-body product-page" aria-busy="true">
      <p role="status" className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </p>
      <div className="product-layout" aria-hidden="true">
        <div className="product-hero-media skeleton" />
        <div className="product-info">
          <div className="skeleton skeleton-line" style={{ inlineSize: '30%' }} />
          <div className="skeleton skeleton-line" style={{ inlineSize: '70%', blockSize: '2.25rem' }} />
          <div className="skeleton skeleton-line" style={{ inlineSize: '90%' }} />
          <div className="skeleton skeleton-line" style={{ inlineSize: '80%' }} />
          <div className="skeleton" style={{ blockSize: '8rem', marginBlockStart: 'var(--space-4)' }} />
        </div>
      </div>
    </div>
  );
}
