import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { SIMILAR_PRODUCTS } from '@shared/catalogue/constants';
import type { ProductDetailView } from '@shared/catalogue/types';
import { isNotFound } from '../../api/http';
import { productQuery } from '../../api/products';
import { ProductCard } from '../../components/product/ProductCard';
import { ProductDescription } from '../../components/product/ProductDescription';
import { PopularBadge, ProductChips } from '../../components/product/ProductFacts';
import { ProductImage } from '../../components/product/ProductImage';
import { ProductSpecs } from '../../components/product/ProductSpecs';
import { PurchasePanel } from '../../components/product/PurchasePanel';
import { Breadcrumbs } from '../../components/ui/Breadcrumbs';
import { HomeButton, RetryButton } from '../../components/ui/StateActions';
import { PageState } from '../../components/ui/StatePanel';
import { AlertIcon, InboxIcon } from '../../components/ui/icons';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { loadOrNotFound, useRetryLoad } from '../../lib/loaders';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/product/$id')({
  loader: ({ context: { queryClient }, params }) =>
    loadOrNotFound(queryClient.ensureQueryData(productQuery(params.id))),
  pendingComponent: ProductSkeleton,
  errorComponent: ProductError,
  notFoundComponent: ProductNotFound,
  component: ProductPage,
});

function ProductPage() {
  const { id } = Route.useParams();
  const product = useSuspenseQuery(productQuery(id));
  usePageTitle(useInPageLanguage()(product.data).name);
  // Taken out of the store while the page is open: a live update asked the server again, which said 404.
  if (isNotFound(product.error)) throw notFound();
  return <ProductView key={product.data.id} product={product.data} />;
}

function ProductNotFound() {
  usePageTitle(useIntl().formatMessage({ id: 'product.notFound' }));
  return (
    <PageState
      tone="error"
      testId="product-not-found"
      icon={<InboxIcon size={28} />}
      title={<FormattedMessage id="product.notFound" />}
      text={<FormattedMessage id="product.notFoundText" />}
      actions={<HomeButton />}
    />
  );
}

function ProductError() {
  usePageTitle();
  const retry = useRetryLoad();
  return (
    <PageState
      tone="error"
      testId="product-error"
      icon={<AlertIcon size={28} />}
      title={<FormattedMessage id="product.error" />}
      text={<FormattedMessage id="common.connectionHint" />}
      actions={
        <>
          <RetryButton onRetry={retry} />
          <HomeButton />
        </>
      }
    />
  );
}

function ProductView({ product: item }: { product: ProductDetailView }) {
  const product = useInPageLanguage()(item);
  const similar = product.similarProducts.slice(0, SIMILAR_PRODUCTS);
  return (
    <div className="container page-body product-page" data-testid="product-page" data-product-id={product.id}>
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
                    <Link to="/category/$slug" params={{ slug: product.category_slug }} dir="auto">
                      {product.category_name}
                    </Link>
                  ),
                },
              ]
            : []),
          {
            key: 'product',
            node: (
              <span lang={product.language} dir="auto">
                {product.name}
              </span>
            ),
            current: true,
          },
        ]}
      />
      <div className="product-layout">
        <div className="product-gallery">
          <div className="product-hero-media">
            <ProductImage
              src={product.featuredImage}
              renditions={product.imageRenditions}
              slot="productHero"
              alt={product.name}
              priority
            />
            {product.popular && <PopularBadge />}
          </div>
        </div>
        <div className="product-info">
          {product.category_name && (
            <p className="product-category" dir="auto">
              {product.category_name}
            </p>
          )}
          <h1 className="product-title" lang={product.language} dir="auto" data-testid="product-title">
            {product.name}
          </h1>
          <ProductChips product={product} />
          <ProductDescription text={product.description} language={product.language} />
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
              <li key={item.id}>
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
