import { sql, type Kysely } from 'kysely';
import type { StoredEvent } from '../../src/platform/eventstore/port';
import { RowFolder } from '../../src/platform/projections/fold';
import type { Projection } from '../../src/platform/projections/projection';

// A small read model for the runner's tests: one row per event, and one folded row per stream.

export async function createTestReadModel(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE test_events (event_id text PRIMARY KEY, stream_id text NOT NULL, type text NOT NULL, n integer NOT NULL)`.execute(
    db,
  );
  await sql`CREATE TABLE test_streams (stream_id text PRIMARY KEY, last_type text NOT NULL, last_n integer NOT NULL, label text)`.execute(
    db,
  );
  // An index of the kind real read models have, which a rebuild must carry over under its name.
  await sql`CREATE INDEX test_streams_by_type ON test_streams (lower(last_type), last_n DESC) WHERE label IS NULL`.execute(
    db,
  );
}

export function testProjection(options: { name?: string; slowMs?: number } = {}): Projection {
  return {
    name: options.name ?? 'test-model',
    tables: ['test_events', 'test_streams'],
    handles: new Set(['Created', 'Ticked', 'Labelled']),
    fold: (events: StoredEvent[]) => async (target) => {
      await target.db
        .insertInto('test_events')
        .values(
          events.map((e) => ({ event_id: e.id, stream_id: e.streamId, type: e.type, n: (e.data as { n: number }).n })),
        )
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
      const streams = new RowFolder<{ stream_id: string; last_type: string; last_n: number; label: string | null }>(
        'test_streams',
        'stream_id',
        {
          stream_id: 'text',
          last_type: 'text',
          last_n: 'integer',
          label: 'text',
        },
      );
      for (const event of events) {
        const n = (event.data as { n: number }).n;
        const label = (event.data as { label?: string }).label ?? null;
        if (event.type === 'Created')
          streams.create(event.streamId, { stream_id: event.streamId, last_type: event.type, last_n: n, label });
        else if (event.type === 'Labelled') streams.patch(event.streamId, { label });
        else streams.patch(event.streamId, { last_type: event.type, last_n: n });
      }
      await streams.write()(target);
      // Gives a test the time to kill the process while this batch's transaction is open.
      if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
    },
  };
}

export async function readTestModel(db: Kysely<any>) {
  const events = await db.selectFrom('test_events').selectAll().orderBy('event_id').execute();
  const streams = await db.selectFrom('test_streams').selectAll().orderBy('stream_id').execute();
  return { events, streams };
}
