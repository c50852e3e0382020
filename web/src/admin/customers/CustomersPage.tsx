import type { CustomerPage } from '@shared/ordering/types';
import { useQuery } from '@tanstack/react-query';
import { UsersIcon } from '../ui/icons';
import { customersCsvPath, customersQuery, type CustomerFilters } from '../api/customers';
import { useAdminText } from '../i18n';
import { DataTable } from '../ui/list/DataTable';
import { ExportButton } from '../ui/list/ExportButton';
import { ListError } from '../ui/list/ListError';
import { ADMIN_PAGE_SIZES, limitParam, listFilters, pageParam, type ListSearch } from '../ui/list/list-search';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { Pager, shownRange } from '../ui/list/Pager';
import { SearchField } from '../ui/list/SearchField';
import { useLastPageClamp } from '../ui/list/useLastPageClamp';
import { useCustomerColumns } from './columns';

export interface CustomersPageProps {
  /** The list's state, from the URL. */
  search: ListSearch;
  /** Writes a new state to the URL (`replace` for corrections nobody should go Back to). */
  onSearch: (next: ListSearch, replace?: boolean) => void;
}

/**
 * /admin/customers (docs/product.md#customers): the people who ordered, searched by name, email or phone, a page at
 * a time, with the CSV of the current search. The list follows new orders live: the live layer
 * invalidates the customers' queries, and the page shown stays until the next one has arrived.
 */
export function CustomersPage({ search, onSearch }: CustomersPageProps) {
  const t = useAdminText();
  const filters: CustomerFilters = listFilters(search);
  const query = useQuery(customersQuery(filters));
  // A page past the last one (a stale link, customers gone since) moves to the last page.
  useLastPageClamp(query.isPlaceholderData ? undefined : query.data?.pagination.totalPages, filters.page, (page) =>
    onSearch({ ...search, page }, true),
  );

  // A new search or page size starts again from page 1 (no `page` in the URL).
  const searchFor = (text: string) => onSearch({ ...search, search: text || undefined, page: undefined });
  return (
    <div className="admin-page admin-customers" data-testid="customers">
      <ListPageHead title={t('admin.customers.title')} subtitle={t('admin.customers.subtitle')}>
        <ExportButton path={customersCsvPath(filters.search)} fileName="customers.csv" testId="customers-export" />
      </ListPageHead>
      <div className="admin-toolbar">
        <SearchField
          label={t('admin.customers.search')}
          placeholder={t('admin.customers.searchPlaceholder')}
          value={filters.search}
          onSearch={searchFor}
          testId="customers-search"
        />
      </div>
      <section className="card admin-panel admin-list" aria-label={t('admin.customers.table')}>
        {query.data ? (
          <CustomerList
            data={query.data}
            filters={filters}
            busy={query.isPlaceholderData}
            onPage={(page) => onSearch({ ...search, page: pageParam(page) })}
            onLimit={(limit) => onSearch({ ...search, limit: limitParam(limit), page: undefined })}
            onClear={() => searchFor('')}
          />
        ) : query.isError ? (
          <ListError
            text={t('admin.customers.loadFailed')}
            onRetry={() => void query.refetch()}
            testId="customers-error"
          />
        ) : (
          <ListSkeleton
            rows={filters.limit}
            label={t('admin.customers.loading')}
            rowClassName="admin-customers-skeleton-row"
            testId="customers-loading"
          />
        )}
      </section>
    </div>
  );
}

interface CustomerListProps {
  data: CustomerPage;
  filters: CustomerFilters;
  busy: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  onClear: () => void;
}

function CustomerList({ data, filters, busy, onPage, onLimit, onClear }: CustomerListProps) {
  const t = useAdminText();
  const columns = useCustomerColumns();
  const { pagination } = data;
  const range = shownRange(pagination.page, pagination.limit, pagination.total);
  return (
    <>
      <DataTable
        label={t('admin.customers.table')}
        columns={columns}
        rows={data.customers}
        rowId={(customer) => customer.id}
        busy={busy}
        empty={<CustomersEmpty search={filters.search} onClear={onClear} />}
        testId="customers-table"
      />
      {pagination.total > 0 && (
        <Pager
          page={pagination.page}
          totalPages={Math.max(1, pagination.totalPages)}
          summary={t('admin.customers.showing', range)}
          onPage={onPage}
          limit={{ value: filters.limit, options: ADMIN_PAGE_SIZES, onChange: onLimit }}
          numbered
          testId="customers-pager"
        />
      )}
    </>
  );
}

/** 'No customers found', with why and a way out. */
function CustomersEmpty({ search, onClear }: { search: string; onClear: () => void }) {
  const t = useAdminText();
  return (
    <div className="admin-empty" data-testid="customers-empty">
      <UsersIcon size={28} />
      <p className="admin-empty-title">{t('admin.customers.empty')}</p>
      <p className="admin-empty-text">
        {search ? t('admin.customers.emptySearch', { search }) : t('admin.customers.emptyHint')}
      </p>
      {search && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClear}>
          {t('admin.customers.clearSearch')}
        </button>
      )}
    </div>
  );
}
