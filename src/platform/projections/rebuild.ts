import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { START, type EventStore, type Position, type StoredEvent } from '../eventstore/port';
import type { Projection } from './projection';
import { LOCK_NAMESPACE, ensureCheckpointRows, lockCheckpoint, writeCheckpoint } from './runner';

const SHADOW = 'projection_rebuild';
const REBUILD_BATCH = 5000;

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
  onProgress?: (progress: RebuildProgress) => void;
}): Promise<{ events: number }> {
  const { db, store, projections } = options;
  const batchSize = options.batchSize ?? REBUILD_BATCH;
  const guard = await takeRebuildLock(options.databaseUrl);
  try {
    await ensureCheckpointRows(db, projections);
    await createShadowTables(db, projections);
    const head = await store.headPosition();
    // Only what the projections handle is read. The checkpoint ends at the last such event; the
    // live runner then steps over the others after it, which costs nothing.
    const types = [...new Set(projections.flatMap((p) => [...p.handles]))];
    const read = (after: Position) => store.readAllData({ after, limit: batchSize, types });
    let position = START;
    let count = 0;
    // Read the next batch while the current one is written: reading and writing overlap.
    let next = read(position);
    for (;;) {
      const events = await next;
      const last = events[events.length - 1];
      if (!last) break;
      next = read(last.position);
      await db.transaction().execute((trx) => applyToShadow(trx, projections, events));
      position = last.position;
      count += events.length;
      options.onProgress?.({ events: count, position, head });
    }
    await db.transaction().execute(async (trx) => {
      for (const projection of projections) await lockCheckpoint(trx, projection.name);
      for (;;) {
        const events = await read(position);
        const last = events[events.length - 1];
        if (!last) break;
        await applyToShadow(trx, projections, events);
        position = last.position;
        count += events.length;
      }
      await swapIn(trx, projections);
      for (const projection of projections) await writeCheckpoint(trx, projection.name, position);
    });
    options.onProgress?.({ events: count, position, head: position });
    return { events: count };
  } finally {
    await sql`DROP SCHEMA IF EXISTS ${sql.id(SHADOW)} CASCADE`.execute(db).catch(() => {});
    await guard.end();
  }
}

async function takeRebuildLock(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
    LOCK_NAMESPACE,
    'rebuild',
  ]);
  if (!rows[0]?.locked) {
    await client.end();
    throw new Error('Another rebuild is running; try again when it has finished.');
  }
  return client;
}

async function createShadowTables(db: Kysely<any>, projections: Projection[]): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS ${sql.id(SHADOW)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(SHADOW)}`.execute(db);
  for (const table of projections.flatMap((p) => p.tables)) {
    // Logged from the start: an unlogged copy must be rewritten into the WAL whole (SET LOGGED)
    // inside the swap, which measured slower than writing the WAL along the way, overlapped with
    // reading the log.
    await sql`CREATE TABLE ${sql.id(SHADOW, table)} (LIKE ${sql.id('public', table)} INCLUDING ALL)`.execute(db);
  }
}

async function applyToShadow(trx: Transaction<any>, projections: Projection[], events: StoredEvent[]): Promise<void> {
  // Projections name their tables unqualified, so they write to the shadow copies. A lost batch
  // after a crash only means rebuilding again, so no need to wait for each commit's flush.
  await sql`SET LOCAL search_path TO ${sql.id(SHADOW)}, public`.execute(trx);
  await sql`SET LOCAL synchronous_commit TO off`.execute(trx);
  for (const projection of projections) {
    const relevant = events.filter((e) => projection.handles.has(e.type));
    if (relevant.length) await projection.apply(trx, relevant);
  }
  await sql`SET LOCAL search_path TO public`.execute(trx);
}

async function swapIn(trx: Transaction<any>, projections: Projection[]): Promise<void> {
  for (const table of projections.flatMap((p) => p.tables)) {
    await sql`DROP TABLE ${sql.id('public', table)}`.execute(trx);
    await sql`ALTER TABLE ${sql.id(SHADOW, table)} SET SCHEMA public`.execute(trx);
  }
}
