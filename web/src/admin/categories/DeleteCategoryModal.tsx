import { useState } from 'react';
import type { CategoryView } from '@shared/catalogue/types';
import { AlertIcon } from '../../components/ui/icons';
import { conflictOf } from '../api/client';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { productsInTheWay } from './category-form';
import { useDeleteCategory } from './category-writes';

// Delete Category (docs/product.md#categories): warns that it may affect associated products and says how many the
// category holds. The server refuses while it holds any (it counts them at that moment): the
// refusal shows here, with its count, and the category stays.

export interface DeleteCategoryModalProps {
  /** The category as the list showed it when the modal opened (its version is sent). */
  category: CategoryView;
  /** How many products it holds as the list shows now (live updates may change it). */
  productsCount: number;
  onClose: () => void;
}

export function DeleteCategoryModal({ category, productsCount, onClose }: DeleteCategoryModalProps) {
  const t = useAdminText();
  const remove = useDeleteCategory();
  const [refused, setRefused] = useState<number | null>(null);
  const count = refused ?? productsCount;
  const confirm = () =>
    remove.mutate(category, {
      onSuccess: onClose,
      onError: (error) => {
        // A stale version: the conflict dialog takes over.
        if (conflictOf(error)) return onClose();
        setRefused(productsInTheWay(error));
      },
    });
  return (
    <ConfirmModal
      open
      onClose={onClose}
      danger
      size="md"
      title={t('admin.categories.delete.title')}
      confirmLabel={t('admin.list.delete')}
      busyLabel={t('admin.list.deleting')}
      busy={remove.isPending}
      onConfirm={confirm}
      testId="category-delete"
    >
      <div className="admin-category-delete-body">
        <p>{t('admin.categories.delete.confirm', { name: category.name })}</p>
        <p className="admin-category-delete-count" data-testid="category-delete-count">
          {t('admin.categories.delete.count', { count })}
        </p>
        {refused !== null ? (
          <p
            className="admin-category-callout admin-category-callout-danger"
            role="alert"
            data-testid="category-delete-refused"
          >
            <AlertIcon size={18} aria-hidden="true" />
            <span>{t('admin.categories.delete.refused', { count: refused })}</span>
          </p>
        ) : (
          count > 0 && (
            <p className="admin-category-callout" data-testid="category-delete-warning">
              <AlertIcon size={18} aria-hidden="true" />
              <span>{t('admin.categories.delete.holds')}</span>
            </p>
          )
        )}
      </div>
    </ConfirmModal>
  );
}
