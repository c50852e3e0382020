import { sql, type Kysely } from 'kysely';

// One row per projection: the last position applied, written in the same transaction as its rows.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE projection_checkpoints (
      name text PRIMARY KEY,
      position_commit numeric(20) NOT NULL DEFAULT -1,
      position_prepare numeric(20) NOT NULL DEFAULT -1,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE projection_checkpoints`.execute(db);
}
