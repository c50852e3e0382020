import type { Language } from '../identity/constants';
import type { Duration, Quality } from './constants';

// The catalogue API's answers (docs/product.md#api), as the server sends them.

/** A product's text in one language (docs/product.md#catalogue-languages). */
export interface ProductText {
  name: string;
  description: string;
  features: string[];
}

/** A category's text in one language. */
export interface CategoryText {
  name: string;
  description: string;
}

/** An item's text by language: the shop's default language is required when it is written, the others optional. */
export type Translations<T> = Partial<Record<Language, T>>;
export type ProductTranslations = Translations<ProductText>;
export type CategoryTranslations = Translations<CategoryText>;

/**
 * What every catalogue item says of its languages: `name`, `description` (and a product's
 * `features`) are in `language`, the one asked for (`?lang=`, Accept-Language) when the item has
 * it, else the shop's default, else the first it has (catalogueTextIn); `translations` holds them all.
 */
export interface InLanguages<T> {
  language: Language;
  /** The shop's default language when the answer was made (Settings, Shop tab). */
  defaultLanguage: Language;
  translations: Translations<T>;
}

/** One price of a product: a duration, its whole-dinar price, and whether it is offered. */
export interface PriceDuration {
  duration: Duration;
  price: number;
  active: boolean;
}

/**
 * One stored rendition of an item's picture and the width it was rendered at (never more than the
 * upload's own width), as a srcset names it (docs/architecture.md#images).
 */
export interface ImageRendition {
  src: string;
  width: number;
}

/** A category as the API returns it. */
export interface CategoryView extends InLanguages<CategoryText> {
  id: string;
  name: string;
  slug: string;
  description: string;
  image_file: string | null;
  featuredImage: string | null;
  /** A smaller rendition of featuredImage for cards. */
  thumbnailImage: string | null;
  /**
   * Every rendition of the picture with its true width, narrowest first; empty for pictures stored
   * before widths were. The server always sends it; a view kept from before (a stored cart) may lack it.
   */
  imageRenditions?: ImageRendition[];
  /** Active products in the category; on the admin's list (`GET /api/admin/categories`), every product. */
  productsCount: number;
  /** The category's version, also sent as the ETag of its admin GET. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A product as the API returns it; `price` and `duration` are those of its first offered duration. */
export interface ProductView extends InLanguages<ProductText> {
  id: string;
  name: string;
  description: string;
  image_file: string | null;
  featuredImage: string | null;
  thumbnailImage: string | null;
  /** As a category's. */
  imageRenditions?: ImageRendition[];
  category_id: string;
  /** The category's slug. */
  category: string | null;
  category_slug: string | null;
  /** The category's name in the product's `language` when it has it (else as catalogueTextIn picks). */
  category_name: string | null;
  /** The category's name in each of its languages. */
  category_names: Partial<Record<Language, string>>;
  channels: number;
  quality: Quality;
  devices: number;
  popular: boolean;
  vod: boolean;
  active: boolean;
  features: string[];
  priceDurations: PriceDuration[];
  price: number;
  duration: Duration;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface CategoryPage {
  data: CategoryView[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

/** `GET /products/show/{id}`: a product with up to SIMILAR_PRODUCTS active products of its category. */
export interface ProductDetailView extends ProductView {
  similarProducts: ProductView[];
}

/**
 * The socket messages `productsUpdate` and `categoriesUpdate` (docs/architecture.md#live-updates) come in two shapes:
 * - the whole list (`{ products }`, `{ categories }`): the answer to `requestInitialData`, which a
 *   client sends on every (re)connection, and the first push of a server that has no earlier copy to
 *   compare with; it replaces what the client holds;
 * - a delta (`{ changed, removed }`, no list key) after a catalogue write: the items that changed or
 *   appeared, whole, and the ids of those that left the receiver's view (deleted; for shoppers also
 *   deactivated). It applies to the list the client holds, and means nothing to one that holds none.
 */
export interface ItemsDelta<T> {
  changed: T[];
  removed: string[];
}

/** `productsUpdate`: every product the receiver may see (shoppers: active ones only). */
export interface ProductsList {
  products: ProductView[];
}

/** `categoriesUpdate`: every category. */
export interface CategoriesList {
  categories: CategoryView[];
}

export type ProductsDelta = ItemsDelta<ProductView>;
export type CategoriesDelta = ItemsDelta<CategoryView>;
export type ProductsUpdate = ProductsList | ProductsDelta;
export type CategoriesUpdate = CategoriesList | CategoriesDelta;

/** `GET /api/admin/shop/language`: the catalogue's default language (docs/product.md#shop-settings), versioned like an item. */
export interface CatalogueLanguageView {
  /** The language every product and category must have; shoppers whose language an item lacks read it in this one. */
  defaultLanguage: Language;
  /** The settings' version (its ETag); -1 before an admin ever chose (the default is then INITIAL_SHOP_LANGUAGE). */
  version: number;
  /** For each language, how many products and categories have no text in it yet (the default's should be none). */
  missing: Record<Language, { products: number; categories: number }>;
}
