import { ORDER_TOTAL_MAX } from '../ordering/constants';
import { coded } from '../errors/coded';
import { LANGUAGES, type Language } from '../identity/constants';

// Rules and messages of the catalogue (docs/product.md#validation and #constants), shared by the server and the web app.

/** In the order durations are always shown (docs/product.md#constants); a product's price durations are always kept in this order. */
export const DURATIONS = [
  'free trial',
  '1 month',
  '3 months',
  '6 months',
  '12 months',
  '15 months',
  'life time',
] as const;
export type Duration = (typeof DURATIONS)[number];

/** The default price of an added duration (docs/product.md#validation), from the product's base (monthly) price. */
export const DURATION_MULTIPLIERS: Record<Duration, number> = {
  'free trial': 0,
  '1 month': 1,
  '3 months': 2.7,
  '6 months': 5,
  '12 months': 9,
  '15 months': 11,
  'life time': 20,
};

export const defaultPrice = (duration: Duration, basePrice: number): number =>
  Math.round(basePrice * DURATION_MULTIPLIERS[duration]);

export const QUALITIES = ['SD', 'HD', 'Full HD', '4K'] as const;
export type Quality = (typeof QUALITIES)[number];

export const DEVICES_MIN = 1;
export const DEVICES_MAX = 10;
/** A product with this many devices is shown as unlimited. */
export const UNLIMITED_DEVICES = 5;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = 'JPG, PNG or WebP';
export const SIMILAR_PRODUCTS = 4;
export const BULK_MAX_IDS = 200;
export const CATEGORY_PAGE_LIMIT_MAX = 100;
/** The longest category name and description the server accepts (the form stops there too). */
export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_DESCRIPTION_MAX = 2000;

export const catalogueMessages = {
  productNameRequired: coded('catalogue.product_name_required'),
  categoryNameRequired: coded('catalogue.category_name_required'),
  categoryRequired: coded('catalogue.category_required'),
  noCategories: coded('catalogue.no_categories'),
  categoryNotFound: coded('catalogue.category_not_found'),
  productNotFound: coded('catalogue.product_not_found'),
  categoryExists: coded('catalogue.category_exists'),
  productExists: coded('catalogue.product_exists'),
  channels: coded('catalogue.channels'),
  devices: coded('catalogue.devices', { min: DEVICES_MIN, max: DEVICES_MAX }),
  price: coded('catalogue.price'),
  priceOverMax: coded('catalogue.price_over_max', { max: ORDER_TOTAL_MAX }),
  quality: coded('catalogue.quality', { allowed: QUALITIES.join(', ') }),
  duration: coded('catalogue.duration', { allowed: DURATIONS.join(', ') }),
  durationsRequired: coded('catalogue.durations_required'),
  priceDurations: coded('catalogue.price_durations'),
  features: coded('catalogue.features'),
  imageTooLarge: coded('catalogue.image_too_large'),
  imageType: coded('catalogue.image_type', { allowed: IMAGE_TYPES }),
  bulkAction: coded('catalogue.bulk_action'),
  bulkIds: coded('catalogue.bulk_ids'),
  bulkCategory: coded('catalogue.bulk_category'),
  durationTwice: (duration: string) => coded('catalogue.duration_twice', { duration }),
  flag: (field: string) => coded('catalogue.flag', { field }),
  restoreVersion: coded('catalogue.restore_version'),
  restoreNotEarlier: (version: number, current: number) => coded('catalogue.restore_not_earlier', { version, current }),
  restoreInvalid: (version: number, problem: string) => coded('catalogue.restore_invalid', { version, problem }),
  restoreCategoryDeleted: (version: number, category: string | undefined) =>
    category
      ? coded('catalogue.restore_category_deleted', { version, category })
      : coded('catalogue.restore_category_gone', { version }),
  restored: (kind: 'Product' | 'Category', version: number) => `${kind} restored to version ${version}`,
  restoredUnchanged: (kind: 'Product' | 'Category', version: number) =>
    `${kind} restored to version ${version}: it already held those values, so nothing changed`,
  restoredKeptImage: (kind: 'Product' | 'Category', version: number) =>
    `${kind} restored to version ${version}, keeping the current image: the image of that version is no longer stored`,
  categoryHasProducts: (count: number) => coded('catalogue.category_has_products', { count }),
  language: coded('catalogue.language', { allowed: LANGUAGES.join(', ') }),
  translations: coded('catalogue.translations', { allowed: LANGUAGES.join(', ') }),
  translationNameRequired: (language: Language) => coded('catalogue.translation_name_required', { language }),
  defaultLanguageRequired: (language: Language) => coded('catalogue.default_language_required', { language }),
} as const;

// ---------- Languages of the catalogue (docs/product.md#catalogue-languages) ----------
// Zod-free, so that the storefront and the back office pick an item's text exactly as the server does.

/** The languages an item's text may be written in: the store's three. */
export const CATALOGUE_LANGUAGES: readonly Language[] = LANGUAGES;

/**
 * The shop's default language until an administrator chooses one: French, the language the
 * catalogue was written in before it had three. So the text of events written before then (one
 * name, description and features) is French: the shop's default language at the time.
 */
export const INITIAL_SHOP_LANGUAGE: Language = 'fr';

/** An item's text by language (the same as types.ts's Translations, which imports this file). */
type ByLanguage<T> = Partial<Record<Language, T>>;

/** One value per language, in the order ar, fr, en. */
export const byLanguage = <T>(value: (language: Language) => T): Record<Language, T> =>
  Object.fromEntries(CATALOGUE_LANGUAGES.map((language) => [language, value(language)])) as Record<Language, T>;

export const isCatalogueLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (CATALOGUE_LANGUAGES as readonly string[]).includes(value);

/**
 * The language an item is shown in: the one asked for when the item has it, else the shop's
 * default language, else the first it has in the order ar, fr, en; undefined when it has none.
 */
export function shownLanguage(
  present: ByLanguage<unknown>,
  asked: Language | undefined,
  shopDefault: Language,
): Language | undefined {
  if (asked && present[asked]) return asked;
  if (present[shopDefault]) return shopDefault;
  return CATALOGUE_LANGUAGES.find((language) => present[language]);
}

/** An item's text in the language it is shown in (shownLanguage), with that language. */
export function catalogueTextIn<T>(
  translations: ByLanguage<T>,
  asked: Language | undefined,
  shopDefault: Language,
): { language: Language; text: T } | undefined {
  const language = shownLanguage(translations, asked, shopDefault);
  return language && { language, text: translations[language]! };
}

/** What an item (a ProductView, a CategoryView, a cart's product) says of its languages. */
export interface Localized {
  language: Language;
  defaultLanguage: Language;
  translations: ByLanguage<object>;
  /** A product's category, named in each language. */
  category_names?: ByLanguage<string>;
  category_name?: string | null;
}

/**
 * An item as a reader of `asked` sees it: its `name`, `description` (and `features`) in the
 * language shownLanguage picks, `language` saying which, and its category's name likewise. The
 * server answers with it (`?lang=`, Accept-Language); the web shows every item through it.
 */
export function inLanguage<V extends Localized>(item: V, asked: Language | undefined): V {
  const shown = catalogueTextIn(item.translations, asked, item.defaultLanguage);
  const category = item.category_names && catalogueTextIn(item.category_names, asked, item.defaultLanguage);
  return {
    ...item,
    ...(shown && { ...shown.text, language: shown.language }),
    ...(category && { category_name: category.text }),
  };
}

/**
 * The language an Accept-Language header prefers among the store's, weights honoured and regions
 * ignored (`ar-DZ,fr;q=0.8` → ar); undefined when it names none of them.
 */
export function acceptedLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; weight: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const language = tag.trim().toLowerCase().split('-')[0];
    if (!isCatalogueLanguage(language)) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (Number.isFinite(weight) && weight > 0 && (!best || weight > best.weight)) best = { language, weight };
  }
  return best?.language;
}

/** One language's text as a form or a request gives it: any field may be blank. */
export interface TextInput {
  name?: string;
  description?: string;
  features?: readonly string[];
}

/** Nothing written in that language: the language is left out (or taken out). */
export const isBlankText = (text: TextInput): boolean =>
  !text.name?.trim() && !text.description?.trim() && !(text.features ?? []).some((feature) => feature.trim());

/**
 * The rules of an item's languages (docs/product.md#validation): a language with any text has a
 * name, and the shop's default language is filled. Each problem names its language; the server's
 * schemas and decider apply these, the back office's forms too.
 */
export function translationProblems(
  translations: ByLanguage<TextInput>,
  shopDefault: Language,
): Partial<Record<Language, 'translationNameRequired' | 'defaultLanguageRequired'>> {
  const problems: Partial<Record<Language, 'translationNameRequired' | 'defaultLanguageRequired'>> = {};
  for (const language of CATALOGUE_LANGUAGES) {
    const text = translations[language];
    if (text && !isBlankText(text) && !text.name?.trim()) problems[language] = 'translationNameRequired';
  }
  const main = translations[shopDefault];
  if (!problems[shopDefault] && (!main || isBlankText(main))) problems[shopDefault] = 'defaultLanguageRequired';
  return problems;
}

// ---------- Product field rules (docs/product.md#validation) ----------
// Zod-free, so that the admin's product form checks a field with the very function the server's
// schema (./schemas.ts) applies. Each check answers the key of its catalogueMessages entry: the
// server sends that message, the form shows the same message in the admin's language.

/** The longest product texts the server accepts (the form's fields stop there too). */
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const FEATURE_MAX = 200;
export const FEATURES_MAX = 30;
export const CHANNELS_MIN = 0;
export const PRICE_MIN = 0;
/** A price is at most what one order may cost. */
export const PRICE_MAX = ORDER_TOTAL_MAX;
/** The image types the server renders (IMAGE_TYPES in words). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The keys of catalogueMessages that are plain texts (what a field rule answers). */
export type CatalogueMessageKey = {
  [K in keyof typeof catalogueMessages]: (typeof catalogueMessages)[K] extends string ? K : never;
}[keyof typeof catalogueMessages];

/** A whole number from `min` to `max`. */
export const isWholeNumberIn = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

export const channelsProblem = (value: unknown): CatalogueMessageKey | null =>
  isWholeNumberIn(value, CHANNELS_MIN) ? null : 'channels';

export const devicesProblem = (value: unknown): CatalogueMessageKey | null =>
  isWholeNumberIn(value, DEVICES_MIN, DEVICES_MAX) ? null : 'devices';

/** Prices are whole numbers of at least 0 (and no more than an order may cost). */
export const priceProblem = (value: unknown): CatalogueMessageKey | null =>
  !isWholeNumberIn(value, PRICE_MIN) ? 'price' : value > PRICE_MAX ? 'priceOverMax' : null;

/** Only price rows with a duration are sent (and kept). */
export const hasDuration = (row: unknown): boolean => {
  const duration = (row as { duration?: unknown } | null)?.duration;
  return typeof duration === 'string' && duration.trim() !== '';
};

/** A duration may appear once; the ones that appear more than once. */
export function repeatedDurations(rows: readonly { duration: string }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { duration } of rows) (seen.has(duration) ? repeated : seen).add(duration);
  return [...repeated];
}

/** Price durations in the order of DURATIONS (free trial first, life time last); others after. */
export function inDurationOrder<T extends { duration: string }>(rows: readonly T[]): T[] {
  const rank = (duration: string) => {
    const index = (DURATIONS as readonly string[]).indexOf(duration);
    return index === -1 ? DURATIONS.length : index;
  };
  return [...rows].sort((a, b) => rank(a.duration) - rank(b.duration));
}

/** A price of a product, as its durations hold it (PriceDuration). */
interface OfferedPrice {
  duration: Duration;
  price: number;
  active: boolean;
}

/** The durations a shopper can choose: the active ones, else the product's own price and duration. */
export function offeredDurations(product: {
  priceDurations: readonly OfferedPrice[];
  price: number;
  duration: Duration;
}): OfferedPrice[] {
  const active = product.priceDurations.filter((entry) => entry.active);
  if (active.length > 0) return active;
  return product.duration ? [{ duration: product.duration, price: product.price, active: true }] : [];
}

/**
 * The duration a product's price is quoted at ("from 800 Da", docs/product.md#product): the first
 * offered one that costs something, never a free trial's 0.
 */
export function firstPaidDuration<T extends { price: number }>(offered: readonly T[]): T | undefined {
  return offered.find((entry) => entry.price > 0);
}

/** Blank features are dropped on save. */
export const withoutBlankFeatures = (features: readonly string[]): string[] =>
  features.map((feature) => feature.trim()).filter(Boolean);

/** Checked before an upload (docs/product.md#validation): a JPG, PNG or WebP of at most 2 MB. */
export function imageProblem(file: { size: number; type: string }): CatalogueMessageKey | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  return file.size > IMAGE_MAX_BYTES ? 'imageTooLarge' : null;
}
