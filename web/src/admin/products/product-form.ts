import { typedNumberOf } from '@shared/text/constants';
import {
  FEATURES_MAX,
  QUALITIES,
  channelsProblem,
  devicesProblem,
  imageProblem,
  withoutBlankFeatures,
  type CatalogueMessageKey,
  type Quality,
} from '@shared/catalogue/constants';
import type { ProductView } from '@shared/catalogue/types';
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

export interface ProductFormValues {
  name: string;
  description: string;
  categoryId: string;
  /** As typed (number fields give text). */
  channels: string;
  quality: Quality;
  devices: string;
  popular: boolean;
  vod: boolean;
  active: boolean;
  features: FeatureRow[];
  prices: PriceEditorState;
  /** A new image chosen (already checked); null keeps the current one. */
  image: File | null;
}

export type CategoryChoice = { id: string; slug: string; name: string };

export type FieldName = 'name' | 'description' | 'category' | 'channels' | 'devices' | 'features' | 'prices' | 'image';

export interface FormProblems {
  fields: Partial<Record<FieldName, PriceProblem>>;
  /** Price rows, by row key. */
  prices: Record<string, PriceProblem>;
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
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    categoryId: resolveCategoryId(product, categories),
    channels: String(product?.channels ?? 0),
    quality: product && (QUALITIES as readonly string[]).includes(product.quality) ? product.quality : 'HD',
    devices: String(product?.devices ?? 1),
    popular: product?.popular ?? false,
    vod: product?.vod ?? false,
    active: product?.active ?? true,
    features: (product?.features.length ? product.features : ['']).map((text) => featureRow(text)),
    prices: initialPrices(product),
    image: null,
  };
}

/** Every problem in the way of saving, each tied to its field. */
export function checkProduct(values: ProductFormValues, categories: readonly CategoryChoice[]): FormProblems {
  const fields: FormProblems['fields'] = {};
  const add = (field: FieldName, key: CatalogueMessageKey | null) => {
    if (key) fields[field] = { key };
  };
  add('name', values.name.trim() === '' ? 'productNameRequired' : null);
  add('category', categories.length === 0 ? 'noCategories' : values.categoryId ? null : 'categoryRequired');
  add('channels', channelsProblem(typedNumberOf(values.channels)));
  add('devices', devicesProblem(typedNumberOf(values.devices)));
  add('image', values.image && imageProblem(values.image));
  const prices = priceProblems(values.prices);
  if (prices.list) fields.prices = prices.list;
  return { fields, prices: prices.rows };
}

export const hasProblems = (problems: FormProblems) =>
  Object.keys(problems.fields).length > 0 || Object.keys(problems.prices).length > 0;

/** The multipart body of POST and PUT /api/admin/products (flags as 1/0, lists as JSON). */
export function productFormData(values: ProductFormValues): FormData {
  const body = new FormData();
  const flag = (value: boolean) => (value ? '1' : '0');
  body.set('name', values.name.trim());
  body.set('description', values.description.trim());
  body.set('category_id', values.categoryId);
  body.set('channels', values.channels.trim());
  body.set('quality', values.quality);
  body.set('devices', values.devices.trim());
  body.set('popular', flag(values.popular));
  body.set('vod', flag(values.vod));
  body.set('active', flag(values.active));
  body.set('features', JSON.stringify(withoutBlankFeatures(values.features.map((row) => row.text))));
  body.set('price_durations', JSON.stringify(pricesToSend(values.prices)));
  if (values.image) body.set('image', values.image, values.image.name);
  return body;
}

export const canAddFeature = (features: readonly FeatureRow[]) => features.length < FEATURES_MAX;

/** The server's field errors (400: `errors` keyed by field path) placed on the form's fields. */
export function serverFieldProblems(errors: Record<string, string>): Partial<Record<FieldName, string>> {
  const fieldOf = (path: string): FieldName | null => {
    const head = path.split('.')[0];
    if (head === 'name' || head === 'description') return head;
    if (head === 'category_id') return 'category';
    if (head === 'channels' || head === 'devices' || head === 'features') return head;
    if (head === 'price_durations') return 'prices';
    return null;
  };
  const placed: Partial<Record<FieldName, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = fieldOf(path);
    if (field) placed[field] ??= message;
  }
  return placed;
}
