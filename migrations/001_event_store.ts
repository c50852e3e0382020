import { sql, type Kysely } from 'kysely';

// The PostgreSQL event store. Readers order, filter and checkpoint on (transaction_id, global_position):
// a bigserial alone can commit out of order and let a subscriber skip an event.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE events (
      global_position bigserial PRIMARY KEY,
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id text NOT NULL,
      stream_revision bigint NOT NULL,
      event_id uuid NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      CONSTRAINT events_stream_revision_unique UNIQUE (stream_id, stream_revision)
    )`.execute(db);
  await sql`CREATE INDEX events_transaction_position ON events (transaction_id, global_position)`.execute(db);
  // One wake-up per committing transaction; a statement trigger keeps it out of the append's round trip.
  await sql`
    CREATE FUNCTION events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('events_appended', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_appended AFTER INSERT ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_notify()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE events`.execute(db);
  await sql`DROP FUNCTION events_notify`.execute(db);
}
