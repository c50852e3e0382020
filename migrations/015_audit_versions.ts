import { sql, type Kysely } from 'kysely';

// Each audit entry names the version its entity had once the change was made (the event's revision
// in the entity's stream, what ETags and If-Match carry): a history shows it, and a restore names
// the version to go back to. Existing entries cannot be given it from the table, so the audit read
// model is emptied and its checkpoint reset: the projection replays the log into it at start.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM audit_entries`.execute(db);
  await sql`DELETE FROM audit_entities`.execute(db);
  await sql`ALTER TABLE audit_entries ADD COLUMN entity_version integer NOT NULL`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'audit'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_entries DROP COLUMN entity_version`.execute(db);
}
