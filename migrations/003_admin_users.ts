import { sql, type Kysely } from 'kysely';

// Read model of the admin users (projection admin-users), with each admin's settings, and the
// failed sign-ins the login throttle counts (operational data, not events).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE admin_users (
      id text PRIMARY KEY,
      username text NOT NULL,
      name text NOT NULL,
      role text NOT NULL,
      password_hash text NOT NULL,
      email text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      notifications jsonb NOT NULL,
      language text NOT NULL,
      timezone text NOT NULL,
      date_format text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX admin_users_username ON admin_users (lower(username))`.execute(db);
  await sql`
    CREATE TABLE login_failures (
      username text NOT NULL,
      address text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_failures_username ON login_failures (username, failed_at)`.execute(db);
  await sql`CREATE INDEX login_failures_address ON login_failures (address, failed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE login_failures`.execute(db);
  await sql`DROP TABLE admin_users`.execute(db);
}
