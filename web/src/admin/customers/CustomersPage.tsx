import type { CustomerPage } from '@shared/ordering/types';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { UsersIcon } from '../ui/icons';
import { customersCsvPath, customersQuery, type CustomerFilters } from '../api/customers';
import { useAdminText } from '../i18n';
import { useAdminTitle } from '../layout/useAdminTitle';
import { DataTable } from '../ui/list/DataTable';
import { ExportButton } from '../ui/list/ExportButton';
import { ListError } from '../ui/list/ListError';
import type { ListSearch } from '../ui/list/list-search';
import { Pager, shownRange } from '../ui/list/Pager';
import { SearchField } from '../ui/list/SearchField';
import { useCustomerColumns } from './columns';
import { CUSTOMER_PAGE_SIZES, DEFAULT_CUSTOMER_PAGE_SIZE } from './page-sizes';

export interface CustomersPageProps {
  /** The list's state, from the URL. */
  search: ListSearch;
  /** Writes a new state to the URL (`replace` for corrections nobody should go Back to). */
  onSearch: (next: ListSearch, replace?: boolean) => void;
}

/**
 * /admin/customers (SPEC §2): the people who ordered, searched by name, email or phone, a page at
 * a time, with the CSV of the current search. The list follows new orders live: the live layer
 * invalidates the customers' queries, and the page shown stays until the next one has arrived.
 */
export function CustomersPage({ search, onSearch }: CustomersPageProps) {
  const t = useAdminText();
  useAdminTitle(t('admin.customers.title'));
  const filters: CustomerFilters = {
    search: search.search ?? '',
    page: search.page ?? 1,
    limit: search.limit ?? DEFAULT_CUSTOMER_PAGE_SIZE,
  };
  const query = useQuery(customersQuery(filters));
  // Judged on this page's own answer, not on the one shown while it loads.
  useClampedPage(query.isPlaceholderData ? undefined : query.data, filters.page, (page) =>
    onSearch({ ...search, page }, true),
  );

  // A new search or page size starts again from page 1 (no `page` in the URL).
  const searchFor = (text: string) => onSearch({ ...search, search: text || undefined, page: undefined });
  return (
    <div className="admin-page admin-customers" data-testid="customers">
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">{t('admin.customers.title')}</h1>
          <p className="admin-page-subtitle">{t('admin.customers.subtitle')}</p>
        </div>
        <ExportButton path={customersCsvPath(filters.search)} fileName="customers.csv" testId="customers-export" />
      </header>
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
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            onLimit={(limit) =>
              onSearch({ ...search, limit: limit === DEFAULT_CUSTOMER_PAGE_SIZE ? undefined : limit, page: undefined })
            }
            onClear={() => searchFor('')}
          />
        ) : query.isError ? (
          <ListError
            text={t('admin.customers.loadFailed')}
            onRetry={() => void query.refetch()}
            testId="customers-error"
          />
        ) : (
          <CustomersSkeleton rows={filters.limit} />
        )}
      </section>
    </div>
  );
}

/**
 * A page past the last one (a stale link, customers gone since) moves to the last page; the URL
 * is corrected in place.
 */
function useClampedPage(data: CustomerPage | undefined, page: number, goTo: (page: number | undefined) => void) {
  const last = data?.pagination.totalPages ?? 0;
  // goTo is a new function each render: the page numbers alone decide when to move.
  const latest = useRef(goTo);
  useEffect(() => {
    latest.current = goTo;
  }, [goTo]);
  useEffect(() => {
    if (last > 0 && page > last) latest.current(last > 1 ? last : undefined);
  }, [last, page]);
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
          limit={{ value: filters.limit, options: CUSTOMER_PAGE_SIZES, onChange: onLimit }}
          numbered
          testId="customers-pager"
        />
      )}
    </>
  );
}

/** SPEC §8: 'No customers found', with why and a way out. */
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

/** While the first page loads: the table's shape, announced. */
function CustomersSkeleton({ rows }: { rows: number }) {
  const t = useAdminText();
  return (
    <div className="admin-list-skeleton" role="status" aria-busy="true" data-testid="customers-loading">
      <span className="visually-hidden">{t('admin.customers.loading')}</span>
      {Array.from({ length: Math.min(rows, 10) }, (_, index) => (
        <div key={index} className="skeleton skeleton-line admin-customers-skeleton-row" />
      ))}
    </div>
  );
}
