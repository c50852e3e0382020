import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { START, comparePositions, type EventStore, type Position } from '../eventstore/port';
import { kyselyOn } from '../db/database';
import { copyRows } from './copy-rows';
import { statementTarget } from './fold';
import type { Projection, Write, WriteTarget } from './projection';
import { LOCK_NAMESPACE, ensureCheckpointRows, lockCheckpoint, writeCheckpoint } from './runner';

const SHADOW = 'projection_rebuild';
const REBUILD_BATCH = 5000;
const UNIQUE_VIOLATION = '23505';
// Projections name their tables unqualified, so they write to the shadow copies (until the
// transaction ends). A lost batch after a crash only means rebuilding again, so no need to wait
// for each commit's flush. One statement: every round trip here delays the next batch.
const WRITE_TO_SHADOW = `SELECT set_config('search_path', '${SHADOW}, public', true), set_config('synchronous_commit', 'off', true)`;

export interface RebuildProgress {
  events: number;
  position: Position;
  head: Position;
}

/**
 * Replays the whole log into shadow copies of the projections' tables while the live ones keep
 * serving, then swaps them in: the final catch-up and the swap happen in one transaction that
 * holds the projections' checkpoint rows, so the live runner neither loses nor repeats an event.
 */
export async function rebuildProjections(options: {
  db: Kysely<any>;
  store: EventStore;
  databaseUrl: string;
  projections: Projection[];
  batchSize?: number;
  /** Once this rebuild holds the lock (a second one fails with RebuildRunningError before it). */
  onStart?: () => Promise<void>;
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<{ events: number }> {
  const { db, store, projections } = options;
  const batchSize = options.batchSize ?? REBUILD_BATCH;
  const guard = await takeRebuildLock(options.databaseUrl);
  try {
    await options.onStart?.();
    await ensureCheckpointRows(db, projections);
    await createShadowTables(db, projections);
    const head = await store.headPosition();
    // Each projection replays the log on its own, side by side: one's statements run while
    // another folds its batch, on separate connections. Each reads only the event types it handles.
    const progress = new Map(projections.map((p) => [p.name, { events: 0, position: START }]));
    const report = (name: string, state: { events: number; position: Position }) => {
      progress.set(name, state);
      const states = [...progress.values()];
      const least = states.reduce((at, s) => (comparePositions(s.position, at) < 0 ? s.position : at), head);
      options.onProgress?.({ events: states.reduce((n, s) => n + s.events, 0), position: least, head });
    };
    const replays = await Promise.all(
      projections.map(async (projection) => {
        const replayed = await replayIntoShadow(options.databaseUrl, store, projection, batchSize, (state) =>
          report(projection.name, state),
        );
        report(projection.name, { events: replayed.events, position: head });
        return replayed;
      }),
    );
    await indexShadowTables(db, projections);
    let count = replays.reduce((n, r) => n + r.events, 0);
    let position = head;
    await db.transaction().execute(async (trx) => {
      for (const projection of projections) await lockCheckpoint(trx, projection.name);
      // Every event up to `settled` has committed (or aborted), so the reads below see all of
      // them: once a projection has read to the end, it has everything up to there, whichever
      // types it handles, and its checkpoint can start the live runner there.
      const settled = await store.headPosition();
      const caughtUp = new Map<string, Position>();
      for (const [index, projection] of projections.entries()) {
        let { position: at } = replays[index]!;
        for (;;) {
          const events = await readFor(store, projection, at, batchSize);
          const last = events[events.length - 1];
          if (!last) break;
          await writeToShadow(trx, projection.fold(events));
          at = last.position;
          count += events.length;
        }
        caughtUp.set(projection.name, comparePositions(at, settled) > 0 ? at : settled);
      }
      await sql`SELECT set_config('search_path', 'public', true)`.execute(trx);
      await swapIn(trx, projections);
      for (const [name, at] of caughtUp) {
        await writeCheckpoint(trx, name, at);
        if (comparePositions(at, position) > 0) position = at;
      }
    });
    options.onProgress?.({ events: count, position, head: position });
    return { events: count };
  } finally {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(SHADOW)} CASCADE`.execute(db).catch(() => {});
    await guard.end();
  }
}

/** One rebuild at a time: they share the shadow schema. */
export class RebuildRunningError extends Error {
  constructor() {
    super('Another rebuild is running; try again when it has finished.');
  }
}

async function takeRebuildLock(databaseUrl: string): Promise<pg.Client> {
  const client = await connectClient(databaseUrl);
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
    LOCK_NAMESPACE,
    'rebuild',
  ]);
  if (!rows[0]?.locked) {
    await client.end();
    throw new RebuildRunningError();
  }
  return client;
}

/** A connection of the rebuild's own; losing it fails the query in flight, not the process. */
async function connectClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function createShadowTables(db: Kysely<any>, projections: Projection[]): Promise<void> {
  const insertOnly = insertOnlyTablesOf(projections);
  await sql`DROP SCHEMA IF EXISTS ${sql.id(SHADOW)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(SHADOW)}`.execute(db);
  for (const table of tablesOf(projections)) {
    // Logged from the start: an unlogged copy must be rewritten into the WAL whole (SET LOGGED)
    // inside the swap, which measured slower than writing the WAL along the way, overlapped with
    // reading the log. Only the primary key (which folding looks rows up by) is there while the
    // log is replayed (none in a table the replay only adds to); the other indexes are built once at the end.
    await sql`CREATE TABLE ${sql.id(SHADOW, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL EXCLUDING INDEXES)`.execute(
      db,
    );
    if (insertOnly.has(table)) continue;
    for (const constraint of await keyConstraints(db, table)) {
      if (constraint.type === 'p') await addConstraint(db, table, constraint);
    }
  }
}

/**
 * The live tables' other indexes, under their own names (which a later migration may refer to):
 * the swapped-in tables are indexed exactly as the ones they replace. Built two at a time, the
 * longest first: each build keeps one PostgreSQL process busy, and one build of a large table (the
 * audit trail's trigram index) took as long as all the others together.
 */
async function indexShadowTables(db: Kysely<any>, projections: Projection[]): Promise<void> {
  const insertOnly = insertOnlyTablesOf(projections);
  const statements: { sql: string; cost: number }[] = [];
  for (const table of tablesOf(projections)) {
    for (const constraint of await keyConstraints(db, table)) {
      if (constraint.type !== 'p' || insertOnly.has(table)) statements.push(constraintStatement(table, constraint));
    }
    const { rows } = await sql<{ definition: string; bytes: string }>`
      SELECT pg_get_indexdef(i.indexrelid) AS definition, pg_relation_size(${`${SHADOW}.${table}`}::regclass) AS bytes
      FROM pg_index i
      WHERE i.indrelid = ${`public.${table}`}::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`.execute(
      db,
    );
    for (const { definition, bytes } of rows) {
      // A GIN index costs several times a btree of the same table.
      const cost = Number(bytes) * (/ USING gin /i.test(definition) ? 5 : 1);
      statements.push({ sql: onShadowTable(definition, table), cost });
    }
  }
  statements.sort((a, b) => b.cost - a.cost);
  await Promise.all(
    Array.from({ length: INDEX_BUILDS_AT_ONCE }, async () => {
      for (let next = statements.shift(); next; next = statements.shift()) await sql.raw(next.sql).execute(db);
    }),
  );
}

const INDEX_BUILDS_AT_ONCE = 2;

const insertOnlyTablesOf = (projections: Projection[]) =>
  new Set(projections.flatMap((projection) => projection.insertOnlyTables ?? []));

interface KeyConstraint {
  name: string;
  type: 'p' | 'u' | 'x';
  definition: string;
}

/** Primary key, unique and exclusion constraints of a live table (each backed by an index). */
async function keyConstraints(db: Kysely<any>, table: string): Promise<KeyConstraint[]> {
  const { rows } = await sql<KeyConstraint>`
    SELECT conname AS name, contype AS type, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conrelid = ${`public.${table}`}::regclass AND contype IN ('p', 'u', 'x')`.execute(db);
  return rows;
}

async function addConstraint(db: Kysely<any>, table: string, constraint: KeyConstraint): Promise<void> {
  await sql.raw(constraintStatement(table, constraint).sql).execute(db);
}

/** The statement adding a live table's constraint to its shadow copy; its cost: built first. */
function constraintStatement(table: string, constraint: KeyConstraint): { sql: string; cost: number } {
  const name = `"${constraint.name.replace(/"/g, '""')}"`;
  return {
    sql: `ALTER TABLE "${SHADOW}"."${table}" ADD CONSTRAINT ${name} ${constraint.definition}`,
    cost: Number.MAX_SAFE_INTEGER,
  };
}

/** `CREATE INDEX name ON public.t USING …` → the same index on the shadow copy of t. */
function onShadowTable(definition: string, table: string): string {
  const live = ` ON public.${table} `;
  if (!definition.includes(live)) throw new Error(`Cannot copy index of ${table}: ${definition}`);
  return definition.replace(live, ` ON ${SHADOW}.${table} `);
}

const tablesOf = (projections: Projection[]) => projections.flatMap((p) => p.tables);

/** Replays the log into one projection's shadow tables, on a connection of its own. */
async function replayIntoShadow(
  databaseUrl: string,
  store: EventStore,
  projection: Projection,
  batchSize: number,
  onBatch: (state: { events: number; position: Position }) => void,
): Promise<{ events: number; position: Position }> {
  const client = await connectClient(databaseUrl);
  try {
    return await replayBatches(store, projection, batchSize, shadowWriter(client), onBatch);
  } finally {
    await client.end();
  }
}

/**
 * Three stages overlap: the log is read a batch ahead, and each batch is folded in memory while
 * the previous one is being written (batches are written in order, one at a time).
 */
async function replayBatches(
  store: EventStore,
  projection: Projection,
  batchSize: number,
  writeBatch: (write: Write) => Promise<void>,
  onBatch: (state: { events: number; position: Position }) => void,
): Promise<{ events: number; position: Position }> {
  let position = START;
  let count = 0;
  const replay = projection.replay?.();
  let next = settledLater(readFor(store, projection, position, batchSize));
  let writing = Promise.resolve();
  for (;;) {
    const events = await next;
    const last = events[events.length - 1];
    if (!last) break;
    next = settledLater(readFor(store, projection, last.position, batchSize));
    const write = replay ? replay.fold(events) : projection.fold(events);
    await writing;
    writing = settledLater(writeBatch(write));
    position = last.position;
    count += events.length;
    onBatch({ events: count, position });
  }
  await writing;
  if (replay) await writeBatch(replay.finish());
  return { events: count, position };
}

const readFor = (store: EventStore, projection: Projection, after: Position, limit: number) => {
  const options = { after, limit, types: [...projection.handles] };
  return projection.readsMetadata ? store.readAll(options) : store.readAllData(options);
};

/** A promise awaited later: its failure is thrown there, not reported as unhandled meanwhile. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/**
 * Writes each batch into the shadow tables in a transaction of its own on `client`, its new rows
 * copied in. A key already there (a row created again, which COPY cannot replace) fails the batch,
 * which is then written again with upserts.
 */
function shadowWriter(client: pg.Client): (write: Write) => Promise<void> {
  const db = kyselyOn(client);
  const copying: WriteTarget = { db, insertRows: (rows) => copyRows(client, rows) };
  const inTransaction = async (target: WriteTarget, write: Write) => {
    await client.query(`BEGIN; ${WRITE_TO_SHADOW}`);
    try {
      await write(target);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  };
  return async (write) => {
    try {
      await inTransaction(copying, write);
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      await inTransaction(statementTarget(db), write);
    }
  };
}

/** The final catch-up's writes, in the swap's transaction. */
async function writeToShadow(trx: Transaction<any>, write: Write): Promise<void> {
  await sql.raw(WRITE_TO_SHADOW).execute(trx);
  await write(statementTarget(trx));
}

async function swapIn(trx: Transaction<any>, projections: Projection[]): Promise<void> {
  for (const table of tablesOf(projections)) {
    await sql`DROP TABLE ${sql.id('public', table)}`.execute(trx);
    await sql`ALTER TABLE ${sql.id(SHADOW, table)} SET SCHEMA public`.execute(trx);
  }
}
