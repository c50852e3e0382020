import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { START, comparePositions, type EventStore, type Position, type StoredEvent } from '../eventstore/port';
import { kyselyOn } from '../db/database';
import { copyRows } from './copy-rows';
import { statementTarget } from './fold';
import type { Projection, Replay, Write, WriteTarget } from './projection';
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
    const indexes = new ShadowIndexes(db);
    const replayed = await replayIntoShadow({
      databaseUrl: options.databaseUrl,
      store,
      projections,
      batchSize,
      onBatch: (events, position) => options.onProgress?.({ events, position, head }),
      onWritten: (projection) => indexes.add(projection),
    }).finally(() => indexes.close());
    await indexes.built;
    let count = replayed.events;
    let position = head;
    await db.transaction().execute(async (trx) => {
      for (const projection of projections) await lockCheckpoint(trx, projection.name);
      // Every event up to `settled` has committed (or aborted), so the reads below see all of
      // them: once a projection has read to the end, it has everything up to there, whichever
      // types it handles, and its checkpoint can start the live runner there.
      const settled = await store.headPosition();
      const caughtUp = new Map<string, Position>();
      for (const projection of projections) {
        const readCatchUp = logReader(store, [projection], batchSize);
        let at = replayed.position;
        for (;;) {
          const events = await readCatchUp(at);
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
 * Builds the live tables' other indexes on the shadow copies, under their own names (which a later
 * migration may refer to): the swapped-in tables are indexed exactly as the ones they replace. A
 * read model's tables are indexed as soon as its replay has written all their rows, while others
 * may still be writing (the audit trail writes its entities' states last). Two builds at a time,
 * the longest ready first: each keeps one PostgreSQL process busy, and one build of a large table
 * (the audit trail's trigram index) takes as long as several others together.
 */
class ShadowIndexes {
  /** Settles once every added table is indexed and no more will come (close), or on a failed build. */
  readonly built: Promise<void>;
  private readonly ready: IndexStatement[] = [];
  private closed = false;
  private wakeUp: (() => void)[] = [];

  constructor(private readonly db: Kysely<any>) {
    this.built = settledLater(
      Promise.all(Array.from({ length: INDEX_BUILDS_AT_ONCE }, () => this.buildWhileOpen())).then(() => {}),
    );
  }

  /** The projection's shadow tables hold all their rows: their indexes can be built. */
  async add(projection: Projection): Promise<void> {
    this.ready.push(...(await indexStatements(this.db, projection)));
    this.ready.sort((a, b) => b.cost - a.cost);
    this.wake();
  }

  /** No more tables will come: the builds end once those added are done. */
  close(): void {
    this.closed = true;
    this.wake();
  }

  private wake(): void {
    for (const resolve of this.wakeUp.splice(0)) resolve();
  }

  private async buildWhileOpen(): Promise<void> {
    for (;;) {
      const next = this.ready.shift();
      if (next) await sql.raw(next.sql).execute(this.db);
      else if (this.closed) return;
      else await new Promise<void>((resolve) => this.wakeUp.push(resolve));
    }
  }
}

interface IndexStatement {
  sql: string;
  /** Roughly how long it takes to build: the longest are started first. */
  cost: number;
}

/** The statements that give a projection's shadow tables the live tables' other indexes and keys. */
async function indexStatements(db: Kysely<any>, projection: Projection): Promise<IndexStatement[]> {
  const insertOnly = new Set(projection.insertOnlyTables ?? []);
  const statements: IndexStatement[] = [];
  for (const table of projection.tables) {
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
  return statements;
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
function constraintStatement(table: string, constraint: KeyConstraint): IndexStatement {
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

/**
 * Replays the log into the projections' shadow tables. The log is read once, with all that any of
 * them needs (the audit trail its metadata), and each batch is handed to every projection for the
 * event types it handles: reading and parsing it once per projection took a third of Node's time.
 * Three stages overlap: the log is read a batch ahead, and each batch is folded in memory while
 * the previous one is being written, each projection's on a connection of its own.
 */
async function replayIntoShadow({
  databaseUrl,
  store,
  projections,
  batchSize,
  onBatch,
  onWritten,
}: {
  databaseUrl: string;
  store: EventStore;
  projections: Projection[];
  batchSize: number;
  onBatch: (events: number, position: Position) => void;
  /** Once a projection's shadow tables hold all their rows. */
  onWritten: (projection: Projection) => Promise<void>;
}): Promise<{ events: number; position: Position }> {
  const clients: pg.Client[] = [];
  try {
    while (clients.length < projections.length) clients.push(await connectClient(databaseUrl));
    const replayers = projections.map((projection, index) => new ShadowReplayer(projection, clients[index]!));
    const share = sharer(replayers);
    const read = logReader(store, projections, batchSize);
    let position = START;
    let count = 0;
    let next = settledLater(read(position));
    for (;;) {
      const events = await next;
      const last = events[events.length - 1];
      if (!last) break;
      next = settledLater(read(last.position));
      const folded = share(events).map((part, index) => replayers[index]!.fold(part));
      await Promise.all(replayers.map((replayer) => replayer.written()));
      for (const [index, replayer] of replayers.entries()) replayer.write(folded[index]);
      position = last.position;
      count = replayers.reduce((n, replayer) => n + replayer.applied, 0);
      onBatch(count, position);
    }
    await Promise.all(
      replayers.map(async (replayer) => {
        await replayer.finish();
        await onWritten(replayer.projection);
      }),
    );
    return { events: count, position };
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** One projection's part of a replay: its share of each batch, folded, then written in order. */
class ShadowReplayer {
  applied = 0;
  private readonly replay: Replay | undefined;
  private readonly writeBatch: (write: Write) => Promise<void>;
  private writing = Promise.resolve();

  constructor(
    readonly projection: Projection,
    client: pg.Client,
  ) {
    this.replay = projection.replay?.();
    this.writeBatch = shadowWriter(client);
  }

  /** Its share of a batch, folded; nothing when it handles none of the batch's events. */
  fold(share: StoredEvent[]): Write | undefined {
    if (!share.length) return undefined;
    this.applied += share.length;
    return this.replay ? this.replay.fold(share) : this.projection.fold(share);
  }

  /** Resolves once the previous batch is written (throws what failed it). */
  written(): Promise<void> {
    return this.writing;
  }

  write(write: Write | undefined): void {
    if (write) this.writing = settledLater(this.writeBatch(write));
  }

  async finish(): Promise<void> {
    await this.writing;
    if (this.replay) await this.writeBatch(this.replay.finish());
  }
}

/** Splits a batch into each replayer's share, in log order: the events of the types it handles. */
function sharer(replayers: ShadowReplayer[]): (events: StoredEvent[]) => StoredEvent[][] {
  const byType = new Map<string, number[]>();
  for (const [index, replayer] of replayers.entries())
    for (const type of replayer.projection.handles) byType.set(type, [...(byType.get(type) ?? []), index]);
  return (events) => {
    const shares: StoredEvent[][] = replayers.map(() => []);
    for (const event of events) for (const index of byType.get(event.type) ?? []) shares[index]!.push(event);
    return shares;
  };
}

/** Reads the log for the projections at once: the types any of them handles, with metadata if one needs it. */
function logReader(store: EventStore, projections: Projection[], limit: number) {
  const types = [...new Set(projections.flatMap((projection) => [...projection.handles]))];
  const withMetadata = projections.some((projection) => projection.readsMetadata);
  return (after: Position) =>
    withMetadata ? store.readAll({ after, limit, types }) : store.readAllData({ after, limit, types });
}

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
