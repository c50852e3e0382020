import { sql, type Kysely } from 'kysely';

// A renamed category keeps its old slugs as other addresses (docs/product.md#category-addresses):
// the catalogue read model's aliases, folded from the slug streams' events. Those events go back
// to the first category, so the catalogue's checkpoint is reset: the projection replays its events
// at start and fills the aliases of every rename made so far. Its other tables stay as they are
// meanwhile (a replay writes each row as it already is: rows upserted, removals by id).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_category_aliases (
      slug text PRIMARY KEY,
      category_id text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX catalogue_category_aliases_category ON catalogue_category_aliases (category_id)`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'catalogue'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE catalogue_category_aliases`.execute(db);
}
