import type { Kysely } from 'kysely';
import { AnswerCache, type CachedJson } from '../../platform/http/cached-json';
import {
  CATALOGUE_LANGUAGES,
  INITIAL_SHOP_LANGUAGE,
  SIMILAR_PRODUCTS,
  byLanguage,
  inLanguage,
  type CategoryPage,
  type CategoryText,
  type CategoryView,
  type Duration,
  type ProductText,
  type ProductView,
  type CatalogueLanguageView,
} from '../../shared/catalogue';
import type { Language } from '../../shared/identity';
import {
  LANGUAGE_ROW,
  type CatalogueLanguageRow,
  type CatalogueTables,
  type CategoryAliasRow,
  type CategoryRow,
  type ProductRow,
} from './rows';

// The whole catalogue read model in memory, as the API shows it. It is small (tens of categories,
// hundreds of products) and read by every shopper, so it is loaded whole and answered from here.
// Items are held as the shop's default language shows them; an answer in another language
// (docs/product.md#catalogue-languages) is made from them once per catalogue version and kept under its language.

/** The version row, changed by every catalogue batch ('' before the first). */
export async function readCatalogueVersion(db: Kysely<CatalogueTables>): Promise<string> {
  const row = await db
    .selectFrom('catalogue_version')
    .select('version')
    .where('id', '=', 'catalogue')
    .executeTakeFirst();
  return row?.version ?? '';
}

/** Reads the version and the rows in one snapshot, so the version names exactly these rows. */
export function loadSnapshot(db: Kysely<CatalogueTables>): Promise<CatalogueSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const version = await readCatalogueVersion(trx);
      const categories = await trx
        .selectFrom('catalogue_categories')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const products = await trx
        .selectFrom('catalogue_products')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const language = await trx
        .selectFrom('catalogue_language')
        .selectAll()
        .where('id', '=', LANGUAGE_ROW)
        .executeTakeFirst();
      const aliases = await trx.selectFrom('catalogue_category_aliases').selectAll().execute();
      return new CatalogueSnapshot(version, categories, products, language, aliases);
    });
}

/**
 * How many of one snapshot's other answers (searches, single items, other pages) are kept, least
 * recently used dropped first; a snapshot lives until the catalogue changes.
 */
const CACHED_ANSWERS = 500;
const PUBLIC = { includeInactive: false };
/** Answers differ by language, asked for with `?lang=` or Accept-Language: caches must keep them apart. */
const BY_LANGUAGE = { vary: 'Accept-Language' };

export class CatalogueSnapshot {
  /** The language every item must have, and shoppers whose language an item lacks read it in. */
  readonly defaultLanguage: Language;
  /** The shop's settings' version (-1: never chosen). */
  readonly languageVersion: number;
  /** Every category, oldest first, with its count of active products. */
  readonly categories: CategoryView[];
  /** Every product, inactive ones too, oldest first. */
  readonly products: ProductView[];
  readonly activeProducts: ProductView[];
  private readonly categoriesById = new Map<string, CategoryView>();
  private readonly categoriesBySlug = new Map<string, CategoryView>();
  /** Old slugs (docs/product.md#category-addresses): asked for after the current ones, which always win. */
  private readonly categoriesByAlias = new Map<string, CategoryView>();
  private readonly productsById = new Map<string, ProductView>();
  private readonly answers = new AnswerCache(CACHED_ANSWERS, BY_LANGUAGE);
  private readonly searchText = new Map<ProductView, string>();

  constructor(
    readonly version: string,
    categoryRows: CategoryRow[],
    productRows: ProductRow[],
    language?: CatalogueLanguageRow,
    aliasRows: CategoryAliasRow[] = [],
  ) {
    this.defaultLanguage = language?.default_language ?? INITIAL_SHOP_LANGUAGE;
    this.languageVersion = language?.version ?? -1;
    const byId = new Map(categoryRows.map((c) => [c.id, c]));
    this.products = productRows.map((row) => productView(row, byId.get(row.category_id), this.defaultLanguage));
    this.activeProducts = this.products.filter((p) => p.active);
    const counts = countBy(this.activeProducts, (p) => p.category_id);
    this.categories = categoryRows.map((row) => categoryView(row, counts.get(row.id) ?? 0, this.defaultLanguage));
    for (const category of this.categories) {
      this.categoriesById.set(category.id, category);
      this.categoriesBySlug.set(category.slug, category);
    }
    for (const alias of aliasRows) {
      const category = this.categoriesById.get(alias.category_id);
      if (category) this.categoriesByAlias.set(alias.slug, category);
    }
    // A product is found by its name (and description, and category) in any of its languages.
    for (const product of this.products) {
      this.productsById.set(product.id, product);
      const texts = Object.values(product.translations).flatMap((text) => [text.name, text.description]);
      this.searchText.set(product, searchable([...texts, ...Object.values(product.category_names)].join(' ')));
    }
  }

  /** An item as asked for in `language` (the default language's text when it lacks it, see inLanguage). */
  inLanguage<V extends ProductView | CategoryView>(item: V, language: Language | undefined): V {
    return !language || language === this.defaultLanguage ? item : inLanguage(item, language);
  }

  /** The language an answer is made in, and kept under: the one asked for, else the default. */
  private answerLanguage(language: Language | undefined): Language {
    return language ?? this.defaultLanguage;
  }

  /** The catalogue's default language as the back office shows it, with what lacks each language. */
  languageSettings(): CatalogueLanguageView {
    const lacking = (items: { translations: Partial<Record<Language, unknown>> }[], language: Language) =>
      items.filter((item) => !item.translations[language]).length;
    const missing = byLanguage((language) => ({
      products: lacking(this.products, language),
      categories: lacking(this.categories, language),
    }));
    return { defaultLanguage: this.defaultLanguage, version: this.languageVersion, missing };
  }

  /** A category by id, slug or old slug (the view carries its current slug). */
  category(reference: string): CategoryView | undefined {
    const slug = reference.toLowerCase();
    return this.categoriesById.get(reference) ?? this.categoriesBySlug.get(slug) ?? this.categoriesByAlias.get(slug);
  }

  /** What a product's category may be given as: its id, slug or name in any language. */
  categoryRefs(): { id: string; slug: string; names: string[] }[] {
    return this.categories.map(({ id, slug, translations }) => ({
      id,
      slug,
      names: Object.values(translations).map((text) => text.name),
    }));
  }

  product(id: string, options: { includeInactive: boolean }): ProductView | undefined {
    const product = this.productsById.get(id);
    return product && (product.active || options.includeInactive) ? product : undefined;
  }

  productsIn(categoryId: string | undefined, options: { includeInactive: boolean }): ProductView[] {
    const list = options.includeInactive ? this.products : this.activeProducts;
    return categoryId === undefined ? list : list.filter((p) => p.category_id === categoryId);
  }

  /** Every product of the category, inactive ones too: what deleting the category would orphan. */
  countAllIn(categoryId: string): number {
    return this.products.filter((p) => p.category_id === categoryId).length;
  }

  /** Up to 4 other active products of the same category, popular ones first. */
  similarTo(product: ProductView): ProductView[] {
    return this.activeProducts
      .filter((p) => p.category_id === product.category_id && p.id !== product.id)
      .sort((a, b) => Number(b.popular) - Number(a.popular))
      .slice(0, SIMILAR_PRODUCTS);
  }

  /** Every word of the query in the name, description or category name, in any language; case, accents and Arabic vowel marks ignored. */
  search(query: string, options: { includeInactive: boolean }): ProductView[] {
    const words = searchable(query).split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    return this.productsIn(undefined, options).filter((p) => words.every((w) => this.searchText.get(p)!.includes(w)));
  }

  categoryPage(query: { page?: number; limit?: number; search?: string }): CategoryPage {
    const words = searchable(query.search ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const text = (c: CategoryView) =>
      searchable([...Object.values(c.translations).flatMap((t) => [t.name, t.description]), c.slug].join(' '));
    const matching = words.length
      ? this.categories.filter((c) => words.every((w) => text(c).includes(w)))
      : this.categories;
    const total = matching.length;
    const limit = query.limit ?? Math.max(total, 1);
    const page = query.page ?? 1;
    const data = matching.slice((page - 1) * limit, page * limit);
    return { data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
  }

  /**
   * The storefront's product list, all or one category's, in a language: kept for the snapshot's
   * life (one per category and language at most).
   */
  productList(categoryId: string | undefined, language?: Language): CachedJson {
    const shown = this.answerLanguage(language);
    return this.answers.get(
      `products ${categoryId ?? ''} ${shown}`,
      () => this.productsIn(categoryId, PUBLIC).map((product) => this.inLanguage(product, shown)),
      { keep: true },
    );
  }

  /**
   * A page of categories in a language. The first page without a search, which every storefront
   * page loads, is kept (limits and languages are bounded).
   */
  categoryList(query: { page?: number; limit?: number; search?: string }, language?: Language): CachedJson {
    const page = query.page ?? 1;
    const keep = page === 1 && !query.search;
    const shown = this.answerLanguage(language);
    return this.answers.get(
      `categories ${page} ${query.limit ?? 'all'} ${shown} ${query.search ?? ''}`,
      () => {
        const found = this.categoryPage(query);
        return { ...found, data: found.data.map((category) => this.inLanguage(category, shown)) };
      },
      { keep },
    );
  }

  /**
   * Any other serialised answer for `key` in a language, built once (from the items `build` gives,
   * shown in that language by `build`'s second argument) and kept among the most recently used.
   */
  answer(
    key: string,
    language: Language | undefined,
    build: (shown: <V extends ProductView | CategoryView>(item: V) => V) => unknown,
  ): CachedJson {
    const shown = this.answerLanguage(language);
    return this.answers.get(`${key} ${shown}`, () => build((item) => this.inLanguage(item, shown)));
  }
}

export function categoryView(
  row: CategoryRow,
  productsCount: number,
  defaultLanguage: Language = INITIAL_SHOP_LANGUAGE,
): CategoryView {
  const { name, description } = row;
  return inLanguage(
    { ...itemFields<CategoryText>(row, defaultLanguage), name, slug: row.slug, description, productsCount },
    undefined,
  );
}

/** A product's category as its view names it: by its name as written, and in each language when known. */
type CategoryOfProduct = Pick<CategoryRow, 'slug' | 'name'> & Partial<Pick<CategoryRow, 'translations'>>;

export function productView(
  row: ProductRow,
  category: CategoryOfProduct | undefined,
  defaultLanguage: Language = INITIAL_SHOP_LANGUAGE,
): ProductView {
  // The first duration still offered sets the product's own price and duration.
  const first = row.price_durations.find((d) => d.active) ?? row.price_durations[0];
  return inLanguage(
    {
      ...itemFields<ProductText>(row, defaultLanguage),
      name: row.name,
      description: row.description,
      category_id: row.category_id,
      category: category?.slug ?? null,
      category_slug: category?.slug ?? null,
      category_name: category?.name ?? null,
      category_names: namesOf(category?.translations ?? {}),
      channels: row.channels,
      quality: row.quality,
      devices: row.devices,
      popular: row.popular,
      vod: row.vod,
      active: row.active,
      features: row.features,
      priceDurations: row.price_durations,
      price: first?.price ?? 0,
      duration: first?.duration ?? ('1 month' as Duration),
    },
    undefined,
  );
}

/**
 * What every item's view has of its row: id, texts by language (shown by inLanguage in the default
 * one, `name` and `description` as written standing in when it has no language at all), pictures,
 * version and times.
 */
function itemFields<T>(row: CategoryRow | ProductRow, defaultLanguage: Language) {
  return {
    id: row.id,
    language: defaultLanguage,
    defaultLanguage,
    translations: row.translations as Partial<Record<Language, T>>,
    image_file: fileName(row.featured_image),
    featuredImage: row.featured_image,
    thumbnailImage: row.thumbnail_image,
    imageRenditions: row.image_renditions ?? [],
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A category's name in each of its languages, in the order ar, fr, en. */
const namesOf = (translations: CategoryRow['translations']): Partial<Record<Language, string>> =>
  Object.fromEntries(
    CATALOGUE_LANGUAGES.filter((language) => translations[language]).map((language) => [
      language,
      translations[language]!.name,
    ]),
  );

/** pg reads timestamptz back as a Date; rows built in memory may hold the ISO text they were written with. */
const iso = (time: string | Date) => new Date(time).toISOString();

const fileName = (path: string | null) => (path ? path.slice(path.lastIndexOf('/') + 1) : null);

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * Text as search compares it: lower case, without accents or Arabic vowel marks (both are
 * combining marks once decomposed) nor the tatweel, with Arabic letter variants unified.
 */
export function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\u0640]/gu, '')
    .toLowerCase()
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه');
}
