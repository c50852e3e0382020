import { sql, type Kysely } from 'kysely';

// A restore's audit entry names the version it brought back (product.restored, category.restored).
// No event before this migration was a restore, so existing entries rightly hold null: the audit
// read model keeps its rows and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_entries ADD COLUMN restored_version integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_entries DROP COLUMN restored_version`.execute(db);
}
