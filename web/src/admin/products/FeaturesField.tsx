import { FEATURE_MAX } from '@shared/catalogue/constants';
import { useEffect, useRef } from 'react';
import { CloseIcon, PlusIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { canAddFeature, featureRow, type FeatureRow } from './product-form';
import type { PriceProblem } from './price-durations';
import { useProblemText } from './problem-text';

/** The product's features in one language, one text each (blank ones are dropped on save). */
export function FeaturesField(props: {
  idPrefix: string;
  /** The language they are written in. */
  language?: string;
  features: FeatureRow[];
  onChange: (features: FeatureRow[]) => void;
  problem?: PriceProblem | string;
}) {
  const t = useAdminText();
  const problemText = useProblemText();
  const { idPrefix, language, features, onChange, problem } = props;
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // After adding or removing, focus goes to the new field or back to "Add a feature".
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    pendingFocus.current = null;
    if (key === '') return addButton.current?.focus();
    list.current?.querySelector<HTMLInputElement>(`[data-feature="${key}"]`)?.focus();
  });

  const update = (key: string, text: string) =>
    onChange(features.map((row) => (row.key === key ? { ...row, text } : row)));
  const add = () => {
    const row = featureRow();
    pendingFocus.current = row.key;
    onChange([...features, row]);
  };
  const remove = (key: string) => {
    pendingFocus.current = '';
    onChange(features.filter((row) => row.key !== key));
  };

  return (
    <fieldset
      className="admin-form-section admin-features"
      aria-describedby={`${idPrefix}-hint${problem ? ` ${idPrefix}-error` : ''}`}
    >
      <legend className="admin-form-legend">{t('admin.products.form.features')}</legend>
      <p id={`${idPrefix}-hint`} className="field-hint">
        {t('admin.products.form.featuresHint')}
      </p>
      <ol className="admin-feature-list" ref={list}>
        {features.map((row, index) => (
          <li key={row.key} className="admin-feature-row">
            <input
              className="input"
              data-feature={row.key}
              aria-label={t('admin.products.form.feature', { number: index + 1 })}
              value={row.text}
              maxLength={FEATURE_MAX}
              lang={language}
              dir="auto"
              onChange={(event) => update(row.key, event.target.value)}
              data-testid="product-form-feature"
            />
            <button
              type="button"
              className="icon-btn"
              aria-label={t('admin.products.form.removeFeature', { number: index + 1 })}
              title={t('admin.products.form.removeFeature', { number: index + 1 })}
              onClick={() => remove(row.key)}
            >
              <CloseIcon size={18} />
            </button>
          </li>
        ))}
      </ol>
      <div>
        <button
          ref={addButton}
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={add}
          disabled={!canAddFeature(features)}
          data-testid="product-form-add-feature"
        >
          <PlusIcon size={16} />
          {t('admin.products.form.addFeature')}
        </button>
      </div>
      {problem && (
        <p id={`${idPrefix}-error`} className="field-error">
          {problemText(problem)}
        </p>
      )}
    </fieldset>
  );
}
