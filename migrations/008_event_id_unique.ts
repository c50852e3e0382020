import { sql, type Kysely } from 'kysely';

// Event ids derive from the command that wrote them (see eventIds), so a unique event_id is what
// turns a resent append into the first one's result instead of a second copy of its events.
// Kysely runs each migration inside a transaction, where CREATE INDEX CONCURRENTLY is refused: the
// build blocks appends for as long as it reads the table, once, at the upgrade.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX events_event_id_unique ON events (event_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX events_event_id_unique`.execute(db);
}
