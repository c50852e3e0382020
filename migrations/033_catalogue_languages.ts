import { sql, type Kysely } from 'kysely';

// The catalogue in three languages (docs/product.md#catalogue-languages): each category and product keeps its
// text by language (`translations`; `name`, `description`, `features` stay the shop's default
// language's when written), and the shop's settings (its default language) get a row of their
// own. Existing rows cannot be given their languages from the table itself, so the catalogue read
// model is emptied and its checkpoint reset: the projection replays the catalogue's events into it
// at start, reading those from before languages as French (as 013 does for admin users).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE catalogue_categories ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE catalogue_products ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    CREATE TABLE catalogue_language (
      id text PRIMARY KEY,
      default_language text NOT NULL,
      version integer NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`DELETE FROM catalogue_products`.execute(db);
  await sql`DELETE FROM catalogue_categories`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'catalogue'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE catalogue_language`.execute(db);
  await sql`ALTER TABLE catalogue_products DROP COLUMN translations`.execute(db);
  await sql`ALTER TABLE catalogue_categories DROP COLUMN translations`.execute(db);
}
