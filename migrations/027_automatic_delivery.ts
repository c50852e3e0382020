import { sql, type Kysely } from 'kysely';

// Automatic delivery's last failure per order (AutomaticDeliveryFailed; an administrator's retry,
// AutomaticDeliveryRetried, clears it), for the order's detail and for the orders scheduled again
// at start-up (docs/product.md#automatic-delivery). No earlier event sets them, so existing rows
// rightly hold null and the subscriptions read model keeps its rows and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE subscription_orders ADD COLUMN automatic_failure text`.execute(db);
  await sql`ALTER TABLE subscription_orders ADD COLUMN automatic_failed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE subscription_orders DROP COLUMN automatic_failed_at`.execute(db);
  await sql`ALTER TABLE subscription_orders DROP COLUMN automatic_failure`.execute(db);
}
