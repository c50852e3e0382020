import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CategoryView } from '@shared/catalogue/types';
import { ProductImage } from '../../components/product/ProductImage';
import { InboxIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { categoriesQuery } from '../api/categories';
import { catalogueLanguageQuery } from '../api/catalogue-language';
import { useAdminText } from '../i18n';
import { EditIcon } from '../ui/icons';
import { DataTable } from '../ui/list/DataTable';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { RowAction } from '../ui/list/RowAction';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { Pager, shownRange } from '../ui/list/Pager';
import { SearchField } from '../ui/list/SearchField';
import {
  ADMIN_PAGE_SIZES,
  DEFAULT_ADMIN_PAGE_SIZE,
  limitParam,
  pageParam,
  type ListSearch,
} from '../ui/list/list-search';
import { useLastPageClamp } from '../ui/list/useLastPageClamp';
import { categoryFilters } from './category-search';
import { CategoryFormModal } from './CategoryFormModal';
import { DeleteCategoryModal } from './DeleteCategoryModal';

// /admin/categories (docs/product.md#categories): search (300 ms after typing), the table, 5/10/20/50 a page with
// numbered pages, Add, Edit and Delete. The list's state is the URL's; live updates (other
// admins' changes) refetch it through the query cache (live/events.ts).

export interface CategoriesPageProps {
  search: ListSearch;
  /** A new list state for the URL; `replace` when it corrects the one there. */
  onSearch: (next: ListSearch, replace?: boolean) => void;
}

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; category: CategoryView } | null;

export function CategoriesPage({ search, onSearch }: CategoriesPageProps) {
  const t = useAdminText();
  const filters = categoryFilters(search);
  const query = useQuery(categoriesQuery(filters));
  // The forms need the shop's default language: read with the list, ready when one opens.
  useQuery(catalogueLanguageQuery());
  const [open, setOpen] = useState<Open>(null);

  // A page past the end (its last category deleted, a link kept too long): the last page instead.
  useLastPageClamp(query.isPlaceholderData ? undefined : query.data?.pagination.totalPages, filters.page, (page) =>
    onSearch({ ...search, page }, true),
  );

  const columns = useCategoryColumns(setOpen);
  // Named in the admin's language where they have it (docs/product.md#catalogue-languages).
  const shown = useInPageLanguage();
  const rows = useMemo(() => (query.data?.data ?? []).map(shown), [query.data, shown]);
  // The delete modal shows the count as the list has it now (a live update may change it).
  const shownCount = (category: CategoryView) =>
    rows.find((row) => row.id === category.id)?.productsCount ?? category.productsCount;

  return (
    <div className="admin-page admin-categories" data-testid="categories-page">
      <ListPageHead title={t('admin.categories.title')} subtitle={t('admin.categories.subtitle')}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setOpen({ kind: 'add' })}
          data-testid="category-add"
        >
          <PlusIcon size={18} />
          {t('admin.categories.add')}
        </button>
      </ListPageHead>
      <div className="admin-toolbar">
        <SearchField
          label={t('admin.categories.search')}
          placeholder={t('admin.categories.searchPlaceholder')}
          value={filters.search}
          onSearch={(text) => onSearch({ ...search, search: text || undefined, page: undefined })}
          testId="category-search"
        />
      </div>
      <section className="card admin-panel admin-list" aria-label={t('admin.categories.title')}>
        {query.isPending ? (
          <ListSkeleton rows={5} label={t('admin.categories.loading')} testId="categories-loading" />
        ) : query.isError && !query.data ? (
          <ListError
            text={t('admin.categories.loadFailed')}
            onRetry={() => void query.refetch()}
            testId="categories-error"
          />
        ) : (
          <>
            <DataTable
              label={t('admin.categories.table')}
              columns={columns}
              rows={rows}
              rowId={(category) => category.id}
              busy={query.isPlaceholderData}
              empty={<EmptyCategories searched={filters.search} onAdd={() => setOpen({ kind: 'add' })} />}
              testId="categories-table"
            />
            <CategoriesPager search={search} onSearch={onSearch} pagination={query.data.pagination} />
          </>
        )}
      </section>
      {open && open.kind !== 'delete' && (
        <CategoryFormModal
          key={open.kind === 'edit' ? open.category.id : 'new'}
          category={open.kind === 'edit' ? open.category : null}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteCategoryModal
          key={open.category.id}
          category={open.category}
          productsCount={shownCount(open.category)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

const column = createColumnHelper<CategoryView>();

function useCategoryColumns(setOpen: (open: Open) => void) {
  const t = useAdminText();
  const intl = useIntl();
  return useMemo(
    () => [
      column.display({
        id: 'image',
        header: () => t('admin.categories.col.image'),
        // Decorative next to the name; a placeholder when missing or when it fails to load.
        cell: ({ row }) => (
          <span className="admin-category-thumb">
            <ProductImage
              src={row.original.thumbnailImage ?? row.original.featuredImage}
              renditions={row.original.imageRenditions}
              slot="adminCategory"
              alt=""
            />
          </span>
        ),
      }),
      column.accessor('name', {
        header: () => t('admin.categories.col.name'),
        cell: ({ getValue, row }) => (
          <span className="admin-category-name" lang={row.original.language} dir="auto">
            {getValue()}
          </span>
        ),
      }),
      column.accessor('slug', {
        header: () => t('admin.categories.col.slug'),
        cell: ({ getValue }) => (
          <code className="admin-category-slug" dir="ltr">
            {getValue()}
          </code>
        ),
      }),
      column.accessor('description', {
        header: () => t('admin.categories.col.description'),
        cell: ({ getValue, row }) =>
          getValue() ? (
            <span className="admin-category-description" title={getValue()} lang={row.original.language} dir="auto">
              {getValue()}
            </span>
          ) : (
            <span className="admin-cell-sub">—</span>
          ),
      }),
      column.accessor('productsCount', {
        header: () => t('admin.categories.col.products'),
        cell: ({ getValue }) => intl.formatNumber(getValue()),
        meta: { align: 'num' },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('admin.list.actions')}</span>,
        cell: ({ row }) => (
          <span className="admin-row-actions">
            <RowAction
              label={t('admin.categories.edit', { name: row.original.name })}
              onClick={() => setOpen({ kind: 'edit', category: row.original })}
              testId="category-edit"
            >
              <EditIcon size={18} />
            </RowAction>
            <RowAction
              label={t('admin.categories.remove', { name: row.original.name })}
              // A category that holds products cannot be deleted (docs/product.md#categories): why, on hover.
              title={
                row.original.productsCount > 0
                  ? t('admin.categories.delete.refused', { count: row.original.productsCount })
                  : undefined
              }
              disabled={row.original.productsCount > 0}
              className="admin-category-danger"
              onClick={() => setOpen({ kind: 'delete', category: row.original })}
              testId="category-delete-open"
            >
              <TrashIcon size={18} />
            </RowAction>
          </span>
        ),
        meta: { align: 'actions' },
      }),
    ],
    [t, intl, setOpen],
  );
}

/**
 * The pager shows only when there is more than one page. A page size the admin chose
 * keeps it, so they can go back to another size even when everything fits on one page.
 */
function CategoriesPager({
  search,
  onSearch,
  pagination,
}: CategoriesPageProps & { pagination: { page: number; limit: number; total: number; totalPages: number } }) {
  const t = useAdminText();
  const { page, limit, total, totalPages } = pagination;
  if (totalPages <= 1 && (search.limit ?? DEFAULT_ADMIN_PAGE_SIZE) === DEFAULT_ADMIN_PAGE_SIZE) return null;
  return (
    <Pager
      page={page}
      totalPages={Math.max(totalPages, 1)}
      summary={t('admin.categories.showing', shownRange(page, limit, total))}
      onPage={(next) => onSearch({ ...search, page: pageParam(next) })}
      limit={{
        value: limit,
        options: ADMIN_PAGE_SIZES,
        onChange: (next) => onSearch({ ...search, limit: limitParam(next), page: undefined }),
      }}
      numbered
      testId="categories-pager"
    />
  );
}

function EmptyCategories({ searched, onAdd }: { searched: string; onAdd: () => void }) {
  const t = useAdminText();
  return (
    <StatePanel
      icon={<InboxIcon size={28} />}
      title={t('admin.categories.empty')}
      text={searched ? t('admin.categories.emptySearch', { search: searched }) : t('admin.categories.emptyHint')}
      actions={
        !searched && (
          <button type="button" className="btn btn-secondary" onClick={onAdd}>
            <PlusIcon size={18} />
            {t('admin.categories.add')}
          </button>
        )
      }
      testId="categories-empty"
    />
  );
}
