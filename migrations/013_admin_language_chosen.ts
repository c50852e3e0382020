import { sql, type Kysely } from 'kysely';

// Whether each admin has chosen their display language (AdminSettingsChanged.languageChosen): the
// back office starts in English until they have, although the language kept by default
// is ar (docs/product.md#settings). Existing rows cannot be filled from the table itself, so the admin-users read
// model is emptied and its checkpoint reset: the projection replays the identity events into it
// at start (as in 009).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE admin_users ADD COLUMN language_chosen boolean NOT NULL DEFAULT false`.execute(db);
  await sql`DELETE FROM admin_users`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'admin-users'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE admin_users DROP COLUMN language_chosen`.execute(db);
}
