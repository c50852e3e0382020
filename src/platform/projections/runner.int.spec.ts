import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { createTestReadModel, readTestModel, testProjection } from '../../../test/support/test-projection';
import { waitUntil } from '../../../test/support/wait';
import { comparePositions, type EventStore, type Position } from '../eventstore/port';
import { PostgresEventStore } from '../eventstore/postgres';
import { rebuildProjections } from './rebuild';
import { ProjectionRunner, readCheckpoints } from './runner';

const logger = pino({ level: 'silent' });
const meta = { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const database = await freshDatabase();
  await createTestReadModel(database.db);
  const store = new PostgresEventStore(database.pool, database.url);
  cleanups.push(() => store.close());
  return { database, store };
}

function runnerFor(
  setupResult: Awaited<ReturnType<typeof setup>>,
  options: { batchSize?: number; slowMs?: number; waitPollMs?: number } = {},
) {
  const runner = new ProjectionRunner({
    db: setupResult.database.db,
    store: setupResult.store,
    databaseUrl: setupResult.database.url,
    projections: [testProjection({ slowMs: options.slowMs })],
    logger,
    batchSize: options.batchSize,
    waitPollMs: options.waitPollMs,
  });
  cleanups.push(() => runner.stop());
  return runner;
}

/** Appends `streams` streams of Created + Ticked×ticks + Labelled; returns the last position. */
async function appendHistory(store: EventStore, streams: number, ticks: number): Promise<Position> {
  let last: Position = { commit: -1n, prepare: -1n };
  await Promise.all(
    Array.from({ length: streams }, async (_, s) => {
      const id = `thing-${s}-${randomUUID()}`;
      let result = await store.append(id, [{ type: 'Created', data: { n: 0 } }], {
        expectedRevision: 'no_stream',
        metadata: meta,
      });
      for (let n = 1; n <= ticks; n++) {
        result = await store.append(
          id,
          [
            { type: 'Ticked', data: { n } },
            { type: 'Ignored', data: { n } },
          ],
          { expectedRevision: result.nextRevision, metadata: meta },
        );
      }
      result = await store.append(id, [{ type: 'Labelled', data: { n: ticks, label: `label ${s}` } }], {
        expectedRevision: result.nextRevision,
        metadata: meta,
      });
      if (comparePositions(result.position, last) > 0) last = result.position;
    }),
  );
  return last;
}

describe('projection runner', () => {
  it('applies events to the read model and lets a writer wait for its position', async () => {
    const env = await setup();
    const runner = runnerFor(env, { batchSize: 7 });
    await runner.start();
    const last = await appendHistory(env.store, 5, 4);
    expect(await runner.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
    const model = await readTestModel(env.database.db);
    expect(model.events).toHaveLength(5 * (1 + 4 + 1));
    expect(model.streams).toHaveLength(5);
    for (const row of model.streams) {
      expect(row).toMatchObject({ last_type: 'Ticked', last_n: 4 });
      expect(row.label).toMatch(/^label \d$/);
    }
    const [status] = await runner.status();
    expect(status).toMatchObject({ name: 'test-model', behind: 0, runningHere: true });
  });

  it('wakes every projection at an append, not at its next poll', async () => {
    const env = await setup();
    const runner = new ProjectionRunner({
      db: env.database.db,
      store: env.store,
      databaseUrl: env.database.url,
      projections: ['one', 'two', 'three'].map((name) => testProjection({ name })),
      logger,
    });
    cleanups.push(() => runner.stop());
    await runner.start();
    expect(await runner.waitFor(await env.store.headPosition())).toBe(true);
    for (let i = 0; i < 5; i++) {
      const { position } = await env.store.append(`wake-${i}`, [{ type: 'Created', data: { n: i } }], {
        expectedRevision: 'no_stream',
        metadata: meta,
      });
      // The loops poll once a second: only a wake-up brings all three there well before that.
      expect(await runner.waitFor(position, { timeoutMs: 400 }), `append ${i}`).toBe(true);
    }
  });

  it('answers waitFor with false when the position is not reached in time', async () => {
    const env = await setup();
    const runner = runnerFor(env);
    const last = await appendHistory(env.store, 1, 1);
    // Not started: nothing applies.
    expect(await runner.waitFor(last, { timeoutMs: 200 })).toBe(false);
  });

  it('runs each projection on exactly one of two instances, and the other takes over when it goes', async () => {
    const env = await setup();
    const first = runnerFor(env);
    const second = runnerFor(env);
    await first.start();
    await second.start();
    const running = async () => [(await first.status())[0]!.runningHere, (await second.status())[0]!.runningHere];
    expect(await running()).toEqual([true, false]);
    await first.stop();
    const last = await appendHistory(env.store, 3, 2);
    expect(await second.waitFor(last, { timeoutMs: 15_000 })).toBe(true);
    expect((await second.status())[0]!.runningHere).toBe(true);
    expect((await readTestModel(env.database.db)).events).toHaveLength(3 * 4);
  });

  it("lets a writer on the other instance wait for a projection's batches without polling for them", async () => {
    const env = await setup();
    const running = runnerFor(env);
    // Its waitFor would read the checkpoints again only after a minute: only the announcement of
    // each batch by the instance running the projection can end its waits in time.
    const waiting = runnerFor(env, { waitPollMs: 60_000 });
    await running.start();
    await waiting.start();
    expect((await waiting.status())[0]!.runningHere).toBe(false);
    const notWoken = () => new Promise((resolve) => setTimeout(() => resolve('not woken within 5 s'), 5000));
    for (let i = 0; i < 3; i++) {
      const last = await appendHistory(env.store, 2, 1);
      const woken = await Promise.race([waiting.waitFor(last, { timeoutMs: 60_000 }), notWoken()]);
      expect(woken, `write ${i}`).toBe(true);
    }
  });

  it('after being killed mid-batch and restarted, equals a rebuild from scratch', async () => {
    const env = await setup();
    const last = await appendHistory(env.store, 20, 10);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../../../test/support/projection-child.ts', import.meta.url))],
      {
        env: { ...process.env, CHILD_DATABASE_URL: env.database.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    cleanups.push(async () => void child.kill('SIGKILL'));
    // Wait until the child sits inside a batch transaction (rows written, nothing committed).
    await waitUntil(async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE application_name = 'projection-child' AND state = 'idle in transaction'`.execute(env.database.db);
      return rows[0]!.n > 0;
    }, 20_000);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect((await readTestModel(env.database.db)).events).toHaveLength(0);

    const runner = runnerFor(env, { batchSize: 50 });
    await runner.start();
    expect(await runner.waitFor(last, { timeoutMs: 20_000 })).toBe(true);
    const afterRestart = await readTestModel(env.database.db);
    await runner.stop();

    await rebuildProjections({
      db: env.database.db,
      store: env.store,
      databaseUrl: env.database.url,
      projections: [testProjection()],
      batchSize: 33,
    });
    const rebuilt = await readTestModel(env.database.db);
    expect(afterRestart.events).toHaveLength(20 * 12);
    expect(afterRestart).toEqual(rebuilt);
  });

  it('rebuilds into shadow tables while live, swaps them in and keeps the checkpoint consistent', async () => {
    const env = await setup();
    const runner = runnerFor(env, { batchSize: 20 });
    await runner.start();
    await appendHistory(env.store, 10, 5);
    // Corrupt the live model: a rebuild must bring it back from the events alone.
    await sql`UPDATE test_streams SET label = 'tampered'`.execute(env.database.db);
    const progress: number[] = [];
    const rebuilding = rebuildProjections({
      db: env.database.db,
      store: env.store,
      databaseUrl: env.database.url,
      projections: [testProjection()],
      batchSize: 16,
      onProgress: ({ events }) => progress.push(events),
    });
    // Writes keep coming during the rebuild.
    const lastDuring = await appendHistory(env.store, 5, 3);
    await rebuilding;
    expect(progress.length).toBeGreaterThan(1);
    const lastAfter = await appendHistory(env.store, 2, 1);
    expect(await runner.waitFor(lastAfter, { timeoutMs: 10_000 })).toBe(true);
    expect(
      comparePositions((await readCheckpoints(env.database.db, ['test-model'])).get('test-model')!, lastDuring),
    ).toBeGreaterThanOrEqual(0);
    const model = await readTestModel(env.database.db);
    expect(model.events).toHaveLength(10 * 7 + 5 * 5 + 2 * 3);
    expect(new Set(model.events.map((e) => e.event_id)).size).toBe(model.events.length);
    expect(model.streams.filter((s) => s.label === 'tampered')).toEqual([]);
    expect(model.streams).toHaveLength(17);
  });

  it('rebuilds rows with any text in them, and a row created again under a key already written', async () => {
    const env = await setup();
    const runner = runnerFor(env);
    await runner.start();
    // What COPY's text format must escape, next to text it must leave alone.
    const label = 'tab\there, line\nbreak\r, back\\slash, \\N, "quoted", عربي';
    const [odd, again] = [`odd-${randomUUID()}`, `again-${randomUUID()}`];
    const created = (id: string, data: object) =>
      env.store.append(id, [{ type: 'Created', data }], { expectedRevision: 'any', metadata: meta });
    await created(odd, { n: 1, label });
    await created(again, { n: 2, label: 'first' });
    await appendHistory(env.store, 3, 2);
    const last = (await created(again, { n: 3, label: 'second' })).position;
    expect(await runner.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
    const live = await readTestModel(env.database.db);
    expect(
      live.streams
        .filter((s) => s.stream_id === odd || s.stream_id === again)
        .map((s) => s.label)
        .sort(),
    ).toEqual([label, 'second'].sort());

    await sql`UPDATE test_streams SET label = 'tampered'`.execute(env.database.db);
    // Small batches: the second Created of `again` comes batches after the row was copied in.
    await rebuildProjections({
      db: env.database.db,
      store: env.store,
      databaseUrl: env.database.url,
      projections: [testProjection()],
      batchSize: 4,
    });
    expect(await readTestModel(env.database.db)).toEqual(live);
  });

  it('swaps in tables indexed as the live ones were, under the same names', async () => {
    const env = await setup();
    // Not in the shared test model: several test projections write the same rows at once there,
    // and a unique constraint other than the upsert's key would make them collide.
    await sql`ALTER TABLE test_events ADD CONSTRAINT test_events_stream_n UNIQUE (stream_id, type, n)`.execute(
      env.database.db,
    );
    const indexes = async () =>
      (
        await sql<{ name: string; definition: string }>`
          SELECT indexname AS name, indexdef AS definition FROM pg_indexes
          WHERE schemaname = 'public' AND tablename IN ('test_events', 'test_streams') ORDER BY indexname`.execute(
          env.database.db,
        )
      ).rows;
    const before = await indexes();
    expect(before.map((i) => i.name)).toEqual([
      'test_events_pkey',
      'test_events_stream_n',
      'test_streams_by_type',
      'test_streams_pkey',
    ]);
    await appendHistory(env.store, 3, 2);
    await rebuildProjections({
      db: env.database.db,
      store: env.store,
      databaseUrl: env.database.url,
      projections: [testProjection()],
    });
    expect(await indexes()).toEqual(before);
    expect((await readTestModel(env.database.db)).streams).toHaveLength(3);
  });

  it('ends the checkpoint at the head of the log, past the events the projection ignores', async () => {
    const env = await setup();
    await appendHistory(env.store, 3, 2);
    const ignored = await env.store.append(`other-${randomUUID()}`, [{ type: 'Ignored', data: { n: 0 } }], {
      expectedRevision: 'no_stream',
      metadata: meta,
    });
    await rebuildProjections({
      db: env.database.db,
      store: env.store,
      databaseUrl: env.database.url,
      projections: [testProjection()],
    });
    expect((await readCheckpoints(env.database.db, ['test-model'])).get('test-model')).toEqual(ignored.position);
  });
});
