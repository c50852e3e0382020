import { CATALOGUE_LANGUAGES } from '@shared/catalogue/constants';
import type { CategoryView, ProductView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { ApiError } from '../../api/http';
import { problemInPageLanguage } from '../../i18n/error-text';
import { conflictOf } from '../api/client';
import { productKeys } from '../api/keys';
import {
  checkProduct,
  hasProblems,
  initialValues,
  serverFieldProblems,
  type FieldName,
  type ProblemPlace,
  type ProductFormText,
  type ProductFormValues,
} from './product-form';
import { useSaveProduct, type ProductRef } from './writes';

// The product form's state, shared by its two places (the page at /admin/products/new and
// /admin/products/edit/{id}, and the modal over the list). The version saved back (If-Match) is the
// one the form was filled from, never a newer one that arrived live: another admin's change makes
// the save a conflict instead of being overwritten. After the conflict dialog's Reload the form
// shows the product as it is now.

export interface ProductFormOptions {
  /** The product edited, null for a new one. */
  product: ProductView | null;
  /** When the product's query last answered (its dataUpdatedAt): a Reload after a conflict moves it on. */
  answeredAt: number;
  categories: CategoryView[];
  /** The shop's default language: its text is required (docs/product.md#catalogue-languages). */
  defaultLanguage: Language;
  onSaved: (product: ProductView, created: boolean) => void;
}

const refOf = (product: ProductView): ProductRef => ({ id: product.id, name: product.name, version: product.version });

interface Shown {
  /** Set by a save attempt: every problem shows. */
  all: boolean;
  /** Fields left once (their problems show from then on); a language's name as `text:<language>`. */
  fields: ReadonlySet<ProblemPlace | `row:${string}`>;
}
const NOTHING_SHOWN: Shown = { all: false, fields: new Set() };

export function useProductForm({ product, answeredAt, categories, defaultLanguage, onSaved }: ProductFormOptions) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialValues(product, categories));
  /** The language whose text the form shows (its tab), the default one first. */
  const [language, setLanguage] = useState<Language>(defaultLanguage);
  const [editing, setEditing] = useState<ProductRef | undefined>(() => (product ? refOf(product) : undefined));
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);
  /** After a conflict: when the product's answer in the cache was from, so a newer one (Reload) refills the form. */
  const [reloadAfter, setReloadAfter] = useState<number | null>(null);
  const save = useSaveProduct((saved, created) => {
    setEditing(refOf(saved));
    onSaved(saved, created);
  });

  if (reloadAfter !== null && product && answeredAt > reloadAfter) {
    setReloadAfter(null);
    setValues(initialValues(product, categories));
    setEditing(refOf(product));
    setShown(NOTHING_SHOWN);
  }

  const problems = useMemo(
    () => checkProduct(values, categories, defaultLanguage),
    [values, categories, defaultLanguage],
  );
  const serverProblems = useMemo(() => serverFieldErrors(save.error), [save.error]);

  /** The problem to show beside a field, if any: the rules' first, else the server's. */
  const problemOf = (field: FieldName) =>
    shown.all || shown.fields.has(field) ? (problems.fields[field] ?? serverProblems[field]) : undefined;
  const rowProblem = (key: string) => (shown.all || shown.fields.has(`row:${key}`) ? problems.prices[key] : undefined);
  /** A language's text: the rules' problem (a key), else the server's (its words). */
  const textProblem = (of: Language) =>
    shown.all || shown.fields.has(`text:${of}`) ? (problems.texts[of] ?? serverProblems[`text:${of}`]) : undefined;

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const setText = (of: Language, text: ProductFormText) =>
    setValues((previous) => ({ ...previous, texts: { ...previous.texts, [of]: text } }));
  const touch = (field: ProblemPlace | `row:${string}`) =>
    setShown((previous) =>
      previous.fields.has(field) ? previous : { ...previous, fields: new Set([...previous.fields, field]) },
    );

  const reload = () => {
    if (!product) return;
    setValues(initialValues(product, categories));
    setEditing(refOf(product));
    setShown(NOTHING_SHOWN);
    setReloadAfter(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const form = event.currentTarget;
    // A language whose text is wrong opens (the default one first), so its field takes the focus.
    const wrong = [defaultLanguage, ...CATALOGUE_LANGUAGES].find((of) => problems.texts[of]);
    flushSync(() => {
      setShown((previous) => ({ ...previous, all: true }));
      if (wrong) setLanguage(wrong);
    });
    if (hasProblems(problems)) {
      form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')?.focus();
      return;
    }
    save.mutate(
      { product: editing, values },
      {
        onError: (error) => {
          if (conflictOf(error) && product) setReloadAfter(answeredAtNow(queryClient, product.id));
        },
      },
    );
  };

  return {
    values,
    set,
    setText,
    setValues,
    touch,
    problemOf,
    rowProblem,
    textProblem,
    language,
    setLanguage,
    defaultLanguage,
    /** A save attempt found problems: the form says so above its buttons. */
    blocked: shown.all && hasProblems(problems),
    /** The product changed since the form was filled (another admin's save): saving would be refused. */
    stale: Boolean(product && editing && product.version !== editing.version),
    reload,
    submit,
    saving: save.isPending,
    isNew: !product,
  };
}

export type ProductForm = ReturnType<typeof useProductForm>;

const answeredAtNow = (queryClient: ReturnType<typeof useQueryClient>, id: string) =>
  queryClient.getQueryState(productKeys.detail(id))?.dataUpdatedAt ?? 0;

/**
 * A 400's field problems (by path), in the admin's language, placed on the form's fields; the
 * shop's default language missing (the decider's, not a field's: the default may have changed
 * since the form opened) on that language's text.
 */
function serverFieldErrors(error: Error | null): Partial<Record<ProblemPlace, string>> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const placed = serverFieldProblems(
    Object.fromEntries(Object.entries(error.fields).map(([path, problem]) => [path, problemInPageLanguage(problem)])),
  );
  const missing = error.problem?.code === 'catalogue.default_language_required' && error.problem.params?.language;
  if (typeof missing === 'string') placed[`text:${missing as Language}`] ??= problemInPageLanguage(error.problem);
  return placed;
}
