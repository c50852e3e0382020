import { sql, type Kysely } from 'kysely';

// Which event store the projections' checkpoints are positions in (PostgreSQL's log or an
// EventStoreDB/KurrentDB server): a position of one is meaningless in the other, so the store
// rebuilds the read models when it finds itself on another (src/platform/projections/log-source.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE projection_log_source (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      engine text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE projection_log_source`.execute(db);
}
