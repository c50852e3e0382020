import { sql, type Kysely } from 'kysely';

// The sandbox payment provider's own checkouts (PAYMENT_PROVIDER=sandbox). Operational data of a
// stand-in for the real provider, not events: kept in one table so every app instance sees them.
// 'expired' is never stored: a pending checkout past expires_at reads as expired.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sandbox_checkouts (
      id text PRIMARY KEY,
      amount integer NOT NULL CHECK (amount >= 0),
      description text NOT NULL,
      locale text NOT NULL,
      requested_method text NOT NULL,
      payment_method text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed', 'canceled')),
      success_url text NOT NULL,
      failure_url text NOT NULL,
      webhook_url text,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      completed_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE sandbox_checkouts`.execute(db);
}
