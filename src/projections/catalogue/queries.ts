import { sql, type Kysely } from 'kysely';
import type { PriceDuration } from '../../shared/catalogue';
import type { Language } from '../../shared/identity';
import type { LiveCatalogue } from './live-catalogue';
import type { CatalogueTables } from './rows';

// What other modules read of the catalogue read model (they never touch its tables).

export interface ProductForPricing {
  id: string;
  name: string;
  quality: string;
  active: boolean;
  priceDurations: PriceDuration[];
}

/**
 * Products by id, for pricing a checkout on the server: from this instance's copy of the read
 * model, checked against it within the last second (and at once after an admin write here), so a
 * checkout costs no query for its prices. Inactive products are included: the caller refuses them.
 * Named in `language` when they have it (else as docs/product.md#catalogue-languages falls back).
 */
export async function findProductsForPricing(
  live: LiveCatalogue,
  ids: string[],
  language?: Language,
): Promise<Map<string, ProductForPricing>> {
  const catalogue = await live.current();
  const found = new Map<string, ProductForPricing>();
  for (const id of ids) {
    const product = catalogue.product(id, { includeInactive: true });
    if (product)
      found.set(id, {
        id,
        name: catalogue.inLanguage(product, language).name,
        quality: product.quality,
        active: product.active,
        priceDurations: product.priceDurations,
      });
  }
  return found;
}

/** For the dashboard: products in the catalogue, and how many were added in [from, to). */
export async function productFigures(
  db: Kysely<CatalogueTables>,
  from: Date,
  to: Date,
): Promise<{ productsCount: number; productsAdded: number }> {
  const { rows } = await sql<{ productsCount: number; productsAdded: number }>`
    SELECT count(*)::int AS "productsCount",
           count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to})::int AS "productsAdded"
    FROM catalogue_products`.execute(db);
  return rows[0] ?? { productsCount: 0, productsAdded: 0 };
}
