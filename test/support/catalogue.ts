import type { Kysely } from 'kysely';
import request from 'supertest';
import { expect } from 'vitest';
import { rebuildProjections } from '../../src/platform/projections/rebuild';
import { auditProjection } from '../../src/projections/audit';
import { catalogueProjection, createLiveCatalogue } from '../../src/projections/catalogue';
import type { Database } from '../../src/projections/database';
import { bearer } from './admin';
import type { RunningApp } from './app';

/** A category and a product with the given prices, made through the admin API as an admin would. */
export async function createProduct(
  url: string,
  token: string,
  name: string,
  prices: [string, number][],
): Promise<{ id: string }> {
  const category = (
    await request(url)
      .post('/api/admin/categories')
      .set(bearer(token))
      .send({ name: `${name} category`, description: 'For tests' })
  ).body.category;
  const res = await request(url)
    .post('/api/admin/products')
    .set(bearer(token))
    .send({
      name,
      category_id: category.id,
      quality: 'HD',
      devices: 2,
      channels: 500,
      price_durations: prices.map(([duration, price]) => ({ duration, price })),
    });
  if (res.status !== 201) throw new Error(`product not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
}

/** The catalogue's and the audit trail's rows, in a stable order: what a rebuild must give back. */
export async function catalogueAndAuditRows(db: Kysely<Database>) {
  return {
    categories: await db.selectFrom('catalogue_categories').selectAll().orderBy('id').execute(),
    aliases: await db.selectFrom('catalogue_category_aliases').selectAll().orderBy('slug').execute(),
    products: await db.selectFrom('catalogue_products').selectAll().orderBy('id').execute(),
    shop: await db.selectFrom('catalogue_language').selectAll().execute(),
    entries: await db.selectFrom('audit_entries').selectAll().orderBy('id').execute(),
    entities: await db.selectFrom('audit_entities').selectAll().orderBy('key').execute(),
  };
}

/**
 * Rebuilds the catalogue and the audit trail from the log, in batches of 2 and of 1,000, and
 * expects each time exactly the rows the live projections built (`live`, from catalogueAndAuditRows).
 */
export async function expectRebuildGivesBack(
  app: RunningApp,
  live: Awaited<ReturnType<typeof catalogueAndAuditRows>>,
): Promise<void> {
  const db = app.infra.db;
  for (const batchSize of [2, 1000]) {
    await rebuildProjections({
      db,
      store: app.infra.store,
      databaseUrl: app.infra.database.url,
      projections: [catalogueProjection(createLiveCatalogue(db)), auditProjection()],
      batchSize,
    });
    expect(await catalogueAndAuditRows(db), `rebuilt in batches of ${batchSize}`).toEqual(live);
  }
}
