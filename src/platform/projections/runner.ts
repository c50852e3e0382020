import { EventEmitter } from 'node:events';
import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '../eventstore/port';
import { WakeLatch } from '../eventstore/wake';
import type { Projection } from './projection';

const LIVE_BATCH = 1000;
const POLL_MS = 1000;
const LOCK_RETRY_MS = 2000;

export interface ProjectionStatus {
  name: string;
  position: string;
  /** Events not applied yet (counted up to 10,000). */
  behind: number;
  /** Age of the oldest event not applied yet, in ms (0 when caught up). */
  lagMs: number;
  /** Whether this instance is the one running it. */
  runningHere: boolean;
}

interface Options {
  db: Kysely<any>;
  store: EventStore;
  /** URL for the connection that holds the advisory locks: if this instance dies, they are released. */
  databaseUrl: string;
  projections: Projection[];
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  batchSize?: number;
}

/**
 * Runs each projection on exactly one instance (a PostgreSQL advisory lock per projection), from
 * its checkpoint: every batch is applied in one transaction together with the checkpoint, so a
 * crash never applies an event twice nor skips one.
 */
export class ProjectionRunner {
  private readonly advanced = new EventEmitter();
  private readonly latch = new WakeLatch();
  private readonly loops = new Map<string, Promise<void>>();
  private lockClient: pg.Client | undefined;
  private lockTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => void) | undefined;
  private running = false;

  constructor(private readonly options: Options) {
    this.advanced.setMaxListeners(0);
  }

  get projections(): Projection[] {
    return this.options.projections;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await ensureCheckpointRows(this.options.db, this.options.projections);
    this.unlisten = this.options.store.onAppended(this.latch.wake);
    await this.claimProjections();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.lockTimer);
    this.unlisten?.();
    this.latch.wake();
    await Promise.allSettled(this.loops.values());
    const client = this.lockClient;
    this.lockClient = undefined;
    await client?.end().catch(() => {});
  }

  /**
   * Resolves once every named projection (all by default) has applied everything up to `position`,
   * wherever it runs; false when `timeoutMs` passed first.
   */
  async waitFor(position: Position, options: { projections?: string[]; timeoutMs?: number } = {}): Promise<boolean> {
    const names = options.projections ?? this.options.projections.map((p) => p.name);
    const deadline = Date.now() + (options.timeoutMs ?? 5000);
    for (;;) {
      const checkpoints = await readCheckpoints(this.options.db, names);
      if (names.every((name) => comparePositions(checkpoints.get(name) ?? START, position) >= 0)) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(remaining, 50));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.advanced.once('advanced', done);
      });
    }
  }

  async status(): Promise<ProjectionStatus[]> {
    const names = this.options.projections.map((p) => p.name);
    const checkpoints = await readCheckpoints(this.options.db, names);
    return Promise.all(
      names.map(async (name) => {
        const position = checkpoints.get(name) ?? START;
        const pending = await this.options.store.readAll({ after: position, limit: 10_000 });
        const oldest = pending[0] ? Date.parse(pending[0].metadata.occurredAt) : Date.now();
        return {
          name,
          position: `${position.commit}/${position.prepare}`,
          behind: pending.length,
          lagMs: Math.max(0, Date.now() - oldest),
          runningHere: this.loops.has(name),
        };
      }),
    );
  }

  // Tries to take the lock of every projection not running here; retried every few seconds so
  // that another instance takes over when the one holding a lock dies.
  private async claimProjections(): Promise<void> {
    this.lockTimer = undefined;
    if (!this.running) return;
    try {
      const client = await this.ensureLockClient();
      for (const projection of this.options.projections) {
        if (this.loops.has(projection.name)) continue;
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [
          LOCK_NAMESPACE,
          projection.name,
        ]);
        if (rows[0]?.locked) this.runLoop(projection, client);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'projection locks unavailable, retrying');
    }
    if (this.running) this.lockTimer = setTimeout(() => void this.claimProjections(), LOCK_RETRY_MS);
  }

  private async ensureLockClient(): Promise<pg.Client> {
    if (this.lockClient) return this.lockClient;
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'iptv-store projections' });
    // Losing this connection releases our locks: another instance may now run our projections.
    client.on('error', () => this.loseLocks(client));
    client.on('end', () => this.loseLocks(client));
    await client.connect();
    this.lockClient = client;
    return client;
  }

  private loseLocks(client: pg.Client): void {
    if (this.lockClient !== client) return;
    this.lockClient = undefined;
    this.options.logger.warn('projection lock connection lost; projections pause until locks are taken again');
    this.latch.wake();
  }

  private runLoop(projection: Projection, lockClient: pg.Client): void {
    const loop = (async () => {
      this.options.logger.info({ projection: projection.name }, 'projection running on this instance');
      let failures = 0;
      while (this.running && this.lockClient === lockClient) {
        try {
          const progressed = await this.step(projection);
          failures = 0;
          if (!progressed) await this.latch.sleep(POLL_MS);
        } catch (error) {
          failures++;
          this.options.logger.error({ err: error, projection: projection.name }, 'projection batch failed; retrying');
          await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 200 * 2 ** failures)));
        }
      }
    })().finally(() => {
      this.loops.delete(projection.name);
      if (this.lockClient === lockClient && this.running) {
        void lockClient.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, projection.name]).catch(() => {});
      }
    });
    this.loops.set(projection.name, loop);
  }

  /** Applies the next batch; false when there was nothing to apply. */
  private async step(projection: Projection): Promise<boolean> {
    const { db, store } = this.options;
    const from = (await readCheckpoints(db, [projection.name])).get(projection.name) ?? START;
    const events = await store.readAll({ after: from, limit: this.options.batchSize ?? LIVE_BATCH });
    const last = events[events.length - 1];
    if (!last) return false;
    const relevant = events.filter((e) => projection.handles.has(e.type));
    const applied = await db.transaction().execute(async (trx) => {
      // Compare-and-set: if the checkpoint moved under us (a rebuild swapped in), drop this batch.
      const current = await lockCheckpoint(trx, projection.name);
      if (comparePositions(current, from) !== 0) return false;
      if (relevant.length) await projection.apply(trx, relevant);
      await writeCheckpoint(trx, projection.name, last.position);
      return true;
    });
    if (!applied) return true;
    this.advanced.emit('advanced');
    if (relevant.length && projection.afterCommit) {
      await Promise.resolve(projection.afterCommit(relevant)).catch((error: unknown) =>
        this.options.logger.warn({ err: error, projection: projection.name }, 'live update after projection failed'),
      );
    }
    return true;
  }
}

/** Namespace of the advisory locks (first key), so they never collide with other locks. */
export const LOCK_NAMESPACE = 7_001;

export async function ensureCheckpointRows(db: Kysely<any>, projections: Projection[]): Promise<void> {
  if (!projections.length) return;
  await db
    .insertInto('projection_checkpoints')
    .values(projections.map((p) => ({ name: p.name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function readCheckpoints(db: Kysely<any>, names: string[]): Promise<Map<string, Position>> {
  const rows = await db
    .selectFrom('projection_checkpoints')
    .select(['name', 'position_commit', 'position_prepare'])
    .where('name', 'in', names.length ? names : [''])
    .execute();
  return new Map(rows.map((r) => [r.name as string, toPosition(r)]));
}

export async function lockCheckpoint(trx: Transaction<any>, name: string): Promise<Position> {
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select(['position_commit', 'position_prepare'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirst();
  return row ? toPosition(row) : START;
}

export async function writeCheckpoint(trx: Transaction<any>, name: string, position: Position): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set({
      position_commit: position.commit.toString(),
      position_prepare: position.prepare.toString(),
      updated_at: sql`now()`,
    })
    .where('name', '=', name)
    .execute();
}

function toPosition(row: { position_commit: unknown; position_prepare: unknown }): Position {
  return { commit: BigInt(String(row.position_commit)), prepare: BigInt(String(row.position_prepare)) };
}

export type { RecordedEvent };
