import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { tcpProxy } from '../../../test/support/tcp-proxy';
import { openDatabase } from '../db/database';
import { eventStoreContract } from '../../../test/contracts/event-store.contract';
import { delay, waitUntil } from '../../../test/support/wait';
import { comparePositions, START, type ExpectedRevision, type Position, type RecordedEvent } from './port';
import { PostgresEventStore } from './postgres';

eventStoreContract('PostgreSQL', async () => {
  const database = await freshDatabase();
  return new PostgresEventStore(database.pool, database.url);
});

describe('PostgreSQL event store: in-flight transactions', () => {
  it('holds a subscriber back behind an open append, then delivers it before the later ones', async () => {
    const database = await freshDatabase();
    const store = new PostgresEventStore(database.pool, database.url);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribe(await store.headPosition(), (event) => {
      seen.push(event);
    });
    const held = await database.pool.connect();
    try {
      await held.query('BEGIN');
      await held.query(
        `INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
         VALUES ('held-1', 0, $1, 'Held', '{}', '{"actor":"system"}')`,
        [randomUUID()],
      );
      // Later appends take higher transaction ids and commit first.
      let last: Position = START;
      for (let i = 0; i < 5; i++) {
        const appended = await store.append(`later-${i}`, [{ type: 'Later', data: { i } }], {
          expectedRevision: 'no_stream',
          metadata: { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() },
        });
        last = appended.position;
      }
      // Readers stop before the open append; one's own write is still known to be committed, so
      // a wait for it (read-your-writes) lasts until the readers have it rather than ending at once.
      expect(comparePositions(await store.headPosition(), last)).toBeLessThan(0);
      expect(comparePositions(await store.lastCommittedPosition(), last)).toBe(0);
      await delay(1500);
      expect(seen.map((e) => e.type)).toEqual([]);
      await held.query('COMMIT');
      await waitUntil(() => seen.length === 6);
      expect(seen.map((e) => e.type)).toEqual(['Held', 'Later', 'Later', 'Later', 'Later', 'Later']);
    } finally {
      held.release();
      await subscription.stop();
      await store.close();
    }
  });

  it('loses nothing when an open append rolls back', async () => {
    const database = await freshDatabase();
    const store = new PostgresEventStore(database.pool, database.url);
    const held = await database.pool.connect();
    await held.query('BEGIN');
    await held.query(
      `INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
       VALUES ('rolled-back', 0, $1, 'Gone', '{}', '{"actor":"system"}')`,
      [randomUUID()],
    );
    const meta = { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() };
    await store.append('kept', [{ type: 'Kept', data: {} }], { expectedRevision: 'no_stream', metadata: meta });
    expect(await store.readAll({ after: { commit: -1n, prepare: -1n }, limit: 10 })).toEqual([]);
    await held.query('ROLLBACK');
    held.release();
    // Other databases of the cluster may have older transactions open a moment longer.
    let all: RecordedEvent[] = [];
    await waitUntil(
      async () => (all = await store.readAll({ after: { commit: -1n, prepare: -1n }, limit: 10 })).length > 0,
    );
    expect(all.map((e) => e.type)).toEqual(['Kept']);
    await store.close();
  });

  it('orders by transaction id as a number, not as text', async () => {
    const database = await freshDatabase();
    const store = new PostgresEventStore(database.pool, database.url);
    // Transaction ids on both sides of a power of ten: as text, '1000' would sort before '999'.
    for (const [xid, stream] of [
      [999, 'nine'],
      [1000, 'ten'],
    ] as const) {
      await database.pool.query(
        `INSERT INTO events (transaction_id, stream_id, stream_revision, event_id, type, data, metadata)
         VALUES ($1::text::xid8, $2, 0, $3, 'T', '{}', '{"actor":"system"}')`,
        [String(xid), stream, randomUUID()],
      );
    }
    const all = await store.readAll({ after: { commit: -1n, prepare: -1n }, limit: 10 });
    expect(all.map((e) => e.streamId)).toEqual(['nine', 'ten']);
    const afterFirst = await store.readAll({ after: all[0]!.position, limit: 10 });
    expect(afterFirst.map((e) => e.streamId)).toEqual(['ten']);
    expect((await store.headPosition()).commit).toBe(1000n);
    await store.close();
  });
});

describe('PostgreSQL event store: an append whose answer is lost', () => {
  it.each<[string, ExpectedRevision]>([
    ['a new stream', 'no_stream'],
    ['no expectation', 'any'],
  ])('is sent again by the store and answered once, with %s', async (_name, expectedRevision) => {
    const database = await freshDatabase();
    const target = new URL(database.url);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const handle = openDatabase(viaProxy.toString(), { max: 1 });
    const store = new PostgresEventStore(handle.pool, viaProxy.toString());
    try {
      await handle.pool.query('SELECT 1');
      const id = `lost-${randomUUID()}`;
      // PostgreSQL commits the append, then the connection drops before its answer arrives.
      proxy.loseNextAnswer();
      const result = await store.append(id, [{ type: 'Paid', data: { amount: 5500 } }], {
        expectedRevision,
        metadata: { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() },
      });
      const events = await new PostgresEventStore(database.pool, database.url).readStream(id);
      expect(events.map((e) => e.type)).toEqual(['Paid']);
      expect(result).toEqual({ nextRevision: 0n, position: events[0]!.position });
    } finally {
      await store.close();
      await handle.close();
      await proxy.close();
    }
  });
});
