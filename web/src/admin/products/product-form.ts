import { typedNumberOf } from '@shared/text/constants';
import {
  FEATURES_MAX,
  QUALITIES,
  byLanguage,
  channelsProblem,
  devicesProblem,
  imageProblem,
  isCatalogueLanguage,
  translationProblems,
  withoutBlankFeatures,
  type CatalogueMessageKey,
  type Quality,
} from '@shared/catalogue/constants';
import type { ProductView } from '@shared/catalogue/types';
import type { Language } from '@shared/identity/constants';
import {
  initialPrices,
  priceProblems,
  pricesToSend,
  type PriceEditorState,
  type PriceProblem,
} from './price-durations';

// The product form's values, checks and request body, pure. The checks are the shared rules
// (@shared/catalogue/constants) that the server's schemas apply too; each problem is the key of
// the server's message, which the form shows in the admin's language.

export interface FeatureRow {
  key: string;
  text: string;
}

/** The product's text in one language, as typed (docs/product.md#catalogue-languages). */
export interface ProductFormText {
  name: string;
  description: string;
  features: FeatureRow[];
}

export interface ProductFormValues {
  /** Each language's text; a language left blank is not kept. */
  texts: Record<Language, ProductFormText>;
  categoryId: string;
  /** As typed (number fields give text). */
  channels: string;
  quality: Quality;
  devices: string;
  popular: boolean;
  vod: boolean;
  active: boolean;
  prices: PriceEditorState;
  /** A new image chosen (already checked); null keeps the current one. */
  image: File | null;
}

export type CategoryChoice = { id: string; slug: string; name: string };

export type FieldName = 'category' | 'channels' | 'devices' | 'prices' | 'image';

/** What is wrong with a language's text (the shared rules' translationProblems). */
export type TextProblem = 'translationNameRequired' | 'defaultLanguageRequired';

export interface FormProblems {
  fields: Partial<Record<FieldName, PriceProblem>>;
  /** Price rows, by row key. */
  prices: Record<string, PriceProblem>;
  /** Each language's text. */
  texts: Partial<Record<Language, TextProblem>>;
}

let featureKeys = 0;
export const featureRow = (text = ''): FeatureRow => ({ key: `feature-${++featureKeys}`, text });

/**
 * The product's category by id, then by slug or name, then the first category; '' when
 * there is none ('No categories available').
 */
export function resolveCategoryId(
  product: Pick<ProductView, 'category_id' | 'category' | 'category_slug' | 'category_name'> | null | undefined,
  categories: readonly CategoryChoice[],
): string {
  const byId = product && categories.find((c) => c.id === product.category_id);
  if (byId) return byId.id;
  const wanted = [product?.category, product?.category_slug, product?.category_name]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.trim().toLowerCase());
  const byName = categories.find(
    (c) => wanted.includes(c.slug.toLowerCase()) || wanted.includes(c.name.trim().toLowerCase()),
  );
  return (byName ?? categories[0])?.id ?? '';
}

/** The form filled from a product, or a new product's defaults. */
export function initialValues(
  product: ProductView | null | undefined,
  categories: readonly CategoryChoice[],
): ProductFormValues {
  const textIn = (language: Language): ProductFormText => {
    const text = product?.translations[language];
    return {
      name: text?.name ?? '',
      description: text?.description ?? '',
      features: (text?.features.length ? text.features : ['']).map((feature) => featureRow(feature)),
    };
  };
  return {
    texts: byLanguage(textIn),
    categoryId: resolveCategoryId(product, categories),
    channels: String(product?.channels ?? 0),
    quality: product && (QUALITIES as readonly string[]).includes(product.quality) ? product.quality : 'HD',
    devices: String(product?.devices ?? 1),
    popular: product?.popular ?? false,
    vod: product?.vod ?? false,
    active: product?.active ?? true,
    prices: initialPrices(product),
    image: null,
  };
}

/** A language's text as the rules read it: its features as a list. */
const textOf = (text: ProductFormText) => ({ ...text, features: text.features.map((row) => row.text) });

/** Whether a language's text has anything in it (the tabs say so). */
export const isFilled = (text: ProductFormText): boolean =>
  Boolean(text.name.trim() || text.description.trim() || text.features.some((row) => row.text.trim()));

/**
 * Every problem in the way of saving, each tied to its field; the texts' by language, under the
 * shared rules (the shop's default language filled, a name wherever there is text).
 */
export function checkProduct(
  values: ProductFormValues,
  categories: readonly CategoryChoice[],
  defaultLanguage: Language,
): FormProblems {
  const fields: FormProblems['fields'] = {};
  const add = (field: FieldName, key: CatalogueMessageKey | null) => {
    if (key) fields[field] = { key };
  };
  const texts = byLanguage((language) => textOf(values.texts[language]));
  add('category', categories.length === 0 ? 'noCategories' : values.categoryId ? null : 'categoryRequired');
  add('channels', channelsProblem(typedNumberOf(values.channels)));
  add('devices', devicesProblem(typedNumberOf(values.devices)));
  add('image', values.image && imageProblem(values.image));
  const prices = priceProblems(values.prices);
  if (prices.list) fields.prices = prices.list;
  return { fields, prices: prices.rows, texts: translationProblems(texts, defaultLanguage) };
}

export const hasProblems = (problems: FormProblems) =>
  Object.keys(problems.fields).length > 0 ||
  Object.keys(problems.prices).length > 0 ||
  Object.keys(problems.texts).length > 0;

/** Each language's text as the API takes it (`translations`): a blank one null, which leaves it out. */
export function translationsToSend(texts: ProductFormValues['texts']) {
  return byLanguage((language) => {
    const text = texts[language];
    if (!isFilled(text)) return null;
    const features = withoutBlankFeatures(text.features.map((row) => row.text));
    return { name: text.name.trim(), description: text.description.trim(), features };
  });
}

/** The multipart body of POST and PUT /api/admin/products (flags as 1/0, lists as JSON). */
export function productFormData(values: ProductFormValues): FormData {
  const body = new FormData();
  const flag = (value: boolean) => (value ? '1' : '0');
  body.set('translations', JSON.stringify(translationsToSend(values.texts)));
  body.set('category_id', values.categoryId);
  body.set('channels', values.channels.trim());
  body.set('quality', values.quality);
  body.set('devices', values.devices.trim());
  body.set('popular', flag(values.popular));
  body.set('vod', flag(values.vod));
  body.set('active', flag(values.active));
  body.set('price_durations', JSON.stringify(pricesToSend(values.prices)));
  if (values.image) body.set('image', values.image, values.image.name);
  return body;
}

export const canAddFeature = (features: readonly FeatureRow[]) => features.length < FEATURES_MAX;

/** Where a server's problem goes: one of the form's fields, or a language's text. */
export type ProblemPlace = FieldName | `text:${Language}`;

/**
 * The server's field errors (400: `errors` keyed by field path) placed on the form's fields: a
 * language's text (`translations.ar.name`, `translations.fr.features.2`) on its tab.
 */
export function serverFieldProblems(errors: Record<string, string>): Partial<Record<ProblemPlace, string>> {
  const placeOf = (path: string): ProblemPlace | null => {
    const [head, language] = path.split('.');
    if (head === 'translations' && isCatalogueLanguage(language)) return `text:${language}`;
    if (head === 'category_id') return 'category';
    if (head === 'channels' || head === 'devices') return head;
    if (head === 'price_durations') return 'prices';
    return null;
  };
  const placed: Partial<Record<ProblemPlace, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const place = placeOf(path);
    if (place) placed[place] ??= message;
  }
  return placed;
}
