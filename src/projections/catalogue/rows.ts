import { column, type RowOf } from '../../platform/projections/columns';
import type {
  CategoryTranslations,
  ImageRendition,
  PriceDuration,
  ProductTranslations,
  Quality,
} from '../../shared/catalogue';
import type { Language } from '../../shared/identity';

// The catalogue read model's tables (migrations 005, 033 and 035), declared once: the projection writes these
// columns, the snapshot reads these rows. `translations` holds every language's text; `name`,
// `description` and `features` the text in the shop's default language when it was written.

const IMAGE_COLUMNS = {
  featured_image: column.nullableText(),
  thumbnail_image: column.nullableText(),
  /** Null when there is no picture or its event predates recorded widths. */
  image_renditions: column.jsonb<ImageRendition[] | null>(),
};
/** The stream's revision (the admin's ETag) and when the item was created and last changed. */
const STAMP_COLUMNS = { version: column.integer(), created_at: column.timestamptz(), updated_at: column.timestamptz() };

export const CATEGORY_COLUMNS = {
  id: column.text(),
  name: column.text(),
  slug: column.text(),
  description: column.text(),
  translations: column.jsonb<CategoryTranslations>(),
  ...IMAGE_COLUMNS,
  ...STAMP_COLUMNS,
};

export const PRODUCT_COLUMNS = {
  id: column.text(),
  category_id: column.text(),
  name: column.text(),
  description: column.text(),
  channels: column.integer(),
  quality: column.text<Quality>(),
  devices: column.integer(),
  popular: column.boolean(),
  vod: column.boolean(),
  active: column.boolean(),
  features: column.jsonb<string[]>(),
  translations: column.jsonb<ProductTranslations>(),
  price_durations: column.jsonb<PriceDuration[]>(),
  ...IMAGE_COLUMNS,
  ...STAMP_COLUMNS,
};

/** The catalogue's default language (docs/product.md#shop-settings): one row, LANGUAGE_ROW, once an admin chose. */
export const LANGUAGE_ROW = 'catalogue';
export const LANGUAGE_COLUMNS = {
  id: column.text(),
  default_language: column.text<Language>(),
  /** Its stream's revision (the settings' ETag). */
  version: column.integer(),
  updated_at: column.timestamptz(),
};

/** An old slug still leading to the category that had it (docs/product.md#category-addresses). */
export const ALIAS_COLUMNS = { slug: column.text(), category_id: column.text() };

export type CategoryRow = RowOf<typeof CATEGORY_COLUMNS>;
export type CategoryAliasRow = RowOf<typeof ALIAS_COLUMNS>;
export type ProductRow = RowOf<typeof PRODUCT_COLUMNS>;
export type CatalogueLanguageRow = RowOf<typeof LANGUAGE_COLUMNS>;

/** One row ('catalogue'), a new random version after every batch: how each instance tells its copy is stale. */
export interface CatalogueVersionRow {
  id: string;
  version: string;
  changed_at: string | Date;
}

export interface CatalogueTables {
  catalogue_categories: CategoryRow;
  catalogue_category_aliases: CategoryAliasRow;
  catalogue_products: ProductRow;
  catalogue_language: CatalogueLanguageRow;
  catalogue_version: CatalogueVersionRow;
}
