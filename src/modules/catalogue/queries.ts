import { sql, type Kysely } from 'kysely';
import type { PriceDuration } from '../../shared/catalogue';

// What other modules may read of the catalogue read model (they never touch its tables).

export interface ProductForPricing {
  id: string;
  name: string;
  quality: string;
  active: boolean;
  priceDurations: PriceDuration[];
}

/** Products by id as the catalogue knows them now, for pricing a checkout on the server. */
export async function findProductsForPricing(db: Kysely<any>, ids: string[]): Promise<Map<string, ProductForPricing>> {
  if (!ids.length) return new Map();
  const { rows } = await sql<{ id: string; name: string; quality: string; active: boolean; price_durations: PriceDuration[] }>`
    SELECT id, name, quality, active, price_durations FROM catalogue_products WHERE id = ANY(${ids})`.execute(db);
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, quality: r.quality, active: r.active, priceDurations: r.price_durations }]));
}

/** For the dashboard: products in the catalogue, and how many were added in [from, to). */
export async function productFigures(db: Kysely<any>, from: Date, to: Date): Promise<{ productsCount: number; productsAdded: number }> {
  const { rows } = await sql<{ productsCount: number; productsAdded: number }>`
    SELECT count(*)::int AS "productsCount",
           count(*) FILTER (WHERE created_at >= ${from} AND created_at < ${to})::int AS "productsAdded"
    FROM catalogue_products`.execute(db);
  return rows[0] ?? { productsCount: 0, productsAdded: 0 };
}
