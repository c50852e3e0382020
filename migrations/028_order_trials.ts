import { sql, type Kysely } from 'kysely';

// Free trials (docs/product.md#free-trials): an order placed as a free trial says so, for the
// admins' badge, the orders CSV and the dashboard's count of trials. No earlier event places a
// trial, so existing rows rightly hold false and the orders read model keeps its rows and its
// checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN trial boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN trial`.execute(db);
}
