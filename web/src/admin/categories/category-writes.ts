import type { CategoryView } from '@shared/catalogue/types';
import { categoryFormData, type CategoryForm, type CategoryWriteResult } from '../api/categories';
import { categoryKeys, productKeys } from '../api/keys';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText } from '../i18n';
import { markLocalChange } from '../live/local-changes';

// The three changes an admin makes to a category (docs/product.md#categories). An edit and a delete send the
// version the list showed as If-Match: a stale one gets the shared conflict dialog, never a save
// over another admin's change. Products show their category's name, so they are refetched too.

const touched = () => [categoryKeys.all, productKeys.all];
const path = (id?: string) => `/api/admin/categories${id ? `/${encodeURIComponent(id)}` : ''}`;

export function useCreateCategory() {
  const t = useAdminText();
  return useVersionedWrite<CategoryForm, CategoryWriteResult>({
    request: (form) => ({ path: path(), method: 'POST', body: categoryFormData(form) }),
    invalidates: touched,
    success: (result) => t('admin.categories.created', { name: result.category.name }),
    failure: () => t('admin.categories.createFailed'),
    // Its id is known only now: its live event, still on its way or just in, is this admin's own.
    onSuccess: (result) => markLocalChange('categories', result.category.id),
  });
}

export interface CategoryEdit {
  /** The category as the list showed it when the form opened (its version is what is sent). */
  category: CategoryView;
  form: CategoryForm;
}

export function useUpdateCategory() {
  const t = useAdminText();
  return useVersionedWrite<CategoryEdit, CategoryWriteResult>({
    request: ({ category, form }) => ({
      path: path(category.id),
      method: 'PUT',
      body: categoryFormData(form),
      version: category.version,
    }),
    item: ({ category }) => ({ area: 'categories', id: category.id }),
    invalidates: touched,
    success: (result) => t('admin.categories.updated', { name: result.category.name }),
    failure: () => t('admin.categories.updateFailed'),
  });
}

export function useDeleteCategory() {
  const t = useAdminText();
  return useVersionedWrite<CategoryView>({
    request: (category) => ({ path: path(category.id), method: 'DELETE', version: category.version }),
    item: (category) => ({ area: 'categories', id: category.id }),
    invalidates: touched,
    success: (_, category) => t('admin.categories.deleted', { name: category.name }),
    failure: () => t('admin.categories.deleteFailed'),
  });
}
