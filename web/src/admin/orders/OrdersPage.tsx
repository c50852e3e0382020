import { ORDER_STATUSES, type OrderStatus } from '@shared/ordering/constants';
import type { AdminOrderView } from '@shared/ordering/types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { InboxIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { ordersCsvPath, ordersQuery, type OrderFilters } from '../api/orders';
import { useAdminText } from '../i18n';
import { DataTable } from '../ui/list/DataTable';
import { FilterSelect } from '../ui/list/FilterSelect';
import { ExportButton } from '../ui/list/ExportButton';
import { ADMIN_PAGE_SIZES, limitParam, listFilters, pageParam } from '../ui/list/list-search';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { Pager, shownRange } from '../ui/list/Pager';
import { SearchField } from '../ui/list/SearchField';
import { useLastPageClamp } from '../ui/list/useLastPageClamp';
import { DeleteOrderModal } from './DeleteOrderModal';
import { OrderDetailModal } from './OrderDetailModal';
import type { OrdersSearch } from './order-search';
import { useOrderColumns } from './columns';

export interface OrdersPageProps {
  search: OrdersSearch;
  /** Moves to another list state (`replace` keeps it out of the history: typing, a page that emptied). */
  onSearch: (next: OrdersSearch, replace?: boolean) => void;
}

/** /admin/orders (docs/product.md#orders): search, status and delivery filters, the paginated table, detail, dispatch, delete, CSV. */
export function OrdersPage({ search, onSearch }: OrdersPageProps) {
  const t = useAdminText();
  const filters: OrderFilters = { status: search.status ?? 'all', delivery: search.delivery, ...listFilters(search) };
  const list = useQuery(ordersQuery(filters));
  const [deleting, setDeleting] = useState<AdminOrderView | null>(null);
  const open = (id: string | undefined) => onSearch({ ...search, id });
  const columns = useOrderColumns({ onView: (order) => open(order.id), onDelete: setDeleting });

  // A page that emptied (orders deleted, a narrower filter elsewhere) gives way to the last one.
  useLastPageClamp(list.isPlaceholderData ? undefined : list.data?.pagination.totalPages, filters.page, (page) =>
    onSearch({ ...search, page }, true),
  );

  return (
    <div className="admin-page" data-testid="orders-page">
      <ListPageHead title={t('admin.orders.title')} subtitle={t('admin.orders.subtitle')}>
        <ExportButton path={ordersCsvPath(filters)} fileName="orders.csv" testId="orders-export" />
      </ListPageHead>
      <div className="admin-toolbar">
        <SearchField
          label={t('admin.orders.search')}
          placeholder={t('admin.orders.searchPlaceholder')}
          value={filters.search}
          onSearch={(text) => onSearch({ ...search, search: text || undefined, page: undefined }, true)}
          testId="orders-search"
        />
        <StatusFilter
          value={filters.status}
          onChange={(status) => onSearch({ ...search, status: status === 'all' ? undefined : status, page: undefined })}
        />
        <DeliveryFilter
          value={filters.delivery}
          onChange={(delivery) => onSearch({ ...search, delivery, page: undefined })}
        />
      </div>
      <section className="card admin-panel admin-list" aria-label={t('admin.orders.title')}>
        {list.isPending ? (
          <ListSkeleton rows={filters.limit} label={t('admin.list.loading')} />
        ) : list.isError && !list.data ? (
          <ListError text={t('admin.orders.loadFailed')} onRetry={() => void list.refetch()} testId="orders-error" />
        ) : (
          <>
            <DataTable
              label={t('admin.orders.title')}
              columns={columns}
              rows={list.data.orders}
              rowId={(order) => order.id}
              busy={list.isPlaceholderData}
              empty={
                <EmptyOrders
                  filtered={Boolean(search.search || search.status || search.delivery)}
                  onClear={() => onSearch({ limit: search.limit })}
                />
              }
              testId="orders-table"
            />
            <Pager
              page={list.data.pagination.page}
              totalPages={list.data.pagination.totalPages}
              summary={t('admin.orders.showing', shownRange(filters.page, filters.limit, list.data.pagination.total))}
              onPage={(page) => onSearch({ ...search, page: pageParam(page) })}
              limit={{
                value: filters.limit,
                options: ADMIN_PAGE_SIZES,
                onChange: (limit) => onSearch({ ...search, limit: limitParam(limit), page: undefined }),
              }}
              testId="orders-pager"
            />
          </>
        )}
      </section>
      {search.id && <OrderDetailModal id={search.id} onClose={() => open(undefined)} onDelete={setDeleting} />}
      <DeleteOrderModal
        order={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(order) => {
          setDeleting(null);
          // Deleting an order closes the modals: the confirmation, and its detail when open.
          if (search.id === order.id) open(undefined);
        }}
      />
    </div>
  );
}

function StatusFilter({
  value,
  onChange,
}: {
  value: OrderStatus | 'all';
  onChange: (status: OrderStatus | 'all') => void;
}) {
  const t = useAdminText();
  return (
    <FilterSelect
      label={t('admin.orders.statusFilter')}
      value={value}
      onChange={(status) => onChange(status as OrderStatus | 'all')}
      all={{ value: 'all', label: t('admin.orders.allStatuses') }}
      options={ORDER_STATUSES.map((status) => ({ value: status, label: t(`admin.order.status.${status}`) }))}
      testId="orders-status"
    />
  );
}

/** Every order, or only those with a subscription awaiting its activation details (docs/product.md#subscriptions). */
function DeliveryFilter({
  value,
  onChange,
}: {
  value: 'awaiting' | undefined;
  onChange: (delivery: 'awaiting' | undefined) => void;
}) {
  const t = useAdminText();
  return (
    <FilterSelect
      label={t('admin.orders.deliveryFilter')}
      value={value ?? 'all'}
      onChange={(delivery) => onChange(delivery === 'awaiting' ? 'awaiting' : undefined)}
      all={{ value: 'all', label: t('admin.orders.allDeliveries') }}
      options={[{ value: 'awaiting', label: t('admin.orders.awaitingDelivery') }]}
      testId="orders-delivery"
    />
  );
}

function EmptyOrders({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<InboxIcon size={28} />}
      title={t('admin.orders.empty')}
      text={t(filtered ? 'admin.orders.emptyFiltered' : 'admin.orders.emptyHint')}
      actions={
        filtered && (
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {t('admin.orders.clearFilters')}
          </button>
        )
      }
      headingLevel={2}
      testId="orders-empty"
    />
  );
}
