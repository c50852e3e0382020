import { sql, type Kysely } from 'kysely';

// The throttles' counters (rate-limiter-flexible's PostgreSQL layout: one row per key, expire in
// epoch ms), which replace the sign-in failure log; and each admin user's version (the revision of
// their stream). The admin-users read model is emptied and replayed from the log so every row
// gets its true version; the store waits for that replay before it answers.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
  await sql`DROP TABLE login_failures`.execute(db);
  await sql`ALTER TABLE admin_users ADD COLUMN version integer NOT NULL DEFAULT 0`.execute(db);
  await sql`DELETE FROM admin_users`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'admin-users'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE admin_users DROP COLUMN version`.execute(db);
  await sql`
    CREATE TABLE login_failures (
      username text NOT NULL,
      address text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_username ON login_failures (username, failed_at)`.execute(db);
  await sql`CREATE INDEX login_failures_address ON login_failures (address, failed_at)`.execute(db);
  await sql`DROP TABLE rate_limits`.execute(db);
}
