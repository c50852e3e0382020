import { z } from 'zod';
import { coded, type Coded } from '../errors/coded';
import { LANGUAGES, type Language } from '../identity/constants';
import { text } from '../text/schemas';
import { typedNumber } from '../text/constants';
import {
  BULK_MAX_IDS,
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  CATEGORY_PAGE_LIMIT_MAX,
  DEVICES_MIN,
  DURATIONS,
  FEATURES_MAX,
  FEATURE_MAX,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  QUALITIES,
  catalogueMessages,
  channelsProblem,
  isBlankText,
  devicesProblem,
  hasDuration,
  inDurationOrder,
  isWholeNumberIn,
  priceProblem,
  repeatedDurations,
  withoutBlankFeatures,
  type CatalogueMessageKey,
  type Quality,
} from './constants';
import type { CategoryText, PriceDuration, ProductText } from './types';

// The catalogue bodies and queries the server accepts (docs/product.md#validation). Multipart forms send every
// field as text, so each field accepts its text form too: numbers as digits, booleans as
// true/false/1/0, lists as JSON.

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const wholeNumber = (message: Coded, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    typedNumber,
    z.number({ error: message }).refine((value) => isWholeNumberIn(value, min, max), message),
  );

/** A number checked by one of the product rules of ./constants.ts (which the admin form applies too). */
const ruledNumber = (problem: (value: number) => CatalogueMessageKey | null, notANumber: CatalogueMessageKey) =>
  z.preprocess(
    typedNumber,
    z.number({ error: catalogueMessages[notANumber] }).superRefine((value, ctx) => {
      const key = problem(value);
      if (key) ctx.addIssue({ code: 'custom', message: catalogueMessages[key] });
    }),
  );

const FLAG_TEXT: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

const flag = (field: string) =>
  z.preprocess(
    (value) => {
      if (typeof value === 'string') return FLAG_TEXT[value.trim().toLowerCase()] ?? value;
      if (value === 1 || value === 0) return value === 1;
      return value;
    },
    z.boolean({ error: catalogueMessages.flag(field) }),
  );

/** A list or an object sent as a JSON string (multipart) or as JSON (JSON body). */
const jsonList = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** A field that may be left out; a multipart form leaves it blank instead. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/** An id, a slug or a name given to find a category (a number is taken as its text). */
const categoryRef = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), text({ field: 'Category', max: 200 }));

/** Blank features are dropped. */
const features = z.preprocess(
  jsonList,
  z
    .array(text({ field: 'Feature', max: FEATURE_MAX, notText: catalogueMessages.features }), {
      error: catalogueMessages.features,
    })
    .max(FEATURES_MAX, `At most ${FEATURES_MAX} features`)
    .transform(withoutBlankFeatures),
);

const priceDurationRow = z.object({
  duration: z.enum(DURATIONS, { error: catalogueMessages.duration }),
  price: ruledNumber(priceProblem, 'price'),
  active: flag('active').optional().default(true),
}) satisfies z.ZodType<PriceDuration, unknown>;

/**
 * Rows without a duration are dropped; a duration may appear once; the rows are returned in the
 * order of DURATIONS; at least one row must remain.
 */
const priceDurations = z.preprocess(
  (value) => {
    const list = value === undefined ? [] : jsonList(value);
    return Array.isArray(list) ? list.filter(hasDuration) : list;
  },
  z
    .array(priceDurationRow, { error: catalogueMessages.priceDurations })
    .min(1, catalogueMessages.durationsRequired)
    .superRefine((rows, ctx) => {
      for (const duration of repeatedDurations(rows))
        ctx.addIssue({ code: 'custom', message: catalogueMessages.durationTwice(duration) });
    })
    .transform((rows) => inDurationOrder(rows)),
);

/**
 * An edit of an item's languages (docs/product.md#catalogue-languages): each language named gets the text given
 * (description and features default to blank); `null`, or a text left blank, takes the language
 * out. A language with any text needs its name. Whether the shop's default language is filled is
 * the decider's to say: it knows which one that is.
 */
export type TranslationsChange<T> = Partial<Record<Language, T | null>>;

function translations<Shape extends z.ZodRawShape, T>(
  entry: z.ZodObject<Shape>,
  complete: (given: z.output<z.ZodObject<Shape>>) => T,
) {
  const perLanguage = Object.fromEntries(
    LANGUAGES.map((language) => [language, entry.nullable().optional()]),
  ) as Record<Language, z.ZodOptional<z.ZodNullable<z.ZodObject<Shape>>>>;
  return z.preprocess(
    jsonList,
    z
      .strictObject(perLanguage, { error: catalogueMessages.translations })
      .superRefine((given, ctx) => {
        for (const language of LANGUAGES) {
          const text = given[language] as { name?: string } | null | undefined;
          if (text && !isBlankText(text) && !text.name)
            ctx.addIssue({
              code: 'custom',
              path: [language, 'name'],
              message: catalogueMessages.translationNameRequired(language),
            });
        }
      })
      .transform((given) => {
        const change: TranslationsChange<T> = {};
        for (const language of LANGUAGES) {
          const text = given[language] as z.output<z.ZodObject<Shape>> | null | undefined;
          if (text === undefined) continue;
          change[language] = text === null || isBlankText(text) ? null : complete(text);
        }
        return change;
      }),
  );
}

const productName = text({
  field: 'Product name',
  max: PRODUCT_NAME_MAX,
  required: catalogueMessages.productNameRequired,
});
const productDescription = text({ field: 'Description', max: PRODUCT_DESCRIPTION_MAX, multiline: true });

const productTranslations = translations(
  z.object(
    {
      name: text({ field: 'Product name', max: PRODUCT_NAME_MAX }).optional(),
      description: productDescription.optional(),
      features: features.optional(),
    },
    { error: catalogueMessages.translations },
  ),
  (given): ProductText => ({ name: given.name!, description: given.description ?? '', features: given.features ?? [] }),
);

const productShape = {
  /** The shop's default language's name (`translations` gives each language's). */
  name: productName.optional().meta({ examples: ['Premium Sports'] }),
  description: productDescription.optional(),
  translations: optional(productTranslations),
  /** The server resolves it as an id, a slug or a name, in that order. */
  category_id: categoryRef.optional(),
  channels: optional(ruledNumber(channelsProblem, 'channels')),
  quality: optional(z.enum(QUALITIES, { error: catalogueMessages.quality })),
  devices: optional(ruledNumber(devicesProblem, 'devices')),
  popular: optional(flag('popular')),
  vod: optional(flag('vod')),
  active: optional(flag('active')),
  features: optional(features),
  price_durations: priceDurations,
};

/** A new item is named: by `name`, or in some language of `translations`. */
const named =
  (required: Coded) => (input: { name?: string; translations?: TranslationsChange<unknown> }, ctx: z.RefinementCtx) => {
    const someLanguage = Object.values(input.translations ?? {}).some(Boolean);
    if (!input.name && !someLanguage) ctx.addIssue({ code: 'custom', path: ['name'], message: required });
  };

/**
 * A new product: named and priced, everything else has a default. `name`, `description` and
 * `features` are the shop's default language's text, unless `translations` gives that language.
 */
export const productCreateSchema = z
  .object(productShape)
  .superRefine(named(catalogueMessages.productNameRequired))
  .transform((input) => ({
    name: input.name,
    description: input.description,
    features: input.features,
    translations: input.translations ?? {},
    category_id: input.category_id ?? '',
    channels: input.channels ?? 0,
    quality: input.quality ?? ('HD' as Quality),
    devices: input.devices ?? DEVICES_MIN,
    popular: input.popular ?? false,
    vod: input.vod ?? false,
    active: input.active ?? true,
    price_durations: input.price_durations,
  }));

/** An edit: only the fields sent change; a field sent must still be valid. */
export const productUpdateSchema = z.object(productShape).partial().transform(definedOnly);

export type ProductFields = z.output<typeof productCreateSchema>;
export type ProductChanges = z.output<typeof productUpdateSchema>;

const categoryDescription = text({ field: 'Description', max: CATEGORY_DESCRIPTION_MAX, multiline: true });

const categoryShape = {
  /** The shop's default language's name (`translations` gives each language's). */
  name: text({
    field: 'Category name',
    max: CATEGORY_NAME_MAX,
    required: catalogueMessages.categoryNameRequired,
  })
    .optional()
    .meta({ examples: ['Sports'] }),
  description: categoryDescription.optional(),
  translations: optional(
    translations(
      z.object(
        {
          name: text({ field: 'Category name', max: CATEGORY_NAME_MAX }).optional(),
          description: categoryDescription.optional(),
        },
        { error: catalogueMessages.translations },
      ),
      (given): CategoryText => ({ name: given.name!, description: given.description ?? '' }),
    ),
  ),
};

export const categoryCreateSchema = z
  .object(categoryShape)
  .superRefine(named(catalogueMessages.categoryNameRequired))
  .transform((input) => ({
    name: input.name,
    description: input.description,
    translations: input.translations ?? {},
  }));
export const categoryUpdateSchema = z.object(categoryShape).partial().transform(definedOnly);

export type CategoryFields = z.output<typeof categoryCreateSchema>;
export type CategoryChanges = z.output<typeof categoryUpdateSchema>;

/** `PUT /api/admin/shop/language`: the catalogue's default language (docs/product.md#shop-settings). */
export const catalogueLanguageSchema = z.object({
  defaultLanguage: z.enum(LANGUAGES, { error: catalogueMessages.language }),
});

/** `?lang=` on the storefront's reads: the language `name`, `description` and `features` are answered in. */
export const languageQuerySchema = z.object({
  lang: optional(z.enum(LANGUAGES, { error: catalogueMessages.language })),
});

export const bulkProductsSchema = z
  .object({
    action: z.enum(['delete', 'changeCategory'], { error: catalogueMessages.bulkAction }),
    ids: z
      .array(text({ field: 'Product id', max: 100, required: catalogueMessages.bulkIds }), {
        error: catalogueMessages.bulkIds,
      })
      .min(1, catalogueMessages.bulkIds)
      .max(BULK_MAX_IDS, `At most ${BULK_MAX_IDS} products at once`)
      .transform((ids) => [...new Set(ids)]),
    categoryId: categoryRef.optional(),
  })
  .refine((v) => v.action !== 'changeCategory' || !!v.categoryId, {
    message: catalogueMessages.bulkCategory,
    path: ['categoryId'],
  });

export type BulkProductsInput = z.infer<typeof bulkProductsSchema>;

export const categoryListQuerySchema = z.object({
  page: optional(wholeNumber(coded('request.page'), 1)),
  /** Without a limit, every category on one page (the store page shows them all). */
  limit: optional(
    wholeNumber(coded('request.page_size', { max: CATEGORY_PAGE_LIMIT_MAX }), 1, CATEGORY_PAGE_LIMIT_MAX),
  ),
  search: text({ field: 'Search', max: 200 }).optional(),
});

/** `POST /api/admin/{products|categories}/:id/restore`: the earlier version to bring back. */
export const restoreSchema = z.object({
  version: wholeNumber(catalogueMessages.restoreVersion, 0),
});

/** The product lists' query: `?category=` (id or slug) on the lists, `?q=` on the searches. */
export const productListQuerySchema = z.object({
  category: text({ field: 'Category', max: 200 }).optional(),
  q: text({ field: 'Search', max: 200 }).optional(),
});

/** An edit's fields that were sent, so that the others keep their values. */
function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
