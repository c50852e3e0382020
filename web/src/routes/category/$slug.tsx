import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { categoryQuery } from '../../api/categories';
import { isNotFound } from '../../api/http';
import { productsQuery } from '../../api/products';
import { InvalidCategory } from '../../components/catalogue/InvalidCategory';
import { ProductCard, ProductCardSkeleton } from '../../components/product/ProductCard';
import { ProductImage } from '../../components/product/ProductImage';
import { StatePanel } from '../../components/ui/StatePanel';
import { AlertIcon, ArrowBackIcon, InboxIcon, RefreshIcon } from '../../components/ui/icons';
import { usePageTitle } from '../../lib/usePageTitle';

export const Route = createFileRoute('/category/$slug')({
  loader: ({ context, params }) => {
    const slug = params.slug.trim();
    if (!slug) return;
    void context.queryClient.prefetchQuery(categoryQuery(slug));
    void context.queryClient.prefetchQuery(productsQuery(slug));
  },
  component: CategoryPage,
});

function CategoryPage() {
  const slug = Route.useParams().slug.trim();
  if (!slug) return <InvalidCategory />;
  return <CategoryView slug={slug} />;
}

function BackToStore() {
  return (
    <Link to="/store" className="back-link">
      <ArrowBackIcon size={18} />
      <FormattedMessage id="category.backToStore" />
    </Link>
  );
}

function CategoryView({ slug }: { slug: string }) {
  const intl = useIntl();
  const category = useQuery(categoryQuery(slug));
  const products = useQuery(productsQuery(slug));
  usePageTitle(category.data?.name ?? (category.isError ? intl.formatMessage({ id: 'category.notFound' }) : null));

  if (category.isError || products.isError) {
    const notFound = category.isError && isNotFound(category.error);
    return (
      <div className="container page-body">
        <BackToStore />
        <StatePanel
          tone="error"
          headingLevel={1}
          testId={notFound ? 'category-not-found' : 'category-error'}
          icon={notFound ? <InboxIcon size={28} /> : <AlertIcon size={28} />}
          title={<FormattedMessage id={notFound ? 'category.notFound' : 'category.error'} />}
          text={<FormattedMessage id={notFound ? 'category.notFoundHint' : 'common.connectionHint'} />}
          actions={
            notFound ? (
              <Link to="/store" className="btn btn-primary">
                <FormattedMessage id="category.browseAll" />
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  void category.refetch();
                  void products.refetch();
                }}
              >
                <RefreshIcon size={18} />
                <FormattedMessage id="common.tryAgain" />
              </button>
            )
          }
        />
      </div>
    );
  }

  const list = products.data?.filter((product) => product.active);
  return (
    <>
      <section className="category-banner" aria-labelledby="category-title">
        <div className="container category-banner-inner">
          <div className="category-banner-copy">
            <BackToStore />
            {category.data ? (
              <>
                <h1 id="category-title" className="page-title">
                  {category.data.name}
                </h1>
                {category.data.description && <p className="page-subtitle">{category.data.description}</p>}
                <p className="category-banner-count">
                  <FormattedMessage id="category.packageCount" values={{ count: list?.length ?? category.data.productsCount }} />
                </p>
              </>
            ) : (
              <>
                <h1 id="category-title" className="visually-hidden">
                  <FormattedMessage id="common.loading" />
                </h1>
                <div className="skeleton skeleton-line skeleton-title" style={{ inlineSize: '14rem', blockSize: '2rem' }} />
                <div className="skeleton skeleton-line" style={{ inlineSize: '20rem', maxInlineSize: '100%', marginBlockStart: 'var(--space-3)' }} />
              </>
            )}
          </div>
          {category.data && (
            <div className="category-banner-media">
              <ProductImage src={category.data.featuredImage} alt="" priority />
            </div>
          )}
        </div>
      </section>
      <div className="container page-body">
        {!list ? (
          <div className="product-grid" aria-busy="true">
            <p role="status" className="visually-hidden">
              <FormattedMessage id="common.loading" />
            </p>
            {Array.from({ length: 3 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : list.length === 0 ? (
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
              <li key={String(product.id)}>
                <ProductCard product={product} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
