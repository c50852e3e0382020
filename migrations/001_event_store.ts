import { sql, type Kysely } from 'kysely';

// The PostgreSQL event store. Readers order, filter and checkpoint on (transaction_id, global_position):
// a bigserial alone can commit out of order and let a subscriber skip an event. That pair is the
// primary key, so appends maintain only two indexes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE events (
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      global_position bigserial NOT NULL,
      stream_id text NOT NULL,
      stream_revision bigint NOT NULL,
      event_id uuid NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      CONSTRAINT events_pkey PRIMARY KEY (transaction_id, global_position),
      CONSTRAINT events_stream_revision_unique UNIQUE (stream_id, stream_revision)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE events`.execute(db);
}
