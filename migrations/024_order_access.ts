import { sql, type Kysely } from 'kysely';

// The shopper's private link and what the store tells the shopper (docs/product.md#order-page): the
// token's hash (unique: the order page finds its order by it) and the token sealed, the language
// of the checkout, and the last time an administrator sent the order on WhatsApp, and who. Orders
// placed before links existed rightly hold nulls until an administrator makes them a link, so the
// orders read model keeps its rows and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN access_hash text,
      ADD COLUMN access_sealed text,
      ADD COLUMN language text,
      ADD COLUMN whatsapp_sent_at timestamptz,
      ADD COLUMN whatsapp_sent_by text`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_access_hash ON orders (access_hash)`.execute(db);
  // The subscriptions read model tells the order page when details arrive, in the room of its link.
  await sql`ALTER TABLE subscription_orders ADD COLUMN access_hash text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE subscription_orders DROP COLUMN access_hash`.execute(db);
  await sql`DROP INDEX orders_access_hash`.execute(db);
  await sql`
    ALTER TABLE orders
      DROP COLUMN access_hash,
      DROP COLUMN access_sealed,
      DROP COLUMN language,
      DROP COLUMN whatsapp_sent_at,
      DROP COLUMN whatsapp_sent_by`.execute(db);
}
