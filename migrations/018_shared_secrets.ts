import { sql, type Kysely } from 'kysely';

// Secrets every instance and worker on this database must agree on (src/platform/secrets.ts): a
// generated one is kept here, so a second `npm start` (its own DATA_DIR) uses the same; a configured
// one only by its fingerprint, so an instance configured with another value is refused at start.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE shared_secrets (
      name text PRIMARY KEY,
      value text,
      fingerprint text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE shared_secrets`.execute(db);
}
