import { typedNumberOf } from '@shared/text/constants';
import {
  CHANNELS_MIN,
  DEVICES_MAX,
  DEVICES_MIN,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  QUALITIES,
  UNLIMITED_DEVICES,
  byLanguage,
  type Quality,
} from '@shared/catalogue/constants';
import type { CategoryView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import type { ReactNode } from 'react';
import { AlertIcon, RefreshIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { useAdminText } from '../i18n';
import { LanguageTabs } from '../ui/LanguageTabs';
import { FeaturesField } from './FeaturesField';
import { ImageField } from './ImageField';
import { PriceDurationsEditor } from './PriceDurationsEditor';
import type { PriceProblem } from './price-durations';
import { isFilled, type TextProblem } from './product-form';
import { useProblemText } from './problem-text';
import type { ProductForm } from './useProductForm';

// The one product form (docs/product.md#products): name, description and features in each language (a tab
// each, docs/product.md#catalogue-languages), category, channels, quality, devices, popular / VOD / active,
// image, and the price durations. Native controls throughout, so the keyboard reaches everything;
// each field's problem is written beside it and tied to it (aria-describedby), in the admin's language.

export interface ProductFormFieldsProps {
  form: ProductForm;
  formId: string;
  categories: readonly CategoryView[];
  /** The product's current image, shown until another is chosen. */
  currentImage: string | null;
}

export function ProductFormFields({ form, formId, categories, currentImage }: ProductFormFieldsProps) {
  const t = useAdminText();
  const { values, set, touch, problemOf } = form;
  const id = (field: string) => `${formId}-${field}`;
  const devices = typedNumberOf(values.devices);
  return (
    <div className="admin-product-form">
      {form.stale && (
        <div className="alert alert-warning admin-product-stale" role="status" data-testid="product-form-stale">
          <AlertIcon size={18} />
          <span>{t('admin.products.form.stale')}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={form.reload}>
            <RefreshIcon size={16} />
            {t('admin.products.form.loadLatest')}
          </button>
        </div>
      )}
      <ProductTexts form={form} id={id} />
      <div className="admin-product-form-grid">
        <fieldset className="admin-form-section">
          <legend className="admin-form-legend">{t('admin.products.form.details')}</legend>
          <div className="admin-form-row">
            <Field id={id('category')} label={t('admin.products.form.category')} problem={problemOf('category')}>
              {(described) =>
                categories.length === 0 ? (
                  <p id={id('category')} className="admin-form-static" tabIndex={-1} data-invalid="true">
                    {t('admin.products.error.noCategories')}
                  </p>
                ) : (
                  <select
                    id={id('category')}
                    className="select"
                    value={values.categoryId}
                    aria-invalid={Boolean(problemOf('category'))}
                    aria-describedby={described}
                    onChange={(event) => set('categoryId', event.target.value)}
                    data-testid="product-form-category"
                  >
                    {categories.map((category) => (
                      <option key={category.id} value={category.id}>
                        {category.name}
                      </option>
                    ))}
                  </select>
                )
              }
            </Field>
            <Field id={id('quality')} label={t('admin.products.form.quality')}>
              {() => (
                <select
                  id={id('quality')}
                  className="select"
                  value={values.quality}
                  onChange={(event) => set('quality', event.target.value as Quality)}
                  data-testid="product-form-quality"
                >
                  {QUALITIES.map((quality) => (
                    <option key={quality} value={quality}>
                      {quality}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className="admin-form-row">
            <Field id={id('channels')} label={t('admin.products.form.channels')} problem={problemOf('channels')}>
              {(described) => (
                <input
                  id={id('channels')}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={CHANNELS_MIN}
                  step={1}
                  value={values.channels}
                  aria-invalid={Boolean(problemOf('channels'))}
                  aria-describedby={described}
                  onChange={(event) => set('channels', event.target.value)}
                  onBlur={() => touch('channels')}
                  data-testid="product-form-channels"
                />
              )}
            </Field>
            <Field
              id={id('devices')}
              label={t('admin.products.form.devices')}
              hint={
                <>
                  {t('admin.products.form.devicesHint')}{' '}
                  {Number.isInteger(devices) &&
                    devices >= DEVICES_MIN &&
                    devices <= DEVICES_MAX &&
                    t('admin.products.form.devicesShown', {
                      shown:
                        devices >= UNLIMITED_DEVICES
                          ? t('admin.products.form.devicesUnlimited')
                          : t('admin.products.form.devicesCount', { count: devices }),
                    })}
                </>
              }
              problem={problemOf('devices')}
            >
              {(described) => (
                <input
                  id={id('devices')}
                  className="input"
                  type="number"
                  inputMode="numeric"
                  min={DEVICES_MIN}
                  max={DEVICES_MAX}
                  step={1}
                  value={values.devices}
                  aria-invalid={Boolean(problemOf('devices'))}
                  aria-describedby={described}
                  onChange={(event) => set('devices', event.target.value)}
                  onBlur={() => touch('devices')}
                  data-testid="product-form-devices"
                />
              )}
            </Field>
          </div>
        </fieldset>

        <div className="admin-product-form-side">
          <ImageField
            id={id('image')}
            current={currentImage}
            file={values.image}
            problem={problemOf('image')}
            onChange={(file) => {
              set('image', file);
              touch('image');
            }}
          />
          <fieldset className="admin-form-section">
            <legend className="admin-form-legend">{t('admin.products.form.options')}</legend>
            <OptionBox
              id={id('popular')}
              label={t('admin.products.form.popular')}
              hint={t('admin.products.form.popularHint')}
              checked={values.popular}
              onChange={(checked) => set('popular', checked)}
            />
            <OptionBox
              id={id('vod')}
              label={t('admin.products.form.vod')}
              hint={t('admin.products.form.vodHint')}
              checked={values.vod}
              onChange={(checked) => set('vod', checked)}
            />
            <OptionBox
              id={id('active')}
              label={t('admin.products.form.active')}
              hint={t('admin.products.form.activeHint')}
              checked={values.active}
              onChange={(checked) => set('active', checked)}
            />
          </fieldset>
        </div>
      </div>

      <PriceDurationsEditor
        idPrefix={id('prices')}
        state={values.prices}
        onChange={(prices) => set('prices', prices)}
        listProblem={problemOf('prices')}
        rowProblem={form.rowProblem}
        onRowBlur={(key) => touch(`row:${key}`)}
      />
    </div>
  );
}

/**
 * The product's name, description and features, a tab per language: the shop's default one marked
 * required, each saying whether it is filled. The fields take the language they are written in.
 */
function ProductTexts({ form, id }: { form: ProductForm; id: (field: string) => string }) {
  const t = useAdminText();
  const { language, defaultLanguage } = form;
  const text = form.values.texts[language];
  const field = (name: string) => id(`${language}-${name}`);
  const problem = textProblemText(t, form.textProblem(language), language);
  return (
    <fieldset className="admin-form-section admin-product-texts" data-testid="product-form-texts">
      <legend className="admin-form-legend">{t('admin.products.form.texts')}</legend>
      <p className="field-hint">
        {t('admin.products.form.textsHint', { language: t(`admin.language.${defaultLanguage}`) })}
      </p>
      <LanguageTabs
        selected={language}
        onSelect={form.setLanguage}
        required={defaultLanguage}
        filled={byLanguage((of) => isFilled(form.values.texts[of]))}
        invalid={byLanguage((of) => form.textProblem(of))}
        testId="product-form-language"
      >
        <Field id={field('name')} label={t('admin.products.form.name')} problem={problem}>
          {(described) => (
            <input
              id={field('name')}
              className="input"
              value={text.name}
              maxLength={PRODUCT_NAME_MAX}
              autoComplete="off"
              aria-required={language === defaultLanguage}
              aria-invalid={Boolean(problem)}
              aria-describedby={described}
              onChange={(event) => form.setText(language, { ...text, name: event.target.value })}
              onBlur={() => form.touch(`text:${language}`)}
              lang={language}
              dir="auto"
              data-autofocus
              data-testid="product-form-name"
            />
          )}
        </Field>
        <Field id={field('description')} label={t('admin.products.form.description')}>
          {(described) => (
            <textarea
              id={field('description')}
              className="textarea"
              rows={4}
              value={text.description}
              maxLength={PRODUCT_DESCRIPTION_MAX}
              aria-describedby={described}
              onChange={(event) => form.setText(language, { ...text, description: event.target.value })}
              lang={language}
              dir="auto"
              data-testid="product-form-description"
            />
          )}
        </Field>
        <FeaturesField
          idPrefix={field('features')}
          language={language}
          features={text.features}
          onChange={(features) => form.setText(language, { ...text, features })}
        />
      </LanguageTabs>
    </fieldset>
  );
}

/** A language's problem in the admin's language: the rules' (by key, naming the language), or the server's words. */
function textProblemText(
  t: ReturnType<typeof useAdminText>,
  problem: TextProblem | string | undefined,
  language: Language,
): string | undefined {
  if (problem === undefined || (problem !== 'translationNameRequired' && problem !== 'defaultLanguageRequired'))
    return problem;
  return t(`admin.products.error.${problem}`, { language: t(`admin.language.${language}`) });
}

/** Cancel and the save button (which submits the form by its id, wherever it is drawn). */
export function ProductFormActions({
  form,
  formId,
  onCancel,
}: {
  form: ProductForm;
  formId: string;
  onCancel: () => void;
}) {
  const t = useAdminText();
  return (
    <div className="admin-form-actions">
      {form.blocked && (
        <p className="field-error admin-form-blocked" role="alert">
          {t('admin.products.form.fix')}
        </p>
      )}
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={form.saving}>
        {t('admin.list.cancel')}
      </button>
      <button
        type="submit"
        form={formId}
        className="btn btn-primary"
        disabled={form.saving}
        data-testid="product-form-save"
      >
        {form.saving && <Spinner size="sm" />}
        {t(
          form.saving
            ? 'admin.products.form.saving'
            : form.isNew
              ? 'admin.products.form.create'
              : 'admin.products.form.save',
        )}
      </button>
    </div>
  );
}

/** A labelled field with its hint and its problem, both read out with the control. */
export function Field(props: {
  id: string;
  label: string;
  hint?: ReactNode;
  problem?: PriceProblem | string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const text = useProblemText();
  const { id, hint, problem } = props;
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        {props.label}
      </label>
      {props.children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-error`} className="field-error" data-testid={`product-form-${id.split('-').pop()}-error`}>
          {text(problem)}
        </p>
      )}
    </div>
  );
}

function OptionBox(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="admin-option">
      <input
        id={props.id}
        type="checkbox"
        className="admin-checkbox"
        checked={props.checked}
        aria-describedby={`${props.id}-hint`}
        onChange={(event) => props.onChange(event.target.checked)}
        data-testid={`product-form-${props.id.split('-').pop()}`}
      />
      <label htmlFor={props.id} className="admin-option-label">
        <span className="label">{props.label}</span>
        <span id={`${props.id}-hint`} className="field-hint">
          {props.hint}
        </span>
      </label>
    </div>
  );
}
