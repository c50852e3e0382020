import { BULK_MAX_IDS } from '@shared/catalogue/constants';
import type { ProductView } from '@shared/catalogue/types';
import { useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { InboxIcon, PlusIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { productCategoriesQuery, productsQuery } from '../api/products';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { DataTable } from '../ui/list/DataTable';
import { FilterSelect } from '../ui/list/FilterSelect';
import { pageParam } from '../ui/list/list-search';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { Pager, shownRange } from '../ui/list/Pager';
import { SearchField } from '../ui/list/SearchField';
import { useLastPageClamp } from '../ui/list/useLastPageClamp';
import { BulkActionsModal } from './BulkActionsModal';
import { useProductColumns } from './columns';
import { PricesModal } from './PricesModal';
import { ProductFormModal } from './ProductFormModal';
import { PRODUCTS_PAGE_SIZE, type ProductsSearch } from './product-search';
import { useDeleteProduct, useToggleProduct } from './writes';

export interface ProductsPageProps {
  search: ProductsSearch;
  /** Moves to another list state (`replace` keeps it out of the history: typing, a page that emptied). */
  onSearch: (next: ProductsSearch, replace?: boolean) => void;
}

/**
 * /admin/products (docs/product.md#products): search, category filter, the table 5 to a page with a numbered pager,
 * selection with bulk actions, the prices modal, the status switch, delete, and the product form
 * over the list (?form=new or ?form={id}).
 */
export function ProductsPage({ search, onSearch }: ProductsPageProps) {
  const t = useAdminText();
  // Named in the admin's language where they have it (docs/product.md#catalogue-languages).
  const shown = useInPageLanguage();
  const categoryQuery = useQuery(productCategoriesQuery());
  const categories = useMemo(() => categoryQuery.data?.map(shown), [categoryQuery.data, shown]);
  // A filter on a category deleted since (an old link) shows every product instead of an error.
  const category =
    search.category && categories && !categories.some((c) => c.id === search.category) ? '' : (search.category ?? '');
  const list = useQuery(productsQuery({ search: search.search ?? '', category }));
  const products = useMemo(() => (list.data ?? []).map(shown), [list.data, shown]);

  const [selection, setSelection] = useState<RowSelectionState>({});
  const [pricesOf, setPricesOf] = useState<ProductView | null>(null);
  const [deleting, setDeleting] = useState<ProductView | null>(null);
  const [toggling, setToggling] = useState<ProductView | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  // Only products still listed count as selected (one deleted meanwhile drops out).
  const selectedIds = useMemo(() => products.filter((p) => selection[p.id]).map((p) => p.id), [products, selection]);
  const totalPages = Math.max(1, Math.ceil(products.length / PRODUCTS_PAGE_SIZE));
  const page = Math.min(search.page ?? 1, totalPages);
  const rows = products.slice((page - 1) * PRODUCTS_PAGE_SIZE, page * PRODUCTS_PAGE_SIZE);

  // A page that emptied (products deleted, a narrower search) gives way to the last one.
  useLastPageClamp(list.data ? totalPages : undefined, search.page ?? 1, (last) =>
    onSearch({ ...search, page: last }, true),
  );

  const filterBy = (next: Pick<ProductsSearch, 'search' | 'category'>) => {
    // Another list: what was selected in this one is let go.
    setSelection({});
    onSearch({ ...search, ...next, page: undefined }, true);
  };
  const openForm = (form: string | undefined) => onSearch({ ...search, form });
  const columns = useProductColumns({
    onPrices: setPricesOf,
    onToggle: setToggling,
    onEdit: (product) => openForm(product.id),
    onDelete: setDeleting,
  });
  const filtered = Boolean(search.search || category);

  return (
    <div className="admin-page admin-products" data-testid="products-page">
      <ListPageHead title={t('admin.products.title')} subtitle={t('admin.products.subtitle')}>
        <button type="button" className="btn btn-primary" onClick={() => openForm('new')} data-testid="product-add">
          <PlusIcon size={18} />
          {t('admin.products.add')}
        </button>
      </ListPageHead>
      <div className="admin-toolbar">
        <SearchField
          label={t('admin.products.search')}
          placeholder={t('admin.products.searchPlaceholder')}
          value={search.search ?? ''}
          onSearch={(text) => filterBy({ search: text || undefined })}
          testId="products-search"
        />
        <CategoryFilter
          value={category}
          categories={categories ?? []}
          onChange={(id) => filterBy({ category: id || undefined })}
        />
      </div>
      <SelectionBar
        selected={selectedIds.length}
        total={products.length}
        onSelectAll={() => setSelection(Object.fromEntries(products.map((p) => [p.id, true])))}
        onClear={() => setSelection({})}
        onBulk={() => setBulkOpen(true)}
      />
      <section className="card admin-panel admin-list" aria-label={t('admin.products.title')}>
        {list.isPending ? (
          <ListSkeleton
            rows={PRODUCTS_PAGE_SIZE}
            label={t('admin.list.loading')}
            rowClassName="admin-products-skeleton-row"
          />
        ) : list.isError && !list.data ? (
          <ListError
            text={t('admin.products.loadFailed')}
            onRetry={() => void list.refetch()}
            testId="products-error"
          />
        ) : (
          <>
            <DataTable
              label={t('admin.products.title')}
              columns={columns}
              rows={rows}
              rowId={(product) => product.id}
              busy={list.isPlaceholderData}
              selection={{ value: selection, onChange: setSelection }}
              empty={<EmptyProducts filtered={filtered} onClear={() => filterBy({})} onAdd={() => openForm('new')} />}
              testId="products-table"
            />
            {products.length > 0 && (
              <Pager
                page={page}
                totalPages={totalPages}
                summary={t('admin.products.showing', shownRange(page, PRODUCTS_PAGE_SIZE, products.length))}
                onPage={(next) => onSearch({ ...search, page: pageParam(next) })}
                numbered
                testId="products-pager"
              />
            )}
          </>
        )}
      </section>

      {search.form && (
        <ProductFormModal id={search.form === 'new' ? null : search.form} onClose={() => openForm(undefined)} />
      )}
      <PricesModal
        product={pricesOf && (products.find((p) => p.id === pricesOf.id) ?? pricesOf)}
        onClose={() => setPricesOf(null)}
        onEdit={(product) => {
          setPricesOf(null);
          openForm(product.id);
        }}
      />
      <DeleteProductModal
        product={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(product) => {
          setDeleting(null);
          setSelection(({ [product.id]: _gone, ...rest }) => rest);
        }}
      />
      <StatusModal product={toggling} onClose={() => setToggling(null)} />
      <BulkActionsModal
        open={bulkOpen}
        products={products.filter((p) => selection[p.id])}
        categories={categories ?? []}
        max={BULK_MAX_IDS}
        onClose={() => setBulkOpen(false)}
        onDone={(failedIds) => {
          // What failed stays selected, to try again; the rest is done.
          setSelection(Object.fromEntries(failedIds.map((id) => [id, true])));
          if (failedIds.length === 0) setBulkOpen(false);
        }}
      />
    </div>
  );
}

function CategoryFilter(props: {
  value: string;
  categories: readonly { id: string; name: string }[];
  onChange: (id: string) => void;
}) {
  const t = useAdminText();
  return (
    <FilterSelect
      label={t('admin.products.categoryFilter')}
      value={props.value}
      onChange={props.onChange}
      all={{ value: '', label: t('admin.products.allCategories') }}
      options={props.categories.map((category) => ({ value: category.id, label: category.name }))}
      testId="products-category"
    />
  );
}

/** How many are selected, "select all" across pages, clear, and the bulk actions. */
function SelectionBar(props: {
  selected: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onBulk: () => void;
}) {
  const t = useAdminText();
  const { selected, total } = props;
  return (
    <div className="admin-selection-bar" data-testid="products-selection">
      <p className="admin-selection-count" aria-live="polite">
        {t('admin.products.selected', { count: selected })}
      </p>
      {selected > 0 && selected < total && (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={props.onSelectAll}
          data-testid="products-select-all"
        >
          {t('admin.products.selectAll', { count: total })}
        </button>
      )}
      {selected > 0 && (
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onClear}>
          {t('admin.products.clearSelection')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-sm admin-selection-action"
        disabled={selected === 0}
        onClick={props.onBulk}
        data-testid="products-bulk"
      >
        {t('admin.products.bulkActions')}
      </button>
    </div>
  );
}

function DeleteProductModal(props: {
  product: ProductView | null;
  onClose: () => void;
  onDeleted: (product: ProductView) => void;
}) {
  const t = useAdminText();
  const { product } = props;
  const remove = useDeleteProduct(() => product && props.onDeleted(product));
  return (
    <ConfirmModal
      open={product !== null}
      onClose={props.onClose}
      title={t('admin.products.delete.title')}
      confirmLabel={t('admin.list.delete')}
      busyLabel={t('admin.list.deleting')}
      busy={remove.isPending}
      danger
      onConfirm={() => product && remove.mutate(product)}
      testId="product-delete-modal"
    >
      <p>{product && t('admin.products.delete.body', { name: product.name })}</p>
    </ConfirmModal>
  );
}

/** The status badge switches the product on or off, once confirmed. */
function StatusModal({ product, onClose }: { product: ProductView | null; onClose: () => void }) {
  const t = useAdminText();
  const toggle = useToggleProduct(onClose);
  const activating = product ? !product.active : false;
  return (
    <ConfirmModal
      open={product !== null}
      onClose={onClose}
      title={t(activating ? 'admin.products.status.activateTitle' : 'admin.products.status.deactivateTitle')}
      confirmLabel={t(activating ? 'admin.products.status.activate' : 'admin.products.status.deactivate')}
      busyLabel={t('admin.products.status.updating')}
      busy={toggle.isPending}
      danger={!activating}
      onConfirm={() => product && toggle.mutate(product)}
      testId="product-status-modal"
    >
      <p>
        {product &&
          t(activating ? 'admin.products.status.activateBody' : 'admin.products.status.deactivateBody', {
            name: product.name,
          })}
      </p>
    </ConfirmModal>
  );
}

function EmptyProducts({ filtered, onClear, onAdd }: { filtered: boolean; onClear: () => void; onAdd: () => void }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<InboxIcon size={28} />}
      title={t('admin.products.empty')}
      text={t(filtered ? 'admin.products.emptyFiltered' : 'admin.products.emptyHint')}
      actions={
        filtered ? (
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            {t('admin.products.clearFilters')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onAdd}>
            <PlusIcon size={18} />
            {t('admin.products.add')}
          </button>
        )
      }
      testId="products-empty"
    />
  );
}
