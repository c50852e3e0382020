import { sql, type Kysely } from 'kysely';

// Renewals (docs/product.md#renewals): a paid renewal extends the subscription it names, and the
// subscriptions read model keeps each renewal (which order, for how long, what it cost, the end
// before and after); the orders read model says which order a renewal renews ("Renewal of #1042").
// No earlier order renews anything, so both read models keep their rows and checkpoints.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE subscription_renewals (
      subscription_id text NOT NULL,
      order_id text NOT NULL,
      order_number integer NOT NULL,
      duration text NOT NULL,
      amount integer NOT NULL,
      paid_at timestamptz NOT NULL,
      previous_end timestamptz NOT NULL,
      new_end timestamptz,
      PRIMARY KEY (subscription_id, order_id)
    )`.execute(db);
  await sql`CREATE INDEX subscription_renewals_previous_end ON subscription_renewals (previous_end)`.execute(db);
  await sql`CREATE INDEX subscription_renewals_paid_at ON subscription_renewals (paid_at)`.execute(db);
  await sql`ALTER TABLE subscription_orders ADD COLUMN number integer`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN renewal_of_number integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN renewal_of_number`.execute(db);
  await sql`ALTER TABLE subscription_orders DROP COLUMN number`.execute(db);
  await sql`DROP TABLE subscription_renewals`.execute(db);
}
