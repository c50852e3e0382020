import { sql, type Kysely } from 'kysely';

// Refunds (docs/product.md#refunds): a refunded order keeps what an administrator recorded (amount,
// reason, method, day, who) and the amount given back, which the revenue figures take out. No
// earlier order was refunded, so the orders read model keeps its rows and its checkpoint; the
// revenue index carries the new amount beside the total so the figures still read only the index.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN refund jsonb, ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0`.execute(
    db,
  );
  await sql`DROP INDEX orders_paid_at`.execute(db);
  await sql`CREATE INDEX orders_paid_at ON orders (paid_at) INCLUDE (total_amount, refunded_amount) WHERE paid_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX orders_paid_at`.execute(db);
  await sql`CREATE INDEX orders_paid_at ON orders (paid_at) INCLUDE (total_amount) WHERE paid_at IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE orders DROP COLUMN refund, DROP COLUMN refunded_amount`.execute(db);
}
