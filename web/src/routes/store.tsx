import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { categoriesQuery } from '../api/categories';
import { CategoryCard, CategoryCardSkeleton } from '../components/catalogue/CategoryCard';
import { PageHeader } from '../components/catalogue/PageHeader';
import { StatePanel } from '../components/ui/StatePanel';
import { AlertIcon, InboxIcon, RefreshIcon } from '../components/ui/icons';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/store')({
  loader: ({ context }) => void context.queryClient.prefetchQuery(categoriesQuery()),
  component: StorePage,
});

function StorePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'store.title' }));
  const categories = useQuery(categoriesQuery());

  let content;
  if (categories.isPending) {
    content = (
      <div className="category-grid" aria-busy="true">
        <p role="status" className="visually-hidden">
          <FormattedMessage id="store.loading" />
        </p>
        {Array.from({ length: 4 }, (_, i) => (
          <CategoryCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (categories.isError) {
    content = (
      <StatePanel
        tone="error"
        testId="store-error"
        icon={<AlertIcon size={28} />}
        title={<FormattedMessage id="store.error" />}
        text={<FormattedMessage id="common.connectionHint" />}
        actions={
          <button type="button" className="btn btn-secondary" onClick={() => void categories.refetch()} disabled={categories.isFetching}>
            <RefreshIcon size={18} />
            <FormattedMessage id="common.tryAgain" />
          </button>
        }
      />
    );
  } else if (categories.data.length === 0) {
    content = (
      <StatePanel
        testId="store-empty"
        icon={<InboxIcon size={28} />}
        title={<FormattedMessage id="store.empty" />}
        text={<FormattedMessage id="store.emptyHint" />}
      />
    );
  } else {
    content = (
      <ul className="category-grid" role="list" data-testid="category-list">
        {categories.data.map((category) => (
          <li key={String(category.id)}>
            <CategoryCard category={category} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={<FormattedMessage id="store.title" />} subtitle={<FormattedMessage id="store.subtitle" />} />
      <div className="container page-body">{content}</div>
    </>
  );
}
