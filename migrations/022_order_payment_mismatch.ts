import { sql, type Kysely } from 'kysely';

// A payment whose amount or currency is not the order's (OrderPaymentMismatched) leaves the order
// as payment_mismatch, with what was paid and what was asked in payment_mismatch, kept after an
// admin's decision so the order still says what happened. The status column takes any text, so
// only this column is new; no earlier event sets it, so existing rows rightly hold null and the
// orders read model keeps its rows and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN payment_mismatch jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN payment_mismatch`.execute(db);
}
