import { sql, type Kysely } from 'kysely';

// The subscriptions screen's searches on a real shop's data (100,000 subscriptions,
// bench/subscriptions.ts; docs/benchmarks.md#subscriptions-bench): a search for a phone or an order
// number also looks for part of a package's name (LIKE '%…%', which no btree serves). With a trigram
// GIN index on the lower-cased name (pg_trgm, as the orders' searches, migration 012), that side of
// the OR reads an index too, and the two combine (BitmapOr) with the subscriptions of the orders the
// phone names instead of reading every subscription. Only an index: the read model keeps its rows
// and its checkpoint.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX subscriptions_package_name_trgm ON subscriptions USING gin (lower(package_name) gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX subscriptions_package_name_trgm`.execute(db);
}
