import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ArrowBackIcon } from '../../components/ui/icons';
import { EntityHistory } from '../history/EntityHistory';
import { useFormVersion } from '../history/restore';
import { useInPageLanguage } from '../../lib/catalogue-language';
import { useAdminText } from '../i18n';
import { useAdminTitle } from '../layout/useAdminTitle';
import { ProductFormActions, ProductFormFields } from './ProductForm';
import { FormSourcesState, useProductFormSources, type FormSources } from './ProductFormModal';
import { useProductForm } from './useProductForm';

/**
 * /admin/products/new and /admin/products/edit/{id} (docs/product.md#products: one form screen for create and
 * edit). Saving, or Cancel, returns to the list.
 */
export function ProductFormPage({ id }: { id: string | null }) {
  const t = useAdminText();
  const data = useProductFormSources(id);
  const shown = useInPageLanguage();
  // A restore from the history fills the form again, from the restored product.
  const [restores, setRestores] = useState(0);
  const title = t(id === null ? 'admin.products.form.newTitle' : 'admin.products.form.editTitle');
  useAdminTitle(title);
  return (
    <div className="admin-page admin-product-page" data-testid="product-form-page">
      <header className="admin-page-head">
        <div>
          <Link to="/admin/products" className="back-link">
            <ArrowBackIcon size={18} />
            {t('admin.products.form.backToList')}
          </Link>
          <h1 className="admin-page-title">
            {title}
            {data.state === 'ready' && data.product && (
              <>
                {' · '}
                <bdi>{shown(data.product).name}</bdi>
              </>
            )}
          </h1>
        </div>
      </header>
      {data.state === 'ready' ? (
        <LoadedFormPage
          key={`${data.product?.id ?? 'new'}:${restores}`}
          data={data}
          onRestored={() => setRestores((count) => count + 1)}
        />
      ) : (
        <section className="card admin-panel">
          <FormSourcesState data={data} />
        </section>
      )}
    </div>
  );
}

function LoadedFormPage({
  data,
  onRestored,
}: {
  data: Extract<FormSources, { state: 'ready' }>;
  onRestored: () => void;
}) {
  const formId = useId();
  const navigate = useNavigate();
  const backToList = () => void navigate({ to: '/admin/products' });
  const form = useProductForm({ ...data, onSaved: backToList });
  const shownVersion = useFormVersion(data.product?.version, form.stale);
  return (
    <>
      <form id={formId} noValidate onSubmit={form.submit} className="card admin-panel" data-testid="product-form">
        <ProductFormFields
          form={form}
          formId={formId}
          categories={data.categories}
          currentImage={data.product?.featuredImage ?? null}
        />
        <footer className="admin-form-footer">
          <ProductFormActions form={form} formId={formId} onCancel={backToList} />
        </footer>
      </form>
      {data.product && shownVersion !== undefined && (
        <div className="card admin-panel">
          <EntityHistory
            entityType="product"
            entityId={data.product.id}
            headingLevel={2}
            defaultOpen
            restore={{ current: shownVersion, onRestored }}
          />
        </div>
      )}
    </>
  );
}
