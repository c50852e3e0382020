import { sql, type Kysely } from 'kysely';

// Signing out (AdminSignedOut, AdminSignedOutEverywhere), in the admin-users read model: each
// admin's session version, which every token carries and "sign out everywhere" raises, and the
// ids of the tokens signed out one by one, kept until they would have expired. No earlier event
// sets either, so existing rows need no replay.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE admin_users ADD COLUMN session_version integer NOT NULL DEFAULT 0`.execute(db);
  await sql`
    CREATE TABLE admin_revoked_tokens (
      token_id text PRIMARY KEY,
      user_id text NOT NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX admin_revoked_tokens_expires_at ON admin_revoked_tokens (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE admin_revoked_tokens`.execute(db);
  await sql`ALTER TABLE admin_users DROP COLUMN session_version`.execute(db);
}
