import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, byLanguage } from '@shared/catalogue/constants';
import type { CategoryText, CategoryView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import { mediaUrl } from '../../api/products';
import { Spinner } from '../../components/ui/Spinner';
import { conflictOf } from '../api/client';
import { categoryTexts, isCategoryTextFilled, type CategoryForm } from '../api/categories';
import { catalogueLanguageQuery } from '../api/catalogue-language';
import { EntityHistory } from '../history/EntityHistory';
import { useAdminText } from '../i18n';
import { LanguageTabs } from '../ui/LanguageTabs';
import { ListError } from '../ui/list/ListError';
import { Modal } from '../ui/Modal';
import {
  IMAGE_ACCEPT,
  formProblems,
  imageProblem,
  languageWithProblem,
  serverProblems,
  type CategoryField,
  type FieldProblem,
  type FieldProblems,
} from './category-form';
import { useCreateCategory, useUpdateCategory } from './category-writes';

// Add Category and Edit Category (docs/product.md#categories): a name and description in each language (a tab
// each, the shop's default one required: docs/product.md#catalogue-languages), image with a preview,
// checked (type, 2 MB) as soon as it is chosen. The modal stays open on a refused save, with the
// problem next to its field; a stale edit closes it behind the shared conflict dialog, so the
// admin reloads and sees the other admin's change before making theirs again.

export interface CategoryFormModalProps {
  /** The category to edit, as the list showed it; null to add one. */
  category: CategoryView | null;
  onClose: () => void;
}

export function CategoryFormModal(props: CategoryFormModalProps) {
  const t = useAdminText();
  // The shop's default language, whose name is required: known before the form shows.
  const shop = useQuery(catalogueLanguageQuery());
  if (shop.data) return <CategoryFormFields {...props} defaultLanguage={shop.data.defaultLanguage} />;
  return (
    <Modal
      open
      onClose={props.onClose}
      size="md"
      title={t(props.category ? 'admin.categories.form.editTitle' : 'admin.categories.form.addTitle')}
      testId="category-form"
    >
      {shop.isError ? (
        <ListError
          text={t('admin.categories.form.loadFailed')}
          onRetry={() => void shop.refetch()}
          testId="category-form-error"
        />
      ) : (
        <p className="admin-category-loading" role="status">
          <Spinner size="sm" /> {t('admin.categories.form.loading')}
        </p>
      )}
    </Modal>
  );
}

function CategoryFormFields({
  category: opened,
  onClose,
  defaultLanguage,
}: CategoryFormModalProps & { defaultLanguage: Language }) {
  const t = useAdminText();
  // The category as last known here: as opened, or as a restore from its history left it.
  const [category, setCategory] = useState(opened);
  const formId = useId();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const busy = create.isPending || update.isPending;
  const [form, setForm] = useState<CategoryForm>({ texts: categoryTexts(category), image: null });
  const [problems, setProblems] = useState<FieldProblems>({});
  /** The language whose fields show (its tab), the default one first. */
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const languageName = (of: Language) => t(`admin.language.${of}`);

  const change = (field: keyof CategoryText) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const text = { ...form.texts[language], [field]: event.target.value };
    setForm((previous) => ({ ...previous, texts: { ...previous.texts, [language]: text } }));
    setProblems(({ [`${field}.${language}` as CategoryField]: _, ...others }) => others);
  };

  const chooseImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && imageProblem(file);
    // A refused file is not kept: the one shown (or none) stays.
    if (problem) event.target.value = '';
    setForm((previous) => ({ ...previous, image: problem ? null : file }));
    setProblems(({ image: _, ...others }) => (problem ? { ...others, image: problem } : others));
  };

  /** Shows the problems, opening the first language that has one, and focuses the first field wrong. */
  const showProblems = (found: FieldProblems) => {
    const wrong = languageWithProblem(found, defaultLanguage);
    flushSync(() => {
      setProblems(found);
      if (wrong) setLanguage(wrong);
    });
    const first = (['name', 'description'] as const).find((field) => wrong && found[`${field}.${wrong}`]) ?? 'image';
    if (first !== 'image' || found.image) document.getElementById(`${formId}-${first}`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // A refused image was not kept: the save goes on without it, its message still showing.
    const found = formProblems(form, defaultLanguage, languageName);
    if (Object.keys(found).length) return showProblems({ ...found, ...(problems.image && { image: problems.image }) });
    const settled = {
      onSuccess: onClose,
      onError: (error: Error) => (conflictOf(error) ? onClose() : showProblems(serverProblems(error))),
    };
    if (category) update.mutate({ category, form }, settled);
    else create.mutate(form, settled);
  };

  const text = (problem: FieldProblem) => ('text' in problem ? problem.text : t(problem.id, problem.values));
  /** A field's id is its name alone: only the open language's fields are on the page. */
  const idOf = (name: CategoryField) => `${formId}-${name.split('.')[0]}`;
  const field = (name: CategoryField) => ({
    id: idOf(name),
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby':
      [name === 'image' && `${formId}-image-hint`, problems[name] && `${idOf(name)}-error`].filter(Boolean).join(' ') ||
      undefined,
  });
  const problemText = (name: CategoryField) =>
    problems[name] && (
      <p id={`${idOf(name)}-error`} className="field-error" data-testid={`category-${name.split('.')[0]}-error`}>
        {text(problems[name])}
      </p>
    );
  const current = form.texts[language];

  return (
    <Modal
      open
      onClose={() => !busy && onClose()}
      size="md"
      title={t(category ? 'admin.categories.form.editTitle' : 'admin.categories.form.addTitle')}
      testId="category-form"
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
            {t('admin.list.cancel')}
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={busy} data-testid="category-save">
            {busy && <Spinner size="sm" />}
            {t(
              busy
                ? 'admin.categories.form.saving'
                : category
                  ? 'admin.categories.form.save'
                  : 'admin.categories.form.create',
            )}
          </button>
        </>
      }
    >
      <form id={formId} className="admin-category-form" onSubmit={submit} noValidate>
        <fieldset className="admin-form-section admin-category-texts" data-testid="category-texts">
          <legend className="admin-form-legend">{t('admin.categories.form.texts')}</legend>
          <p className="field-hint">
            {t('admin.categories.form.textsHint', { language: languageName(defaultLanguage) })}
          </p>
          <LanguageTabs
            selected={language}
            onSelect={setLanguage}
            required={defaultLanguage}
            filled={byLanguage((of) => isCategoryTextFilled(form.texts[of]))}
            invalid={byLanguage((of) => problems[`name.${of}`] ?? problems[`description.${of}`])}
            testId="category-language"
          >
            <div className="field">
              <label className="label" htmlFor={`${formId}-name`}>
                {t('admin.categories.form.name')}
                {language === defaultLanguage && <span aria-hidden="true"> *</span>}
              </label>
              <input
                {...field(`name.${language}`)}
                className="input"
                value={current.name}
                onChange={change('name')}
                maxLength={CATEGORY_NAME_MAX}
                aria-required={language === defaultLanguage}
                autoComplete="off"
                lang={language}
                dir="auto"
                data-autofocus
                data-testid="category-name"
              />
              {problemText(`name.${language}`)}
            </div>
            <div className="field">
              <label className="label" htmlFor={`${formId}-description`}>
                {t('admin.categories.form.description')}
              </label>
              <textarea
                {...field(`description.${language}`)}
                className="textarea"
                rows={4}
                value={current.description}
                onChange={change('description')}
                maxLength={CATEGORY_DESCRIPTION_MAX}
                lang={language}
                dir="auto"
                data-testid="category-description"
              />
              {problemText(`description.${language}`)}
            </div>
          </LanguageTabs>
        </fieldset>
        <div className="field">
          <label className="label" htmlFor={`${formId}-image`}>
            {t('admin.categories.form.image')}
          </label>
          <div className="admin-category-picker">
            <ImagePreview file={form.image} current={category?.featuredImage ?? null} />
            <div className="admin-category-picker-input">
              {/* The browser's own button speaks the browser's language: a label in the admin's stands for it. */}
              <div className="admin-category-file">
                <input
                  {...field('image')}
                  type="file"
                  accept={IMAGE_ACCEPT}
                  className="admin-category-file-native"
                  onChange={chooseImage}
                  data-testid="category-image"
                />
                <label htmlFor={`${formId}-image`} className="btn btn-secondary btn-sm admin-category-file-button">
                  {t(
                    form.image || category?.featuredImage
                      ? 'admin.categories.form.changeImage'
                      : 'admin.categories.form.chooseImage',
                  )}
                </label>
                <span className="admin-category-file-name" data-testid="category-image-name">
                  {form.image?.name ?? t('admin.categories.form.noFile')}
                </span>
              </div>
              <p id={`${formId}-image-hint`} className="field-hint">
                {t('admin.categories.form.imageHint')}
              </p>
              {problemText('image')}
            </div>
          </div>
        </div>
      </form>
      {category && (
        <EntityHistory
          entityType="category"
          entityId={category.id}
          restore={{
            current: category.version,
            onRestored: ({ category: restored }) => {
              if (!restored) return;
              setCategory(restored);
              setForm({ texts: categoryTexts(restored), image: null });
              setProblems({});
            },
            onConflict: onClose,
          }}
        />
      )}
    </Modal>
  );
}

/** The chosen file, else the category's current picture, else an empty frame. */
function ImagePreview({ file, current }: { file: File | null; current: string | null }) {
  const t = useAdminText();
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = url ?? mediaUrl(current);
  return (
    <div className="admin-category-preview" data-testid="category-image-preview">
      {shown && failed !== shown ? (
        <img src={shown} alt={t('admin.categories.form.preview')} onError={() => setFailed(shown)} />
      ) : (
        <span className="admin-category-preview-empty">{t('admin.categories.form.noImage')}</span>
      )}
    </div>
  );
}
