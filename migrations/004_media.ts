import { sql, type Kysely } from 'kysely';

// Uploaded images (renditions), written by commands and served at /media/<name> by every instance.
// Not a read model: rows are named by a hash of their content and never change.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE media (
      name text PRIMARY KEY,
      content_type text NOT NULL,
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE media`.execute(db);
}
