import { sql, type Kysely } from 'kysely';

// Each catalogue picture's renditions with the width each was rendered at (docs/architecture.md#images), for
// the pages' srcset. Only events written from now on carry them, so the rows need no replay: older
// pictures keep null, and the pages fall back to a plain src for them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE catalogue_categories ADD COLUMN image_renditions jsonb`.execute(db);
  await sql`ALTER TABLE catalogue_products ADD COLUMN image_renditions jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE catalogue_products DROP COLUMN image_renditions`.execute(db);
  await sql`ALTER TABLE catalogue_categories DROP COLUMN image_renditions`.execute(db);
}
