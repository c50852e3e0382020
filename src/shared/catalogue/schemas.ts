import { z } from 'zod';
import { coded, type Coded } from '../errors/coded';
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
import type { PriceDuration } from './types';

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

/** A list sent as a JSON string (multipart) or as a JSON array (JSON body). */
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

const productShape = {
  name: text({ field: 'Product name', max: PRODUCT_NAME_MAX, required: catalogueMessages.productNameRequired }),
  description: text({ field: 'Description', max: PRODUCT_DESCRIPTION_MAX, multiline: true }).optional(),
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

/** A new product: name and price durations required, everything else has a default. */
export const productCreateSchema = z.object(productShape).transform((input) => ({
  name: input.name,
  description: input.description ?? '',
  category_id: input.category_id ?? '',
  channels: input.channels ?? 0,
  quality: input.quality ?? ('HD' as Quality),
  devices: input.devices ?? DEVICES_MIN,
  popular: input.popular ?? false,
  vod: input.vod ?? false,
  active: input.active ?? true,
  features: input.features ?? [],
  price_durations: input.price_durations,
}));

/** An edit: only the fields sent change; a field sent must still be valid. */
export const productUpdateSchema = z.object(productShape).partial().transform(definedOnly);

export type ProductFields = z.output<typeof productCreateSchema>;
export type ProductChanges = z.output<typeof productUpdateSchema>;

const categoryShape = {
  name: text({ field: 'Category name', max: CATEGORY_NAME_MAX, required: catalogueMessages.categoryNameRequired }),
  description: text({ field: 'Description', max: CATEGORY_DESCRIPTION_MAX, multiline: true }).optional(),
};

export const categoryCreateSchema = z
  .object(categoryShape)
  .transform((input) => ({ name: input.name, description: input.description ?? '' }));
export const categoryUpdateSchema = z.object(categoryShape).partial().transform(definedOnly);

export type CategoryFields = z.output<typeof categoryCreateSchema>;
export type CategoryChanges = z.output<typeof categoryUpdateSchema>;

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
