import { useQueryClient } from '@tanstack/react-query';
import type { ProductView } from '@shared/catalogue/types';
import { categoryKeys, dashboardKeys, productKeys } from '../api/keys';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText } from '../i18n';
import { productFormData, type ProductFormValues } from './product-form';

// Every change an admin makes to products (docs/product.md#products): save (create or edit, multipart), delete,
// switch active, and the bulk actions. Single-product writes send the version the screen showed
// (If-Match); a stale one gets the shared conflict dialog and nothing is overwritten.

export type ProductRef = Pick<ProductView, 'id' | 'name' | 'version'>;

/** A product change moves category counts and the dashboard's figures too. */
const TOUCHED = [productKeys.all, categoryKeys.all, dashboardKeys.all];

const productPath = (id: string) => `/api/admin/products/${encodeURIComponent(id)}`;

export interface SaveProduct {
  /** The product edited, at the version the form was filled from; absent for a new product. */
  product?: ProductRef;
  values: ProductFormValues;
}

export function useSaveProduct(onSaved: (product: ProductView, created: boolean) => void) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<SaveProduct, { product: ProductView }>({
    request: ({ product, values }) => ({
      path: product ? productPath(product.id) : '/api/admin/products',
      method: product ? 'PUT' : 'POST',
      body: productFormData(values),
      version: product?.version,
    }),
    item: ({ product }) => ({ area: 'products', id: product?.id ?? 'new' }),
    invalidates: () => TOUCHED,
    success: (result, { product }) =>
      t(product ? 'admin.products.updated' : 'admin.products.created', { name: result.product.name }),
    failure: ({ product }) => t(product ? 'admin.products.updateFailed' : 'admin.products.createFailed'),
    onSuccess: (result, { product }) => {
      queryClient.setQueryData(productKeys.detail(result.product.id), result.product);
      onSaved(result.product, !product);
    },
  });
}

export function useDeleteProduct(onDeleted: (product: ProductRef) => void) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<ProductRef>({
    request: (product) => ({ path: productPath(product.id), method: 'DELETE', version: product.version }),
    item: (product) => ({ area: 'products', id: product.id }),
    invalidates: () => TOUCHED,
    success: (_, product) => t('admin.products.deleted', { name: product.name }),
    failure: () => t('admin.products.deleteFailed'),
    onSuccess: (_, product) => {
      // Gone: its detail is not fetched again (it would answer 404).
      queryClient.removeQueries({ queryKey: productKeys.detail(product.id) });
      onDeleted(product);
    },
  });
}

/** The status badge's change: active on or off, nothing else. */
export function useToggleProduct(onDone: () => void) {
  const t = useAdminText();
  return useVersionedWrite<ProductRef & { active: boolean }, { product: ProductView }>({
    request: (product) => ({
      path: productPath(product.id),
      method: 'PUT',
      body: { active: !product.active },
      version: product.version,
    }),
    item: (product) => ({ area: 'products', id: product.id }),
    invalidates: () => TOUCHED,
    success: (result) => t('admin.products.updated', { name: result.product.name }),
    failure: () => t('admin.products.updateFailed'),
    onSuccess: () => onDone(),
  });
}

export type BulkAction = 'delete' | 'changeCategory';

export interface BulkRequest {
  action: BulkAction;
  ids: string[];
  /** For changeCategory: the category, and its name for the result message. */
  category?: { id: string; name: string };
}

export interface BulkResult {
  message: string;
  succeeded: string[];
  failed: { id: string; status: number; code: string; params?: Record<string, unknown>; message: string }[];
}

/** `POST /api/admin/products/bulk`: one request for the whole selection; each product succeeds or fails alone. */
export function useBulkProducts(onDone: (result: BulkResult, request: BulkRequest) => void) {
  const t = useAdminText();
  return useVersionedWrite<BulkRequest, BulkResult>({
    request: ({ action, ids, category }) => ({
      path: '/api/admin/products/bulk',
      method: 'POST',
      body: { action, ids, ...(category ? { categoryId: category.id } : {}) },
    }),
    invalidates: () => TOUCHED,
    success: (result, { action, category }) => {
      const count = result.succeeded.length;
      if (count === 0) return undefined;
      return action === 'delete'
        ? t('admin.products.bulk.deleted', { count })
        : t('admin.products.bulk.moved', { count, category: category?.name ?? '' });
    },
    failure: ({ action }) =>
      t(action === 'delete' ? 'admin.products.bulk.deleteFailed' : 'admin.products.bulk.moveFailed'),
    onSuccess: onDone,
  });
}
