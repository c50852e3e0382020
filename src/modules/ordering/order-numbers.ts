import { sql, type Kysely } from 'kysely';
import { START, type EventStore, type Position } from '../../platform/eventstore/port';
import type { Database } from '../../projections/database';
import type { PlacedOrder } from './events';

// Order numbers people can say (#1042). A new order takes the next value of the PostgreSQL
// sequence order_numbers (migration 011) at checkout, before its OrderPlaced is appended, and the
// event records it, so a rebuild gives the same numbers. Every instance shares the sequence, so
// two never hand out the same number. A value taken by an attempt that then fails (the append or
// the process) is never used: numbers may have gaps, never repeats.
//
// Orders placed before this (OrderPlaced without a number) are numbered 1, 2, 3… in log order by
// the orders read model; the sequence must hand out numbers above theirs. The log may be in
// EventStoreDB (EVENTSTORE_URL), out of a migration's reach, so the count is made through the
// event store itself, at start-up, before the instance takes checkouts.

export async function nextOrderNumber(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ number: string }>`SELECT nextval('order_numbers') AS number`.execute(db);
  return Number(rows[0]!.number);
}

const COUNT_BATCH = 5000;

/**
 * Moves the sequence past the numbers the read model gives orders placed before orders had
 * numbers. Once the sequence has handed out or skipped a number, an earlier start has done this
 * (no order is placed without a number since), so the log is not read again.
 */
export async function keepNumbersAboveLegacyOrders(store: EventStore, db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ is_called: boolean }>`SELECT is_called FROM order_numbers`.execute(db);
  if (rows[0]!.is_called) return;
  let legacy = 0;
  for (let after: Position = START; ;) {
    const events = await store.readAllData({ after, limit: COUNT_BATCH, types: ['OrderPlaced'] });
    const last = events[events.length - 1];
    if (!last) break;
    legacy += events.filter((event) => (event.data as PlacedOrder).number === undefined).length;
    after = last.position;
  }
  if (!legacy) return;
  // Only ever forward: another instance starting at the same time sets the same value, and one
  // already taking checkouts has the sequence past it.
  await sql`
    SELECT setval('order_numbers', ${legacy}) FROM order_numbers
    WHERE last_value + CASE WHEN is_called THEN 1 ELSE 0 END <= ${legacy}`.execute(db);
}
