import { sql, type Kysely } from 'kysely';

// The notes read model (projection notes; docs/product.md#notes): administrators' internal notes on
// orders and customers, read newest first per subject.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notes (
      id text PRIMARY KEY,
      subject_type text NOT NULL,
      subject_id text NOT NULL,
      text text NOT NULL,
      author text NOT NULL,
      at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX notes_subject ON notes (subject_type, subject_id, at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE notes`.execute(db);
}
