import type { Kysely } from 'kysely';
import { AnswerCache, type CachedJson } from '../../platform/http/cached-json';
import {
  SIMILAR_PRODUCTS,
  type CategoryPage,
  type CategoryView,
  type Duration,
  type ProductView,
} from '../../shared/catalogue';
import type { CatalogueTables, CategoryRow, ProductRow } from './rows';

// The whole catalogue read model in memory, as the API shows it. It is small (tens of categories,
// hundreds of products) and read by every shopper, so it is loaded whole and answered from here.

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
      return new CatalogueSnapshot(version, categories, products);
    });
}

/**
 * How many of one snapshot's other answers (searches, single items, other pages) are kept, least
 * recently used dropped first; a snapshot lives until the catalogue changes.
 */
const CACHED_ANSWERS = 500;
const PUBLIC = { includeInactive: false };

export class CatalogueSnapshot {
  /** Every category, oldest first, with its count of active products. */
  readonly categories: CategoryView[];
  /** Every product, inactive ones too, oldest first. */
  readonly products: ProductView[];
  readonly activeProducts: ProductView[];
  private readonly categoriesById = new Map<string, CategoryView>();
  private readonly categoriesBySlug = new Map<string, CategoryView>();
  private readonly productsById = new Map<string, ProductView>();
  private readonly answers = new AnswerCache(CACHED_ANSWERS);
  private readonly searchText = new Map<ProductView, string>();

  constructor(
    readonly version: string,
    categoryRows: CategoryRow[],
    productRows: ProductRow[],
  ) {
    const byId = new Map(categoryRows.map((c) => [c.id, c]));
    this.products = productRows.map((row) => productView(row, byId.get(row.category_id)));
    this.activeProducts = this.products.filter((p) => p.active);
    const counts = countBy(this.activeProducts, (p) => p.category_id);
    this.categories = categoryRows.map((row) => categoryView(row, counts.get(row.id) ?? 0));
    for (const category of this.categories) {
      this.categoriesById.set(category.id, category);
      this.categoriesBySlug.set(category.slug, category);
    }
    for (const product of this.products) {
      this.productsById.set(product.id, product);
      this.searchText.set(product, searchable(`${product.name} ${product.description} ${product.category_name ?? ''}`));
    }
  }

  /** A category by id or slug. */
  category(reference: string): CategoryView | undefined {
    return this.categoriesById.get(reference) ?? this.categoriesBySlug.get(reference.toLowerCase());
  }

  /** What a product's category may be given as: its id, slug or name. */
  categoryRefs(): Pick<CategoryView, 'id' | 'slug' | 'name'>[] {
    return this.categories.map(({ id, slug, name }) => ({ id, slug, name }));
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

  /** Every word of the query in the name, description or category name; case, accents and Arabic vowel marks ignored. */
  search(query: string, options: { includeInactive: boolean }): ProductView[] {
    const words = searchable(query).split(/\s+/).filter(Boolean);
    if (!words.length) return [];
    return this.productsIn(undefined, options).filter((p) => words.every((w) => this.searchText.get(p)!.includes(w)));
  }

  categoryPage(query: { page?: number; limit?: number; search?: string }): CategoryPage {
    const words = searchable(query.search ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const matching = words.length
      ? this.categories.filter((c) =>
          words.every((w) => searchable(`${c.name} ${c.description} ${c.slug}`).includes(w)),
        )
      : this.categories;
    const total = matching.length;
    const limit = query.limit ?? Math.max(total, 1);
    const page = query.page ?? 1;
    const data = matching.slice((page - 1) * limit, page * limit);
    return { data, pagination: { page, limit, total, totalPages: Math.ceil(total / limit) } };
  }

  /** The storefront's product list, all or one category's: kept for the snapshot's life (one per category at most). */
  productList(categoryId: string | undefined): CachedJson {
    return this.answers.get(`products ${categoryId ?? ''}`, () => this.productsIn(categoryId, PUBLIC), { keep: true });
  }

  /** A page of categories. The first page without a search, which every storefront page loads, is kept (limits are bounded). */
  categoryList(query: { page?: number; limit?: number; search?: string }): CachedJson {
    const page = query.page ?? 1;
    const keep = page === 1 && !query.search;
    return this.answers.get(
      `categories ${page} ${query.limit ?? 'all'} ${query.search ?? ''}`,
      () => this.categoryPage(query),
      { keep },
    );
  }

  /** Any other serialised answer for `key`, built once and kept among the most recently used. */
  answer(key: string, build: () => unknown): CachedJson {
    return this.answers.get(key, build);
  }
}

export function categoryView(row: CategoryRow, productsCount: number): CategoryView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    image_file: fileName(row.featured_image),
    featuredImage: row.featured_image,
    thumbnailImage: row.thumbnail_image,
    productsCount,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function productView(row: ProductRow, category: Pick<CategoryRow, 'slug' | 'name'> | undefined): ProductView {
  // The first duration still offered sets the product's own price and duration.
  const first = row.price_durations.find((d) => d.active) ?? row.price_durations[0];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_file: fileName(row.featured_image),
    featuredImage: row.featured_image,
    thumbnailImage: row.thumbnail_image,
    category_id: row.category_id,
    category: category?.slug ?? null,
    category_slug: category?.slug ?? null,
    category_name: category?.name ?? null,
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
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

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
