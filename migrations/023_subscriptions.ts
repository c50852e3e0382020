import { sql, type Kysely } from 'kysely';

// The subscriptions read model (projection subscriptions; docs/architecture.md#read-models): one row
// per unit of each paid order line, and what it needs of orders and products to open them. Activation
// details and messages are stored sealed, as the events carry them.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE subscriptions (
      id text PRIMARY KEY,
      order_id text NOT NULL,
      line_index integer NOT NULL,
      unit_index integer NOT NULL,
      product_id text NOT NULL,
      package_name text NOT NULL,
      duration text NOT NULL,
      quality text NOT NULL,
      devices integer,
      status text NOT NULL,
      starts_at timestamptz,
      ends_at timestamptz,
      kind text,
      activation text,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX subscriptions_order ON subscriptions (order_id, line_index, unit_index)`.execute(db);
  await sql`CREATE INDEX subscriptions_awaiting ON subscriptions (order_id) WHERE status = 'awaiting_delivery'`.execute(
    db,
  );
  await sql`
    CREATE TABLE subscription_orders (
      order_id text PRIMARY KEY,
      lines jsonb NOT NULL,
      deleted boolean NOT NULL,
      message text,
      delivered_at timestamptz
    )`.execute(db);
  await sql`
    CREATE TABLE subscription_products (
      product_id text PRIMARY KEY,
      devices integer NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE subscription_products`.execute(db);
  await sql`DROP TABLE subscription_orders`.execute(db);
  await sql`DROP TABLE subscriptions`.execute(db);
}
