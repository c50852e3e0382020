import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  START,
  comparePositions,
  formatPosition,
  type AppendOptions,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../../src/platform/eventstore/port';
import { delay, waitUntil } from '../support/wait';

// The one contract every EventStore adapter passes. Each adapter's test file calls it with a
// factory that gives a store over an empty (or at least private) log.

const meta = (actor = 'admin-1'): AppendOptions['metadata'] => ({
  actor,
  correlationId: randomUUID(),
  causationId: randomUUID(),
});

const stream = (prefix: string) => `${prefix}-${randomUUID()}`;

export function eventStoreContract(name: string, makeStore: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('appends to a new stream and reads it back in order, with metadata', async () => {
      const id = stream('product');
      const result = await store.append(
        id,
        [
          { type: 'ProductCreated', data: { name: 'Gold' } },
          { type: 'ProductRenamed', data: { name: 'Gold+' } },
        ],
        { expectedRevision: 'no_stream', metadata: meta('admin-7') },
      );
      expect(result.nextRevision).toBe(1n);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['ProductCreated', 0n, { name: 'Gold' }],
        ['ProductRenamed', 1n, { name: 'Gold+' }],
      ]);
      for (const event of events) {
        expect(event.metadata.actor).toBe('admin-7');
        expect(event.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
        expect(event.metadata.causationId).toMatch(/^[0-9a-f-]{36}$/);
        expect(Number.isNaN(Date.parse(event.metadata.occurredAt))).toBe(false);
        expect(event.streamId).toBe(id);
      }
      expect(comparePositions(events[0]!.position, events[1]!.position)).toBe(-1);
      expect(comparePositions(events[1]!.position, result.position)).toBe(0);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('refuses no_stream on an existing stream', async () => {
      const id = stream('category');
      await store.append(id, [{ type: 'CategoryCreated', data: {} }], {
        expectedRevision: 'no_stream',
        metadata: meta(),
      });
      await expect(
        store.append(id, [{ type: 'CategoryCreated', data: {} }], { expectedRevision: 'no_stream', metadata: meta() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('accepts the exact current revision and refuses a stale one', async () => {
      const id = stream('order');
      const first = await store.append(id, [{ type: 'OrderPlaced', data: {} }], {
        expectedRevision: 'no_stream',
        metadata: meta(),
      });
      const second = await store.append(id, [{ type: 'OrderPaid', data: {} }], {
        expectedRevision: first.nextRevision,
        metadata: meta(),
      });
      expect(second.nextRevision).toBe(1n);
      const stale = store.append(id, [{ type: 'OrderDispatched', data: {} }], {
        expectedRevision: first.nextRevision,
        metadata: meta(),
      });
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(
        store.append(id, [{ type: 'OrderDispatched', data: {} }], { expectedRevision: 5n, metadata: meta() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(
        store.append(stream('order'), [{ type: 'OrderPaid', data: {} }], { expectedRevision: 0n, metadata: meta() }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaid']);
    });

    it("appends with 'any' whatever the stream holds", async () => {
      const id = stream('audit');
      await store.append(id, [{ type: 'A', data: {} }], { expectedRevision: 'any', metadata: meta() });
      const result = await store.append(id, [{ type: 'B', data: {} }], { expectedRevision: 'any', metadata: meta() });
      expect(result.nextRevision).toBe(1n);
    });

    it('reads all events after a position, exclusive, in position order', async () => {
      const before = await store.headPosition();
      const ids = [stream('x'), stream('y')];
      for (const id of ids) {
        await store.append(
          id,
          [
            { type: 'T', data: { id } },
            { type: 'U', data: { id } },
          ],
          { expectedRevision: 'no_stream', metadata: meta() },
        );
      }
      // Visible once every older transaction of the cluster has ended (other test files write too).
      let events: RecordedEvent[] = [];
      await waitUntil(
        async () =>
          (events = await store.readAll({ after: before, limit: 100 })).filter((e) => ids.includes(e.streamId))
            .length === 4,
      );
      const mine = events.filter((e) => ids.includes(e.streamId));
      expect(mine.map((e) => `${e.streamId}:${e.type}`)).toEqual([
        `${ids[0]}:T`,
        `${ids[0]}:U`,
        `${ids[1]}:T`,
        `${ids[1]}:U`,
      ]);
      expectStrictlyIncreasing(events.map((e) => e.position));
      const afterFirst = await store.readAll({ after: mine[0]!.position, limit: 100 });
      expect(afterFirst.some((e) => e.id === mine[0]!.id)).toBe(false);
      expect(afterFirst.some((e) => e.id === mine[1]!.id)).toBe(true);
      const onlyU = await store.readAll({ after: before, limit: 100, types: ['U'] });
      expect(onlyU.filter((e) => ids.includes(e.streamId)).map((e) => `${e.streamId}:${e.type}`)).toEqual([
        `${ids[0]}:U`,
        `${ids[1]}:U`,
      ]);
      expect(onlyU.every((e) => e.type === 'U')).toBe(true);
      const limited = await store.readAll({ after: before, limit: 2 });
      expect(limited).toHaveLength(2);
      // The same events without their metadata, for rebuilds.
      const data = (await store.readAllData({ after: before, limit: 100, types: ['U'] })).filter((e) =>
        ids.includes(e.streamId),
      );
      expect(data).toEqual(
        onlyU.filter((e) => ids.includes(e.streamId)).map(({ metadata: _metadata, ...event }) => event),
      );
      expect(comparePositions(await store.headPosition(), mine[3]!.position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(await store.lastCommittedPosition(), mine[3]!.position)).toBeGreaterThanOrEqual(0);
    });

    it('answers the same append sent again (same command id) with the first result, writing its events once', async () => {
      const id = stream('retried');
      const events = [
        { type: 'Created', data: { name: 'Gold' } },
        { type: 'Renamed', data: { name: 'Gold+' } },
      ];
      const create = { expectedRevision: 'no_stream' as const, metadata: { ...meta(), commandId: randomUUID() } };
      const first = await store.append(id, events, create);
      expect(await store.append(id, events, create)).toEqual(first);
      const change = { expectedRevision: first.nextRevision, metadata: { ...meta(), commandId: randomUUID() } };
      const changed = await store.append(id, [{ type: 'Priced', data: { price: 900 } }], change);
      expect(await store.append(id, [{ type: 'Priced', data: { price: 900 } }], change)).toEqual(changed);
      const audit = { expectedRevision: 'any' as const, metadata: { ...meta(), commandId: randomUUID() } };
      const audited = await store.append(id, [{ type: 'Audited', data: {} }], audit);
      expect(await store.append(id, [{ type: 'Audited', data: {} }], audit)).toEqual(audited);
      // Resent while the first is still in flight: both callers get the one result.
      const both = { expectedRevision: audited.nextRevision, metadata: { ...meta(), commandId: randomUUID() } };
      const [a, b] = await Promise.all([1, 2].map(() => store.append(id, [{ type: 'Closed', data: {} }], both)));
      expect(b).toEqual(a);
      const written = await store.readStream(id);
      expect(written.map((e) => e.type)).toEqual(['Created', 'Renamed', 'Priced', 'Audited', 'Closed']);
      expect(new Set(written.map((e) => e.id)).size).toBe(5);
      expect(written.at(-1)!.position).toEqual(a!.position);
      expect(written[0]!.metadata.commandId).toBe(create.metadata.commandId);
    });

    it('never takes a command id reused for other events or another stream for a resend', async () => {
      const id = stream('reused');
      const options = { expectedRevision: 'no_stream' as const, metadata: { ...meta(), commandId: randomUUID() } };
      const first = await store.append(id, [{ type: 'Created', data: { n: 1 } }], options);
      // Other events at the same expectation: an ordinary conflict, nothing written.
      await expect(store.append(id, [{ type: 'Created', data: { n: 2 } }], options)).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(store.append(id, [{ type: 'Deleted', data: { n: 1 } }], options)).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      // Another stream: its own append (one command may write several streams with one metadata).
      const other = stream('reused');
      const elsewhere = await store.append(other, [{ type: 'Created', data: { n: 1 } }], options);
      expect(comparePositions(elsewhere.position, first.position)).toBe(1);
      // Other events with no expectation: written, not mistaken for the first.
      const any = { ...options, expectedRevision: 'any' as const };
      await store.append(id, [{ type: 'Noted', data: { n: 1 } }], any);
      await store.append(id, [{ type: 'Noted', data: { n: 2 } }], any);
      expect((await store.readStream(id)).map((e) => [e.type, e.data])).toEqual([
        ['Created', { n: 1 }],
        ['Noted', { n: 1 }],
        ['Noted', { n: 2 }],
      ]);
      const [here] = await store.readStream(id);
      const [there] = await store.readStream(other);
      expect(there!.id).not.toBe(here!.id);
    });

    it('lets exactly one of two appenders with the same expected revision win', async () => {
      for (let round = 0; round < 10; round++) {
        const id = stream('race');
        const created = await store.append(id, [{ type: 'Created', data: {} }], {
          expectedRevision: 'no_stream',
          metadata: meta(),
        });
        const results = await Promise.allSettled(
          [1, 2].map((n) =>
            store.append(id, [{ type: 'Changed', data: { n } }], {
              expectedRevision: created.nextRevision,
              metadata: meta(),
            }),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected).toHaveLength(1);
        expect(rejected[0]!.reason).toBeInstanceOf(ConcurrencyError);
        expect(await store.readStream(id)).toHaveLength(2);
      }
    });

    it('delivers every event exactly once, in position order, to a subscriber running during concurrent appends', async () => {
      const from = await store.headPosition();
      const writers = 16;
      const perWriter = 25;
      const prefix = `sub-${randomUUID()}`;
      const seen: RecordedEvent[] = [];
      const expected = writers * perWriter;
      let resolveAll: () => void = () => {};
      const allSeen = new Promise<void>((resolve) => (resolveAll = resolve));
      const subscription = store.subscribe(from, (event) => {
        if (!event.streamId.startsWith(prefix)) return;
        seen.push(event);
        if (seen.length >= expected) resolveAll();
      });
      try {
        await Promise.all(
          Array.from({ length: writers }, async (_, writer) => {
            let revision: bigint | 'no_stream' = 'no_stream';
            for (let i = 0; i < perWriter; i++) {
              // Half the writers spread over many streams, half hammer one stream each.
              const id = writer % 2 ? `${prefix}-${writer}-${i}` : `${prefix}-${writer}`;
              const expectedRevision = writer % 2 ? 'no_stream' : revision;
              const result = await store.append(id, [{ type: 'Tick', data: { writer, i } }], {
                expectedRevision,
                metadata: meta(),
              });
              revision = result.nextRevision;
            }
          }),
        );
        await Promise.race([allSeen, subscription.failed.then((e) => Promise.reject(e)), delay(20_000)]);
        await delay(300);
      } finally {
        await subscription.stop();
      }
      const counts = new Map<string, number>();
      for (const event of seen) counts.set(event.id, (counts.get(event.id) ?? 0) + 1);
      const twice = seen.filter((e) => counts.get(e.id)! > 1).map((e) => `${e.streamId}@${formatPosition(e.position)}`);
      expect(twice, 'events delivered more than once').toEqual([]);
      expect(seen).toHaveLength(expected);
      expectStrictlyIncreasing(seen.map((e) => e.position));
      for (let writer = 0; writer < writers; writer += 2) {
        const ticks = seen.filter((e) => e.streamId === `${prefix}-${writer}`).map((e) => (e.data as { i: number }).i);
        expect(ticks).toEqual(Array.from({ length: perWriter }, (_, i) => i));
      }
    });

    it('starts a subscription strictly after its position', async () => {
      const id = stream('from');
      await store.append(id, [{ type: 'One', data: {} }], { expectedRevision: 'no_stream', metadata: meta() });
      const [first] = await store.readStream(id);
      await store.append(id, [{ type: 'Two', data: {} }], { expectedRevision: 0n, metadata: meta() });
      const got: string[] = [];
      const subscription = store.subscribe(first!.position, (event) => {
        if (event.streamId === id) got.push(event.type);
      });
      await waitUntil(() => got.length >= 1);
      await subscription.stop();
      expect(got).toEqual(['Two']);
    });

    it('reports START as the head of nothing and never goes backwards', async () => {
      const head = await store.headPosition();
      expect(comparePositions(head, START)).toBeGreaterThanOrEqual(0);
      await store.append(stream('head'), [{ type: 'H', data: {} }], { expectedRevision: 'any', metadata: meta() });
      // Visibility may trail the commit by another transaction still in flight; it must come.
      await waitUntil(async () => comparePositions(await store.headPosition(), head) === 1);
    });
  });
}

export function expectStrictlyIncreasing(positions: Position[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(comparePositions(positions[i - 1]!, positions[i]!), `position ${i} is not after ${i - 1}`).toBe(-1);
  }
}
