import { sql, type Kysely } from 'kysely';

// The audit read model (src/projections/audit): one row per event someone caused, and the state of
// each entity the projection needs to tell what an update changed and who an admin was at the time.
// Both are filled by the projection from the log: its checkpoint starts at the beginning, so the
// first start after this migration replays every event into them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE audit_entries (
      id text PRIMARY KEY,
      position_commit numeric(20) NOT NULL,
      position_prepare numeric(20) NOT NULL,
      occurred_at timestamptz NOT NULL,
      actor_type text NOT NULL,
      actor_id text NOT NULL,
      actor_name text,
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      entity_label text NOT NULL,
      changes jsonb NOT NULL,
      correlation_id text NOT NULL
    )`.execute(db);
  // Newest first by log position (a page and the next page's keyset are ranges of these indexes).
  await sql`CREATE INDEX audit_entries_position ON audit_entries (position_commit DESC, position_prepare DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_entries_entity ON audit_entries (entity_type, entity_id, position_commit DESC, position_prepare DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_entries_actor ON audit_entries (actor_id, position_commit DESC, position_prepare DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX audit_entries_occurred_at ON audit_entries (occurred_at)`.execute(db);
  // Free text looks anywhere in the label, the actor's name, the action and the id (see queries.ts).
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX audit_entries_search_trgm ON audit_entries USING gin (lower(entity_label || ' ' || coalesce(actor_name, '') || ' ' || action || ' ' || entity_id) gin_trgm_ops)`.execute(
    db,
  );
  await sql`
    CREATE TABLE audit_entities (
      key text PRIMARY KEY,
      state jsonb NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE audit_entities`.execute(db);
  await sql`DROP TABLE audit_entries`.execute(db);
  await sql`DELETE FROM projection_checkpoints WHERE name = 'audit'`.execute(db);
}
