import type { CategoryView, ProductView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, type ReactNode } from 'react';
import { isNotFound } from '../../api/http';
import { AlertIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { StatePanel } from '../../components/ui/StatePanel';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { productCategoriesQuery, productQuery } from '../api/products';
import { catalogueLanguageQuery } from '../api/catalogue-language';
import { useAdminText } from '../i18n';
import { Modal } from '../ui/Modal';
import { ProductFormActions, ProductFormFields } from './ProductForm';
import { useProductForm } from './useProductForm';

// The product form's data (the product, when editing, the categories, named in the admin's
// language, and the shop's default language) and its two frames: a modal over the list, and a page
// of its own (ProductFormPage).

export type FormSources =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; retry: () => void }
  | {
      state: 'ready';
      product: ProductView | null;
      answeredAt: number;
      categories: CategoryView[];
      /** The shop's default language: the form requires its text. */
      defaultLanguage: Language;
    };

/** The product (when `id` is set) and every category, with their loading, missing and failed states. */
export function useProductFormSources(id: string | null): FormSources {
  const product = useQuery({ ...productQuery(id ?? ''), enabled: id !== null });
  const categories = useQuery(productCategoriesQuery());
  const shop = useQuery(catalogueLanguageQuery());
  const shown = useInPageLanguage();
  const named = useMemo(() => categories.data?.map(shown), [categories.data, shown]);
  if (id !== null && isNotFound(product.error)) return { state: 'missing' };
  const failed =
    (id !== null && product.isError && !product.data) ||
    (categories.isError && !categories.data) ||
    (shop.isError && !shop.data);
  if (failed) {
    return {
      state: 'failed',
      retry: () => {
        if (id !== null) void product.refetch();
        void categories.refetch();
        void shop.refetch();
      },
    };
  }
  if ((id !== null && !product.data) || !named || !shop.data) return { state: 'loading' };
  return {
    state: 'ready',
    product: id !== null ? product.data! : null,
    answeredAt: product.dataUpdatedAt,
    categories: named,
    defaultLanguage: shop.data.defaultLanguage,
  };
}

/** What stands in the form's place until it can be shown. */
export function FormSourcesState({ data }: { data: Exclude<FormSources, { state: 'ready' }> }) {
  const t = useAdminText();
  if (data.state === 'loading') {
    return (
      <div className="admin-product-loading" role="status" data-testid="product-form-loading">
        <Spinner size="sm" />
        <span>{t('admin.products.form.loading')}</span>
      </div>
    );
  }
  if (data.state === 'missing') {
    return (
      <StatePanel
        icon={<AlertIcon size={28} />}
        title={t('admin.products.form.notFound')}
        text={t('admin.products.form.notFoundText')}
        testId="product-form-missing"
      />
    );
  }
  return (
    <StatePanel
      tone="error"
      icon={<AlertIcon size={28} />}
      title={t('admin.error.title')}
      text={t('admin.products.loadFailed')}
      actions={
        <button type="button" className="btn btn-primary" onClick={data.retry}>
          {t('admin.list.tryAgain')}
        </button>
      }
      testId="product-form-error"
    />
  );
}

/** The form over the list (?form=new or ?form={id}): closes once saved. */
export function ProductFormModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useAdminText();
  const data = useProductFormSources(id);
  const title = t(id === null ? 'admin.products.form.newTitle' : 'admin.products.form.editTitle');
  if (data.state !== 'ready') {
    return (
      <FormModal title={title} onClose={onClose}>
        <FormSourcesState data={data} />
      </FormModal>
    );
  }
  // A form per product: its state starts from that product.
  return <LoadedFormModal key={data.product?.id ?? 'new'} data={data} title={title} onClose={onClose} />;
}

function LoadedFormModal({
  data,
  title,
  onClose,
}: {
  data: Extract<FormSources, { state: 'ready' }>;
  title: string;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useProductForm({ ...data, onSaved: onClose });
  return (
    <FormModal
      title={title}
      onClose={() => !form.saving && onClose()}
      footer={<ProductFormActions form={form} formId={formId} onCancel={onClose} />}
    >
      <form id={formId} noValidate onSubmit={form.submit} data-testid="product-form">
        <ProductFormFields
          form={form}
          formId={formId}
          categories={data.categories}
          currentImage={data.product?.featuredImage ?? null}
        />
      </form>
    </FormModal>
  );
}

function FormModal(props: { title: string; onClose: () => void; footer?: ReactNode; children: ReactNode }) {
  return (
    <Modal open size="xl" title={props.title} onClose={props.onClose} footer={props.footer} testId="product-form-modal">
      {props.children}
    </Modal>
  );
}
