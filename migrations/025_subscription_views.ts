import { sql, type Kysely } from 'kysely';

// The subscriptions screen (docs/product.md#subscriptions-screen): its views read delivered
// subscriptions by their end (expiring soon, expired lately), and each row shows the latest
// reminder sent. No earlier event is a reminder, so the new table starts empty and the read model
// keeps its rows and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX subscriptions_active_ends ON subscriptions (ends_at, id) WHERE status = 'active'`.execute(db);
  await sql`CREATE INDEX subscriptions_status_created ON subscriptions (status, created_at, id)`.execute(db);
  await sql`
    CREATE TABLE subscription_reminders (
      subscription_id text NOT NULL,
      step text NOT NULL,
      at timestamptz NOT NULL,
      by text NOT NULL,
      PRIMARY KEY (subscription_id, step)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE subscription_reminders`.execute(db);
  await sql`DROP INDEX subscriptions_status_created`.execute(db);
  await sql`DROP INDEX subscriptions_active_ends`.execute(db);
}
