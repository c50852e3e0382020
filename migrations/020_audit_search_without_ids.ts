import { sql, type Kysely } from 'kysely';

// The audit trail's free text (src/projections/audit/queries.ts): words anywhere in the label, the
// actor's name and the action through a trigram index, and an entity's id from its start through a
// btree. With the 36 characters of each id in it, the trigram index took three times as long to
// build (10.6 s of a rebuild's 44 s over a million events, bench/rebuild), for a search nobody
// makes: ids are pasted whole or typed from their first characters.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX audit_entries_search_trgm`.execute(db);
  await sql`CREATE INDEX audit_entries_search_trgm ON audit_entries USING gin (lower(entity_label || ' ' || coalesce(actor_name, '') || ' ' || action) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_entries_entity_id_prefix ON audit_entries (entity_id text_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX audit_entries_entity_id_prefix`.execute(db);
  await sql`DROP INDEX audit_entries_search_trgm`.execute(db);
  await sql`CREATE INDEX audit_entries_search_trgm ON audit_entries USING gin (lower(entity_label || ' ' || coalesce(actor_name, '') || ' ' || action || ' ' || entity_id) gin_trgm_ops)`.execute(
    db,
  );
}
