import type { ProductView } from '@shared/catalogue/types';
import { cardPrice } from '../../api/products';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useRef, type InputHTMLAttributes } from 'react';
import { ProductImage } from '../../components/product/ProductImage';
import { TrashIcon } from '../../components/ui/icons';
import { useFormatPrice } from '../../i18n/I18nProvider';
import { useDurationLabel } from '../../i18n/useDurationLabel';
import { useAdminText } from '../i18n';
import { EditIcon } from '../ui/icons';
import { RowAction } from '../ui/list/RowAction';

const column = createColumnHelper<ProductView>();

export interface ProductRowActions {
  onPrices: (product: ProductView) => void;
  onToggle: (product: ProductView) => void;
  onEdit: (product: ProductView) => void;
  onDelete: (product: ProductView) => void;
}

/**
 * The list (docs/product.md#products): a checkbox (and one for the whole page), image, name, category, price and
 * duration (opening the prices modal), quality, the status badge (a button: active on or off after
 * a confirmation), edit and delete.
 */
export function useProductColumns({ onPrices, onToggle, onEdit, onDelete }: ProductRowActions) {
  const t = useAdminText();
  const price = useFormatPrice();
  const durationLabel = useDurationLabel();
  return useMemo(
    () => [
      column.display({
        id: 'select',
        header: ({ table }) => (
          <Checkbox
            aria-label={t('admin.products.selectPage')}
            checked={table.getIsAllPageRowsSelected()}
            indeterminate={table.getIsSomePageRowsSelected()}
            onChange={(event) => table.toggleAllPageRowsSelected(event.target.checked)}
            data-testid="products-select-page"
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={t('admin.products.selectRow', { name: row.original.name })}
            checked={row.getIsSelected()}
            onChange={(event) => row.toggleSelected(event.target.checked)}
            data-testid="product-select"
          />
        ),
      }),
      column.accessor('thumbnailImage', {
        header: t('admin.products.col.image'),
        cell: ({ row }) => (
          // The name is beside it: the picture adds nothing to read out.
          <ProductImage
            src={row.original.thumbnailImage ?? row.original.featuredImage}
            renditions={row.original.imageRenditions}
            slot="adminProduct"
            alt=""
            className="admin-product-thumb"
          />
        ),
      }),
      column.accessor('name', {
        header: t('admin.products.col.name'),
        cell: ({ row }) => {
          const product = row.original;
          return (
            <span className="admin-cell-stack">
              <span className="admin-product-name" lang={product.language} dir="auto" data-testid="product-name">
                {product.name}
              </span>
              {(product.popular || product.vod) && (
                <span className="admin-product-flags">
                  {product.popular && <span className="badge badge-primary">{t('admin.products.popular')}</span>}
                  {product.vod && <span className="badge">{t('admin.products.vod')}</span>}
                </span>
              )}
            </span>
          );
        },
      }),
      column.accessor('category_name', {
        header: t('admin.products.col.category'),
        cell: (info) => (
          <span dir="auto" data-testid="product-category">
            {info.getValue() ?? t('admin.products.noCategory')}
          </span>
        ),
      }),
      column.accessor('price', {
        header: t('admin.products.col.price'),
        cell: ({ row }) => {
          const product = row.original;
          const count = product.priceDurations.length;
          // The first paid duration, as the store's cards show it: a free trial is a badge, never "0 Da".
          const shown = cardPrice(product);
          return (
            <span className="admin-cell-stack">
              <span data-testid="product-price">
                {t('admin.products.priceFor', {
                  price: price(shown.price),
                  duration: durationLabel(shown.duration),
                })}
              </span>
              {shown.hasFreeTrial && (
                <span className="badge badge-success" data-testid="product-free-trial">
                  {t('admin.order.trial')}
                </span>
              )}
              <button
                type="button"
                className="link-button admin-cell-sub"
                aria-label={t('admin.products.viewPrices', { name: product.name, count })}
                onClick={() => onPrices(product)}
                data-testid="product-prices"
              >
                {t('admin.products.durations', { count })}
              </button>
            </span>
          );
        },
      }),
      column.accessor('quality', {
        header: t('admin.products.col.quality'),
        cell: (info) => <span className="badge">{info.getValue()}</span>,
      }),
      column.accessor('active', {
        header: t('admin.products.col.status'),
        cell: ({ row }) => {
          const product = row.original;
          const status = t(product.active ? 'admin.products.status.active' : 'admin.products.status.inactive');
          return (
            <button
              type="button"
              className={`badge admin-status-toggle ${product.active ? 'badge-success' : 'badge-danger'}`}
              aria-label={t('admin.products.status.change', { name: product.name, status })}
              onClick={() => onToggle(product)}
              data-testid="product-status"
              data-active={product.active}
            >
              {status}
            </button>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('admin.list.actions')}</span>,
        meta: { align: 'actions' },
        cell: ({ row }) => {
          const product = row.original;
          return (
            <span className="admin-row-actions">
              <RowAction
                label={t('admin.products.edit', { name: product.name })}
                onClick={() => onEdit(product)}
                testId="product-edit"
              >
                <EditIcon size={18} />
              </RowAction>
              <RowAction
                label={t('admin.products.delete', { name: product.name })}
                className="icon-btn-danger"
                onClick={() => onDelete(product)}
                testId="product-delete"
              >
                <TrashIcon size={18} />
              </RowAction>
            </span>
          );
        },
      }),
    ],
    [t, price, durationLabel, onPrices, onToggle, onEdit, onDelete],
  );
}

/** A checkbox that can also show "some selected" (indeterminate, which has no HTML attribute). */
function Checkbox({
  indeterminate = false,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !props.checked;
  }, [indeterminate, props.checked]);
  return <input ref={ref} type="checkbox" className="admin-checkbox" {...props} />;
}
