import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, redirect, type NotFoundRouteProps } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { categoryQuery } from '../../api/categories';
import { isNotFound } from '../../api/http';
import { productsQuery } from '../../api/products';
import { InvalidCategory } from '../../components/catalogue/InvalidCategory';
import { ProductCardSkeleton } from '../../components/catalogue/CardSkeletons';
import { ProductCard } from '../../components/product/ProductCard';
import { ProductImage } from '../../components/product/ProductImage';
import { RetryButton } from '../../components/ui/StateActions';
import { PageState, StatePanel } from '../../components/ui/StatePanel';
import { AlertIcon, ArrowBackIcon, InboxIcon } from '../../components/ui/icons';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { loadOrNotFound, useRetryLoad } from '../../lib/loaders';
import { usePageTitle } from '../../lib/usePageTitle';

/** The not-found page's data when the address names no category at all ('Invalid category ID', docs/product.md#category). */
const NO_CATEGORY = 'no category';

export const Route = createFileRoute('/category/$slug')({
  params: { parse: ({ slug }) => ({ slug: slug.trim() }), stringify: ({ slug }) => ({ slug }) },
  loader: async ({ context: { queryClient }, params: { slug } }) => {
    if (!slug) throw notFound({ data: NO_CATEGORY });
    const [category, products] = await loadOrNotFound(
      Promise.all([queryClient.ensureQueryData(categoryQuery(slug)), queryClient.ensureQueryData(productsQuery(slug))]),
    );
    // Opened at a slug it had before a rename (docs/product.md#category-addresses): the address
    // becomes its current one, in place of the old (Back does not return to it). An id stays.
    if (category.slug && slug !== category.slug && slug !== category.id) {
      queryClient.setQueryData(categoryQuery(category.slug).queryKey, category);
      queryClient.setQueryData(productsQuery(category.slug).queryKey, products);
      throw redirect({ to: '/category/$slug', params: { slug: category.slug }, replace: true });
    }
  },
  pendingComponent: CategorySkeleton,
  errorComponent: CategoryError,
  notFoundComponent: CategoryNotFound,
  component: CategoryPage,
});

function BackToStore() {
  return (
    <Link to="/store" className="back-link">
      <ArrowBackIcon size={18} />
      <FormattedMessage id="category.backToStore" />
    </Link>
  );
}

function CategoryPage() {
  const { slug } = Route.useParams();
  const category = useSuspenseQuery(categoryQuery(slug));
  const products = useSuspenseQuery(productsQuery(slug));
  const shown = useInPageLanguage()(category.data);
  usePageTitle(shown.name);
  // Deleted while the page is open: a live update asked the server again, which said 404.
  if (isNotFound(category.error)) throw notFound();
  const list = products.data.filter((product) => product.active);
  return (
    <>
      <section className="category-banner" aria-labelledby="category-title">
        <div className="container category-banner-inner">
          <div className="category-banner-copy">
            <BackToStore />
            <h1 id="category-title" className="page-title" lang={shown.language} dir="auto">
              {shown.name}
            </h1>
            {shown.description && (
              <p className="page-subtitle" lang={shown.language} dir="auto">
                {shown.description}
              </p>
            )}
            <p className="category-banner-count">
              <FormattedMessage id="category.packageCount" values={{ count: list.length }} />
            </p>
          </div>
          <div className="category-banner-media">
            <ProductImage
              src={category.data.featuredImage}
              renditions={category.data.imageRenditions}
              slot="categoryBanner"
              alt=""
              priority
            />
          </div>
        </div>
      </section>
      <div className="container page-body">
        {list.length === 0 ? (
          <StatePanel
            testId="category-empty"
            icon={<InboxIcon size={28} />}
            title={<FormattedMessage id="category.empty" />}
            text={<FormattedMessage id="category.emptyHint" />}
            actions={
              <Link to="/store" className="btn btn-secondary">
                <FormattedMessage id="category.browseAll" />
              </Link>
            }
          />
        ) : (
          <ul className="product-grid" role="list" data-testid="category-products">
            {list.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function CategorySkeleton() {
  return (
    <>
      <section className="category-banner" aria-busy="true">
        <div className="container category-banner-inner">
          <div className="category-banner-copy">
            <BackToStore />
            <h1 className="visually-hidden">
              <FormattedMessage id="common.loading" />
            </h1>
            <div className="skeleton skeleton-line skeleton-title" style={{ inlineSize: '14rem', blockSize: '2rem' }} />
            <div
              className="skeleton skeleton-line"
              style={{ inlineSize: '20rem', maxInlineSize: '100%', marginBlockStart: 'var(--space-3)' }}
            />
          </div>
        </div>
      </section>
      <div className="container page-body">
        <div className="product-grid" aria-busy="true">
          <p role="status" className="visually-hidden">
            <FormattedMessage id="common.loading" />
          </p>
          {Array.from({ length: 3 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </div>
      </div>
    </>
  );
}

function CategoryNotFound({ data }: NotFoundRouteProps) {
  return data === NO_CATEGORY ? <InvalidCategory /> : <UnknownCategory />;
}

function UnknownCategory() {
  usePageTitle(useIntl().formatMessage({ id: 'category.notFound' }));
  return (
    <PageState
      before={<BackToStore />}
      tone="error"
      testId="category-not-found"
      icon={<InboxIcon size={28} />}
      title={<FormattedMessage id="category.notFound" />}
      text={<FormattedMessage id="category.notFoundHint" />}
      actions={
        <Link to="/store" className="btn btn-primary">
          <FormattedMessage id="category.browseAll" />
        </Link>
      }
    />
  );
}

function CategoryError() {
  usePageTitle(useIntl().formatMessage({ id: 'category.error' }));
  const retry = useRetryLoad();
  return (
    <PageState
      before={<BackToStore />}
      tone="error"
      testId="category-error"
      icon={<AlertIcon size={28} />}
      title={<FormattedMessage id="category.error" />}
      text={<FormattedMessage id="common.connectionHint" />}
      actions={<RetryButton onRetry={retry} />}
    />
  );
}
