import {
  ANY,
  NO_STREAM,
  START as ESDB_START,
  WrongExpectedVersionError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  EsdbEventStore,
  MAX_BACKOFF_MS,
  MIN_BACKOFF_MS,
  isSystemEvent,
  nextBackoff,
  toConcurrencyError,
  toEsdbConnectionString,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toPosition,
  toRecordedEvent,
  userEventsAfter,
  type EsdbRecord,
} from './esdb';
import { ConcurrencyError, START } from './port';

const created = new Date('2024-05-01T10:00:00.000Z');

const record = (overrides: Partial<EsdbRecord> = {}): EsdbRecord => ({
  id: '3f1c2a52-7f4e-4c47-9a0e-0c6d1f1b2a10',
  streamId: 'product-1',
  revision: 0n,
  type: 'ProductCreated',
  data: { name: 'Gold' },
  metadata: {
    actor: 'admin-7',
    correlationId: '0b8f1d7e-1111-4c47-9a0e-0c6d1f1b2a10',
    causationId: '0b8f1d7e-2222-4c47-9a0e-0c6d1f1b2a10',
    occurredAt: '2024-05-01T09:59:59.000Z',
  },
  created,
  position: { commit: 100n, prepare: 100n },
  ...overrides,
});

describe('EventStoreDB adapter: expected revision', () => {
  it('maps any, no_stream and an exact 0-based revision', () => {
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision(0n)).toBe(0n);
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
  });

  it('turns a wrong expected version into our ConcurrencyError, keeping the actual revision', () => {
    const stale = new WrongExpectedVersionError(undefined, { streamName: 'order-1', expected: 0n, current: 3n });
    const error = toConcurrencyError('order-1', 0n, stale);
    expect(error).toBeInstanceOf(ConcurrencyError);
    expect([error.streamId, error.expected, error.actual]).toEqual(['order-1', 0n, 3n]);

    const missing = new WrongExpectedVersionError(undefined, {
      streamName: 'order-2',
      expected: 0n,
      current: 'no_stream',
    });
    expect(toConcurrencyError('order-2', 0n, missing).actual).toBe('no_stream');
  });
});

describe('EventStoreDB adapter: positions', () => {
  it('reads from the start of $all for our START, from the position itself otherwise', () => {
    expect(toEsdbReadPosition(START)).toBe(ESDB_START);
    expect(toEsdbReadPosition({ commit: 0n, prepare: 0n })).toEqual({ commit: 0n, prepare: 0n });
    expect(toEsdbReadPosition({ commit: 1234n, prepare: 1200n })).toEqual({ commit: 1234n, prepare: 1200n });
  });

  it('refuses a missing position, or the "none" marker servers before 22.6 send on stream reads', () => {
    expect(toPosition({ commit: 7n, prepare: 7n }, 'e')).toEqual({ commit: 7n, prepare: 7n });
    expect(() => toPosition(undefined, 'e')).toThrow(/22\.6/);
    expect(() => toPosition({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n }, 'e')).toThrow(/22\.6/);
  });
});

describe('EventStoreDB adapter: recorded events', () => {
  it('maps id, stream, 0-based revision, position, type, data and metadata', () => {
    expect(toRecordedEvent(record({ revision: 1n }))).toEqual({
      id: '3f1c2a52-7f4e-4c47-9a0e-0c6d1f1b2a10',
      streamId: 'product-1',
      revision: 1n,
      position: { commit: 100n, prepare: 100n },
      type: 'ProductCreated',
      data: { name: 'Gold' },
      metadata: {
        actor: 'admin-7',
        correlationId: '0b8f1d7e-1111-4c47-9a0e-0c6d1f1b2a10',
        causationId: '0b8f1d7e-2222-4c47-9a0e-0c6d1f1b2a10',
        occurredAt: '2024-05-01T09:59:59.000Z',
      },
    });
  });

  it('keeps where a system command came from (the command line), and nothing else it does not know', () => {
    const metadata = { actor: 'system', correlationId: 'c', causationId: 'c', occurredAt: created.toISOString() };
    expect(toRecordedEvent(record({ metadata: { ...metadata, origin: 'command-line' } })).metadata).toEqual({
      ...metadata,
      origin: 'command-line',
    });
    expect(toRecordedEvent(record({ metadata: { ...metadata, origin: 'elsewhere', extra: 1 } })).metadata).toEqual(
      metadata,
    );
  });

  it('gives events written without our metadata (another tool on a shared server) a usable one', () => {
    for (const metadata of [undefined, 'not json', new Uint8Array([1, 2]), { actor: 42 }]) {
      expect(toRecordedEvent(record({ metadata })).metadata).toEqual({
        actor: 'system',
        correlationId: '',
        causationId: '',
        occurredAt: created.toISOString(),
      });
    }
  });
});

describe('EventStoreDB adapter: system events', () => {
  it('treats $-types and $-streams as the server’s own', () => {
    expect(isSystemEvent({ streamId: 'product-1', type: 'ProductCreated' })).toBe(false);
    expect(isSystemEvent({ streamId: '$$product-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-product', type: '$>' })).toBe(true);
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: 'StatsCollected' })).toBe(true);
    expect(isSystemEvent({ streamId: 'product-1', type: '$streamDeleted' })).toBe(true);
  });
});

describe('EventStoreDB adapter: reading $all after a position', () => {
  const at = (n: bigint, overrides: Partial<EsdbRecord> = {}) =>
    record({ id: `event-${n}`, position: { commit: n, prepare: n }, ...overrides });

  it('drops the event at `after` itself, since EventStoreDB reads from a position inclusively', () => {
    const page = [at(100n), at(200n), at(300n)];
    expect(userEventsAfter(page, { commit: 100n, prepare: 100n }).map((e) => e.id)).toEqual(['event-200', 'event-300']);
  });

  it('keeps everything after START', () => {
    expect(userEventsAfter([at(0n), at(10n)], START).map((e) => e.id)).toEqual(['event-0', 'event-10']);
  });

  it('orders by commit, then prepare', () => {
    const page = [
      at(100n, { position: { commit: 300n, prepare: 100n } }),
      at(200n, { position: { commit: 300n, prepare: 200n } }),
    ];
    expect(userEventsAfter(page, { commit: 300n, prepare: 100n }).map((e) => e.id)).toEqual(['event-200']);
  });

  it('leaves out system events', () => {
    const page = [
      at(100n),
      at(150n, { streamId: '$$product-1', type: '$metadata' }),
      at(200n, { streamId: '$ce-product', type: '$>' }),
      at(300n),
    ];
    expect(userEventsAfter(page, START).map((e) => e.id)).toEqual(['event-100', 'event-300']);
  });
});

describe('EventStoreDB adapter: wake-up subscription backoff', () => {
  it('doubles from 500 ms up to 10 s', () => {
    const delays = [MIN_BACKOFF_MS];
    while (delays.length < 8) delays.push(nextBackoff(delays[delays.length - 1]!));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
    expect(MAX_BACKOFF_MS).toBe(10_000);
  });
});

describe('EventStoreDB adapter: connection string', () => {
  it('accepts the KurrentDB schemes our config allows, which client 6.x does not parse', () => {
    expect(toEsdbConnectionString('esdb://localhost:2113?tls=false')).toBe('esdb://localhost:2113?tls=false');
    expect(toEsdbConnectionString('kurrentdb://admin:changeit@db:2113')).toBe('esdb://admin:changeit@db:2113');
    expect(toEsdbConnectionString('kdb://db:2113')).toBe('esdb://db:2113');
    expect(toEsdbConnectionString('kurrentdb+discover://a:2113,b:2113')).toBe('esdb+discover://a:2113,b:2113');
    expect(toEsdbConnectionString('kdb+discover://a:2113')).toBe('esdb+discover://a:2113');
  });
});

describe('EventStoreDB adapter: a resent append', () => {
  // The server's idempotent write, as its source has it: events whose ids already stand right after
  // the expected revision are not written again, and the success answer may carry no position
  // (servers before 21.10, or an event not indexed yet).
  const server = () => {
    const stored: EsdbRecord[] = [];
    const client = {
      appendToStream: async (
        streamId: string,
        events: { id: string; type: string; data: unknown }[],
        { expectedRevision }: { expectedRevision: bigint | string },
      ) => {
        const from = expectedRevision === NO_STREAM ? 0 : Number(expectedRevision) + 1;
        if (events.every((e, i) => stored[from + i]?.id === e.id))
          return { success: true, nextExpectedRevision: BigInt(from + events.length - 1), position: undefined };
        if (stored.length !== from)
          throw new WrongExpectedVersionError(undefined, {
            streamName: streamId,
            expected: 0n,
            current: BigInt(stored.length - 1),
          });
        for (const e of events)
          stored.push(
            record({
              id: e.id,
              streamId,
              revision: BigInt(stored.length),
              type: e.type,
              data: e.data,
              position: { commit: 100n + BigInt(stored.length), prepare: 100n + BigInt(stored.length) },
            }),
          );
        const last = stored[stored.length - 1]!;
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      },
      async *readStream(_streamId: string, { fromRevision, maxCount }: { fromRevision: bigint; maxCount: number }) {
        for (const event of stored.slice(Number(fromRevision), Number(fromRevision) + maxCount)) yield { event };
      },
    };
    return { stored, store: new EsdbEventStore(client as unknown as EventStoreDBClient) };
  };

  it('sends the same event ids again, and answers with the first position when the server gives none', async () => {
    const { stored, store } = server();
    const events = [
      { type: 'Created', data: { n: 1 } },
      { type: 'Renamed', data: { n: 2 } },
    ];
    const options = {
      expectedRevision: 'no_stream' as const,
      metadata: { actor: 'system', correlationId: 'c', causationId: 'c', commandId: 'command-1' },
    };
    const first = await store.append('product-1', events, options);
    expect(await store.append('product-1', events, options)).toEqual(first);
    expect(stored.map((e) => e.type)).toEqual(['Created', 'Renamed']);
    expect(first).toEqual({ nextRevision: 1n, position: { commit: 101n, prepare: 101n } });
    // Another command's identical events are another append: refused here, as the stream moved on.
    await expect(
      store.append('product-1', events, { ...options, metadata: { ...options.metadata, commandId: 'command-2' } }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });
});
