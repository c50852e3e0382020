import { sql, type Kysely } from 'kysely';

// Order numbers people can say (#1042). New orders take theirs from the sequence order_numbers at
// checkout and their OrderPlaced records it; orders placed before get 1, 2, 3… in log order from
// the orders read model, kept in order_legacy_numbers (its own table: a rebuild numbers them again
// the same way). The sequence starts at 1: the ordering module moves it past the legacy numbers at
// start-up, counting through the event store (the log may be in EventStoreDB, out of SQL's reach).
// Existing rows have no number, so the read model is emptied and replayed, as in 010.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE order_numbers AS integer`.execute(db);
  await sql`CREATE TABLE order_legacy_numbers (order_id text PRIMARY KEY, number integer NOT NULL UNIQUE)`.execute(db);
  await sql`TRUNCATE orders`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN number integer NOT NULL, ADD CONSTRAINT orders_number_key UNIQUE (number)`.execute(
    db,
  );
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'orders'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN number`.execute(db);
  await sql`DROP TABLE order_legacy_numbers`.execute(db);
  await sql`DROP SEQUENCE order_numbers`.execute(db);
}
