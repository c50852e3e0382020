import { problemInPageLanguage } from '../../i18n/error-text';
import type { CategoryView, ProductView } from '@shared/catalogue/types';
import { useId, useState } from 'react';
import { AlertIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { useAdminText } from '../i18n';
import { Modal } from '../ui/Modal';
import { useBulkProducts, type BulkAction, type BulkResult } from './writes';

// The bulk actions dialog (docs/product.md#products):
// delete the selection or move it to another category, in one request. Each product succeeds or
// fails on its own; the result says how many were done and names any that failed, with the reason.

export interface BulkActionsModalProps {
  open: boolean;
  /** The selected products. */
  products: ProductView[];
  categories: readonly CategoryView[];
  /** The most the server takes in one request. */
  max: number;
  onClose: () => void;
  /** After the request: the ids that failed (still selected), none when all went through. */
  onDone: (failedIds: string[]) => void;
}

export function BulkActionsModal(props: BulkActionsModalProps) {
  return props.open ? <OpenBulkModal {...props} /> : null;
}

function OpenBulkModal({ products, categories, max, onClose, onDone }: BulkActionsModalProps) {
  const t = useAdminText();
  const formId = useId();
  const [action, setAction] = useState<BulkAction>('changeCategory');
  const [categoryId, setCategoryId] = useState(categories[0]?.id ?? '');
  const [failures, setFailures] = useState<{ name: string; message: string }[]>([]);
  const [missingCategory, setMissingCategory] = useState(false);
  const bulk = useBulkProducts((result: BulkResult) => {
    const names = new Map(products.map((p) => [p.id, p.name]));
    setFailures(result.failed.map((f) => ({ name: names.get(f.id) ?? f.id, message: problemInPageLanguage(f) })));
    onDone(result.failed.map((f) => f.id));
  });
  const tooMany = products.length > max;
  const category = categories.find((c) => c.id === categoryId);

  const apply = () => {
    if (action === 'changeCategory' && !category) return setMissingCategory(true);
    setFailures([]);
    bulk.mutate({
      action,
      ids: products.map((p) => p.id),
      ...(action === 'changeCategory' && category ? { category: { id: category.id, name: category.name } } : {}),
    });
  };

  return (
    <Modal
      open
      onClose={() => !bulk.isPending && onClose()}
      size="md"
      title={t('admin.products.bulk.title')}
      testId="products-bulk-modal"
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={bulk.isPending} onClick={onClose}>
            {t('admin.list.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`btn ${action === 'delete' ? 'btn-danger' : 'btn-primary'}`}
            disabled={bulk.isPending || tooMany || products.length === 0}
            data-testid="products-bulk-apply"
          >
            {bulk.isPending && <Spinner size="sm" />}
            {t(bulk.isPending ? 'admin.products.bulk.applying' : 'admin.products.bulk.apply')}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="admin-bulk-form"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        <p className="admin-bulk-count">{t('admin.products.selected', { count: products.length })}</p>
        {tooMany && (
          <p className="field-error" role="alert">
            {t('admin.products.bulk.tooMany', { max })}
          </p>
        )}
        <fieldset className="admin-choice-group">
          <legend className="label">{t('admin.products.bulk.action')}</legend>
          <label className="admin-choice">
            <input
              type="radio"
              name={`${formId}-action`}
              value="changeCategory"
              checked={action === 'changeCategory'}
              onChange={() => setAction('changeCategory')}
              data-testid="products-bulk-move"
            />
            {t('admin.products.bulk.move')}
          </label>
          <label className="admin-choice">
            <input
              type="radio"
              name={`${formId}-action`}
              value="delete"
              checked={action === 'delete'}
              onChange={() => setAction('delete')}
              data-testid="products-bulk-delete"
            />
            {t('admin.products.bulk.delete')}
          </label>
        </fieldset>
        {action === 'changeCategory' ? (
          <div className="field">
            <label className="label" htmlFor={`${formId}-category`}>
              {t('admin.products.bulk.target')}
            </label>
            <select
              id={`${formId}-category`}
              className="select"
              value={categoryId}
              aria-invalid={missingCategory && !category}
              aria-describedby={missingCategory && !category ? `${formId}-category-error` : undefined}
              onChange={(event) => setCategoryId(event.target.value)}
              data-testid="products-bulk-category"
            >
              {categories.length === 0 && <option value="">{t('admin.products.error.noCategories')}</option>}
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {missingCategory && !category && (
              <p id={`${formId}-category-error`} className="field-error">
                {t(categories.length ? 'admin.products.bulk.chooseCategory' : 'admin.products.error.noCategories')}
              </p>
            )}
          </div>
        ) : (
          <p className="admin-bulk-warning">
            <AlertIcon size={18} />
            {t('admin.products.bulk.deleteWarning')}
          </p>
        )}
        {failures.length > 0 && (
          <div className="admin-bulk-failures" role="alert" data-testid="products-bulk-failures">
            <p className="admin-bulk-failures-title">
              {t('admin.products.bulk.failedTitle', { count: failures.length })}
            </p>
            <ul>
              {failures.map((failure) => (
                <li key={failure.name}>
                  <bdi>{failure.name}</bdi>: {failure.message}
                </li>
              ))}
            </ul>
            <p className="field-hint">{t('admin.products.bulk.failedHint')}</p>
          </div>
        )}
      </form>
    </Modal>
  );
}
