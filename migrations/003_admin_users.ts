import { sql, type Kysely } from 'kysely';

// Read model of the admin users (projection admin-users).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE admin_users (
      id text PRIMARY KEY,
      username text NOT NULL,
      name text NOT NULL,
      role text NOT NULL,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX admin_users_username ON admin_users (lower(username))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE admin_users`.execute(db);
}
