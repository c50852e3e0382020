import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { categoriesQuery } from '../api/categories';
import { CategoryCardSkeleton } from '../components/catalogue/CardSkeletons';
import { CategoryCard } from '../components/catalogue/CategoryCard';
import { PageHeader } from '../components/catalogue/PageHeader';
import { RetryButton } from '../components/ui/StateActions';
import { StatePanel } from '../components/ui/StatePanel';
import { AlertIcon, InboxIcon } from '../components/ui/icons';
import { useRetryLoad } from '../lib/loaders';
import { usePageTitle } from '../lib/usePageTitle';

export const Route = createFileRoute('/store')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(categoriesQuery()),
  pendingComponent: StoreSkeleton,
  errorComponent: StoreError,
  component: StorePage,
});

/** The store page's title band and body, whatever the body shows. */
function StoreFrame({ children }: { children: ReactNode }) {
  usePageTitle(useIntl().formatMessage({ id: 'store.title' }));
  return (
    <>
      <PageHeader title={<FormattedMessage id="store.title" />} subtitle={<FormattedMessage id="store.subtitle" />} />
      <div className="container page-body">{children}</div>
    </>
  );
}

function StorePage() {
  const { data: categories } = useSuspenseQuery(categoriesQuery());
  return (
    <StoreFrame>
      {categories.length === 0 ? (
        <StatePanel
          testId="store-empty"
          icon={<InboxIcon size={28} />}
          title={<FormattedMessage id="store.empty" />}
          text={<FormattedMessage id="store.emptyHint" />}
        />
      ) : (
        <ul className="category-grid" role="list" data-testid="category-list">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      )}
    </StoreFrame>
  );
}

function StoreSkeleton() {
  return (
    <StoreFrame>
      <div className="category-grid" aria-busy="true">
        <p role="status" className="visually-hidden">
          <FormattedMessage id="store.loading" />
        </p>
        {Array.from({ length: 4 }, (_, i) => (
          <CategoryCardSkeleton key={i} />
        ))}
      </div>
    </StoreFrame>
  );
}

function StoreError() {
  const retry = useRetryLoad();
  return (
    <StoreFrame>
      <StatePanel
        tone="error"
        testId="store-error"
        icon={<AlertIcon size={28} />}
        title={<FormattedMessage id="store.error" />}
        text={<FormattedMessage id="common.connectionHint" />}
        actions={<RetryButton onRetry={retry} />}
      />
    </StoreFrame>
  );
}
