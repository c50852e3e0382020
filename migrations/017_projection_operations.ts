import { sql, type Kysely } from 'kysely';

// Projection operations (src/platform/projections/operations.ts): the rebuilds started from the
// back office or the CLI, with their progress and outcome, so whichever started one, every app
// instance and the CLI see it; and the last error of a projection whose batches fail (the runner
// retries), cleared by its next applied batch.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE projection_rebuilds (
      id uuid PRIMARY KEY,
      projections text[] NOT NULL,
      state text NOT NULL,
      origin text NOT NULL,
      started_by_id text,
      started_by_name text,
      instance text NOT NULL,
      started_at timestamptz NOT NULL,
      events bigint NOT NULL DEFAULT 0,
      total_events bigint NOT NULL DEFAULT 0,
      rate real NOT NULL DEFAULT 0,
      eta_seconds integer,
      finished_at timestamptz,
      duration_ms integer,
      rows jsonb,
      error text,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX projection_rebuilds_started_at ON projection_rebuilds (started_at DESC)`.execute(db);
  await sql`CREATE INDEX projection_rebuilds_updated_at ON projection_rebuilds (updated_at)`.execute(db);
  await sql`
    CREATE TABLE projection_failures (
      name text PRIMARY KEY,
      error text NOT NULL,
      failed_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE projection_failures`.execute(db);
  await sql`DROP TABLE projection_rebuilds`.execute(db);
}
