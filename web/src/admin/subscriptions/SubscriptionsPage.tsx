import { SUBSCRIPTION_VIEWS } from '@shared/subscriptions/constants';
import type { AdminSubscriptionRowView, SubscriptionView } from '@shared/subscriptions/types';
import { useQuery } from '@tanstack/react-query';
import { InboxIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { subscriptionsCsvPath, subscriptionsQuery, type SubscriptionFilters } from '../api/subscriptions';
import { useNow } from '../dashboard/time';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { DataTable } from '../ui/list/DataTable';
import { ExportButton } from '../ui/list/ExportButton';
import { ADMIN_PAGE_SIZES, limitParam, listFilters, pageParam } from '../ui/list/list-search';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { Pager, shownRange } from '../ui/list/Pager';
import { SearchField } from '../ui/list/SearchField';
import { useLastPageClamp } from '../ui/list/useLastPageClamp';
import { Tabs } from '../ui/Tabs';
import { useSubscriptionColumns } from './columns';
import { DEFAULT_SUBSCRIPTION_VIEW, type SubscriptionsSearch } from './subscription-search';
import { useDueHeading } from './time-text';

export interface SubscriptionsPageProps {
  search: SubscriptionsSearch;
  /** Moves to another list state (`replace` keeps it out of the history: typing, a page that emptied). */
  onSearch: (next: SubscriptionsSearch, replace?: boolean) => void;
}

/** The views whose rows are a worklist of reminders, grouped by the day their subscription ends. */
const WORKLISTS: readonly SubscriptionView[] = ['expiring', 'expired'];

/**
 * /admin/subscriptions (docs/product.md#subscriptions-screen): the views as tabs, a search, the
 * paginated table, the CSV of the view; in Expiring and Expired, the rows grouped by their end day
 * with the WhatsApp reminder due on each.
 */
export function SubscriptionsPage({ search, onSearch }: SubscriptionsPageProps) {
  const t = useAdminText();
  const view = search.view ?? DEFAULT_SUBSCRIPTION_VIEW;
  const filters: SubscriptionFilters = { view, ...listFilters(search) };
  const list = useQuery(subscriptionsQuery(filters));
  const now = useNow();
  const columns = useSubscriptionColumns(now);
  const { timeZone } = useAdminDates();
  const dueHeading = useDueHeading();
  const worklist = WORKLISTS.includes(view);

  useLastPageClamp(list.isPlaceholderData ? undefined : list.data?.pagination.totalPages, filters.page, (page) =>
    onSearch({ ...search, page }, true),
  );

  const tabs = SUBSCRIPTION_VIEWS.map((key) => ({ key, label: t(`admin.subscriptions.view.${key}`) }));
  return (
    <div className="admin-page admin-subscriptions" data-testid="subscriptions-page">
      <ListPageHead title={t('admin.subscriptions.title')} subtitle={t('admin.subscriptions.subtitle')}>
        <ExportButton
          path={subscriptionsCsvPath(filters)}
          fileName={`subscriptions-${view}.csv`}
          testId="subscriptions-export"
        />
      </ListPageHead>
      <div className="admin-toolbar">
        <SearchField
          label={t('admin.subscriptions.search')}
          placeholder={t('admin.subscriptions.searchPlaceholder')}
          value={filters.search}
          onSearch={(text) => onSearch({ ...search, search: text || undefined, page: undefined }, true)}
          testId="subscriptions-search"
        />
      </div>
      <section className="card admin-panel admin-list">
        <Tabs
          label={t('admin.subscriptions.views')}
          tabs={tabs}
          selected={view}
          // A view starts at its first page; the search and the page size stay.
          onSelect={(next) =>
            onSearch({ ...search, view: next === DEFAULT_SUBSCRIPTION_VIEW ? undefined : next, page: undefined })
          }
          testId="subscriptions-view"
        >
          {list.isPending ? (
            <ListSkeleton rows={filters.limit} label={t('admin.list.loading')} />
          ) : list.isError && !list.data ? (
            <ListError
              text={t('admin.subscriptions.loadFailed')}
              onRetry={() => void list.refetch()}
              testId="subscriptions-error"
            />
          ) : (
            <>
              <DataTable
                label={t(`admin.subscriptions.view.${view}`)}
                columns={columns}
                rows={list.data.subscriptions}
                rowId={(row) => row.id}
                busy={list.isPlaceholderData}
                groupOf={
                  worklist ? (row: AdminSubscriptionRowView) => dueHeading(row.endsAt!, now, timeZone) : undefined
                }
                empty={
                  <EmptyView
                    view={view}
                    filtered={Boolean(search.search)}
                    onClear={() => onSearch({ ...search, search: undefined, page: undefined })}
                  />
                }
                testId="subscriptions-table"
              />
              <Pager
                page={list.data.pagination.page}
                totalPages={list.data.pagination.totalPages}
                summary={t(
                  'admin.subscriptions.showing',
                  shownRange(filters.page, filters.limit, list.data.pagination.total),
                )}
                onPage={(page) => onSearch({ ...search, page: pageParam(page) })}
                limit={{
                  value: filters.limit,
                  options: ADMIN_PAGE_SIZES,
                  onChange: (limit) => onSearch({ ...search, limit: limitParam(limit), page: undefined }),
                }}
                testId="subscriptions-pager"
              />
            </>
          )}
        </Tabs>
      </section>
    </div>
  );
}

function EmptyView({ view, filtered, onClear }: { view: SubscriptionView; filtered: boolean; onClear: () => void }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<InboxIcon size={28} />}
      title={t('admin.subscriptions.empty')}
      text={t(filtered ? 'admin.subscriptions.emptyFiltered' : `admin.subscriptions.empty.${view}`)}
      actions={
        filtered && (
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {t('admin.subscriptions.clearSearch')}
          </button>
        )
      }
      headingLevel={2}
      testId="subscriptions-empty"
    />
  );
}
