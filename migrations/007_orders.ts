import { sql, type Kysely } from 'kysely';

// Read model of the orders (projection orders): the admin list, the shopper's confirmation, and
// the source of the customers list and the dashboard figures.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE orders (
      id text PRIMARY KEY,
      checkout_id text NOT NULL UNIQUE,
      provider text NOT NULL,
      customer_name text NOT NULL,
      customer_email text NOT NULL,
      phone text NOT NULL,
      total_amount integer NOT NULL,
      status text NOT NULL,
      requested_method text NOT NULL,
      payment_method text,
      items jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      paid_at timestamptz,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX orders_created_at ON orders (created_at DESC)`.execute(db);
  await sql`CREATE INDEX orders_status ON orders (status)`.execute(db);
  await sql`CREATE INDEX orders_phone ON orders (phone)`.execute(db);
  await sql`CREATE INDEX orders_paid_at ON orders (paid_at) WHERE paid_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE orders`.execute(db);
}
