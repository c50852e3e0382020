import { sql, type Kysely } from 'kysely';

// The shop's legal identity read model (projection shop-legal; docs/product.md#legal-information):
// one row, the identity as last saved, read by the store's footer, its /legal page and Settings.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE shop_legal (
      id text PRIMARY KEY,
      legal jsonb NOT NULL,
      version integer NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE shop_legal`.execute(db);
}
