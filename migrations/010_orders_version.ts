import { sql, type Kysely } from 'kysely';

// The orders read model learns three things its events always said: the stream's revision (the
// admin's ETag / If-Match), why a failed checkout failed (declined, canceled or expired, as the
// return page tells the shopper), and when a payment brought back a deleted order (flagged for
// the admins). Existing rows cannot be filled from the table itself, so the read model is emptied
// and its checkpoint reset: the projection replays the order events into it at start.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`TRUNCATE orders`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD COLUMN version integer NOT NULL,
      ADD COLUMN failure_reason text,
      ADD COLUMN restored_at timestamptz`.execute(db);
  await sql`UPDATE projection_checkpoints SET position_commit = -1, position_prepare = -1, updated_at = now() WHERE name = 'orders'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP COLUMN version, DROP COLUMN failure_reason, DROP COLUMN restored_at`.execute(db);
}
