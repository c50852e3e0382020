import { EventEmitter } from 'node:events';
import { sql, type Generated, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  START,
  comparePositions,
  formatPosition,
  type EventStore,
  type Position,
  type RecordedEvent,
} from '../eventstore/port';
import { WakeLatch } from '../eventstore/wake';
import { ThrottledNotify } from '../db/throttled-notify';
import { INSTANCE_NAME } from '../instance';
import { statementTarget } from './fold';
import type { Projection } from './projection';

const LIVE_BATCH = 1000;
const POLL_MS = 1000;
// A wake-up can come before its event is readable: a read sees only events below the oldest
// transaction still open anywhere on the PostgreSQL server (another database's included). So a loop
// that woke and found nothing looks again soon, then less and less often, up to POLL_MS; before,
// such a write waited the whole second (bench/live saw 1.04 s tails).
const RECHECK_MS = 10;
const LOCK_RETRY_MS = 2000;
// After a batch of several writes, a loop lets the next appends gather for this long: under a
// stream of writes (checkouts) it then applies one batch per few ms instead of one per event, which
// would cost each projection a transaction per event, most of them only to move its checkpoint.
// A batch of one write (an admin's save, nobody else writing) is not followed by a gather: the
// next save, seconds or milliseconds later, is applied as soon as it comes.
const GATHER_MS = 20;
// Each committed batch is announced on this channel, so that an instance waiting for a projection
// run by another (a write through B, read back once A's projection has it) reads the checkpoints
// again at once instead of at its next poll (50 ms, which every admin write through B waited).
const ADVANCED_CHANNEL = 'projections_advanced';
const ADVANCED_NOTIFY_MS = 10;
// waitFor reads the checkpoints again at least this often: a NOTIFY that never came (the
// connection listening for it dropped) costs one such interval.
const WAIT_POLL_MS = 200;

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
  /** How often waitFor reads the checkpoints when nothing announced a batch (WAIT_POLL_MS). */
  waitPollMs?: number;
}

/**
 * Runs each projection on exactly one instance (a PostgreSQL advisory lock per projection), from
 * its checkpoint: every batch is applied in one transaction together with the checkpoint, so a
 * crash never applies an event twice nor skips one.
 */
export class ProjectionRunner {
  private readonly advanced = new EventEmitter();
  /** Batches heard of so far (here or announced by others): a wait that missed one reads again. */
  private advances = 0;
  /** One per projection loop: an append wakes every loop. */
  private readonly latches = new Set<WakeLatch>();
  private readonly loops = new Map<string, Promise<void>>();
  private lockClient: pg.Client | undefined;
  /** The lock connection's last query, settled: the next one waits for it (onLockClient). */
  private lockQueries: Promise<unknown> = Promise.resolve();
  /** Announces this instance's batches to the others, through the lock connection. */
  private batchesAnnounced: ThrottledNotify | undefined;
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
    this.unlisten = this.options.store.onAppended(() => this.wakeLoops());
    await this.claimProjections();
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.lockTimer);
    this.unlisten?.();
    this.batchesAnnounced?.close();
    this.wakeLoops();
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
      const heard = this.advances;
      const checkpoints = await readCheckpoints(this.options.db, names);
      if (names.every((name) => comparePositions(checkpoints.get(name) ?? START, position) >= 0)) return true;
      const remaining = deadline - Date.now();
      if (remaining <= 0) return false;
      // A batch committed while the checkpoints were being read may not be in what they said.
      if (this.advances !== heard) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(remaining, this.options.waitPollMs ?? WAIT_POLL_MS));
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
        const { rows } = await this.onLockClient<{ locked: boolean }>(
          client,
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
          [LOCK_NAMESPACE, projection.name],
        );
        if (rows[0]?.locked) this.runLoop(projection, client);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'projection locks unavailable, retrying');
    }
    if (this.running) this.lockTimer = setTimeout(() => void this.claimProjections(), LOCK_RETRY_MS);
  }

  private async ensureLockClient(): Promise<pg.Client> {
    if (this.lockClient) return this.lockClient;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      // Names the instance holding the locks (operations.ts reads it back from pg_stat_activity).
      application_name: `${PROJECTIONS_CONNECTION} ${INSTANCE_NAME}`,
    });
    // Losing this connection releases our locks: another instance may now run our projections.
    client.on('error', () => this.loseLocks(client));
    client.on('end', () => this.loseLocks(client));
    // Our own announcements come back to us too; our loops told our waiters already.
    let backend: number | undefined;
    client.on('notification', (message) => {
      if (message.processId !== backend) this.markAdvanced();
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      backend = rows[0]!.pid;
      await client.query(`LISTEN ${ADVANCED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.lockClient = client;
    this.batchesAnnounced?.close();
    this.batchesAnnounced = new ThrottledNotify(ADVANCED_CHANNEL, ADVANCED_NOTIFY_MS, (statement) =>
      this.onLockClient(client, statement),
    );
    return client;
  }

  /**
   * A query on the lock connection once the ones before it are answered: lock claims, unlocks and
   * batch announcements come from independent timers, and a client sent a query while another runs
   * only queues it until pg 9, which refuses it.
   */
  private onLockClient<R extends pg.QueryResultRow = pg.QueryResultRow>(
    client: pg.Client,
    text: string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const query = this.lockQueries.then(() => client.query<R>(text, values));
    this.lockQueries = query.catch(() => {});
    return query;
  }

  private markAdvanced(): void {
    this.advances++;
    this.advanced.emit('advanced');
  }

  private loseLocks(client: pg.Client): void {
    if (this.lockClient !== client) return;
    this.lockClient = undefined;
    this.options.logger.warn('projection lock connection lost; projections pause until locks are taken again');
    this.wakeLoops();
  }

  private wakeLoops(): void {
    for (const latch of this.latches) latch.wake();
  }

  private runLoop(projection: Projection, lockClient: pg.Client): void {
    const latch = new WakeLatch();
    this.latches.add(latch);
    const loop = (async () => {
      this.options.logger.info({ projection: projection.name }, 'projection running on this instance');
      let failures = 0;
      // A failure recorded before this loop (by the loop that lost its lock connection along with its
      // batch, or by another instance) is cleared by this loop's first applied batch: the state
      // shows what is true now, not the last error of a loop that no longer runs.
      let failureShown = true;
      // Where this loop stands; read again whenever the checkpoint moved under it (a rebuild).
      let from: Position | undefined;
      let idleMs = RECHECK_MS;
      while (this.running && this.lockClient === lockClient) {
        try {
          from ??= (await readCheckpoints(this.options.db, [projection.name])).get(projection.name) ?? START;
          const step = await this.step(projection, from);
          from = step.position;
          if (failureShown) failureShown = !(await clearFailure(this.options.db, projection.name));
          failures = 0;
          if (step.applied === 0) {
            const woken = await latch.sleep(idleMs);
            idleMs = woken ? RECHECK_MS : Math.min(POLL_MS, idleMs * 2);
          } else {
            idleMs = RECHECK_MS;
            if (step.applied < this.batchSize && step.severalWrites) await delay(GATHER_MS);
          }
        } catch (error) {
          failures++;
          from = undefined;
          this.options.logger.error({ err: error, projection: projection.name }, 'projection batch failed; retrying');
          await recordFailure(this.options.db, projection.name, error);
          failureShown = true;
          // The back-off ends early only when this instance lost its locks: the loop then ends at
          // once, so that the lock connection taken next can run this projection again.
          const until = Date.now() + Math.min(30_000, 200 * 2 ** failures);
          while (this.running && this.lockClient === lockClient && Date.now() < until)
            await latch.sleep(until - Date.now());
        }
      }
    })().finally(() => {
      this.latches.delete(latch);
      this.loops.delete(projection.name);
      if (this.lockClient === lockClient && this.running) {
        void this.onLockClient(lockClient, 'SELECT pg_advisory_unlock($1, hashtext($2))', [
          LOCK_NAMESPACE,
          projection.name,
        ]).catch(() => {});
      }
    });
    this.loops.set(projection.name, loop);
  }

  private get batchSize(): number {
    return this.options.batchSize ?? LIVE_BATCH;
  }

  /**
   * Applies the batch after `from`: how many events it read, the position the loop is at now
   * (undefined when the checkpoint had moved under it: the batch was dropped), and whether those
   * events came from several writes.
   */
  private async step(
    projection: Projection,
    from: Position,
  ): Promise<{ applied: number; position: Position | undefined; severalWrites?: boolean }> {
    const { db, store } = this.options;
    const events = await store.readAll({ after: from, limit: this.batchSize });
    const last = events[events.length - 1];
    if (!last) return { applied: 0, position: from };
    const relevant = events.filter((e) => projection.handles.has(e.type));
    // Compare-and-set on the checkpoint: if it moved under us (a rebuild swapped in), the batch is
    // dropped. Events this projection ignores only move the checkpoint, in one statement.
    const moved = relevant.length
      ? await db.transaction().execute(async (trx) => {
          const write = projection.fold(relevant);
          if (!(await advanceCheckpoint(trx, projection.name, from, last.position))) return false;
          await write(statementTarget(trx));
          return true;
        })
      : await advanceCheckpoint(db, projection.name, from, last.position);
    if (!moved) return { applied: events.length, position: undefined };
    this.markAdvanced();
    this.batchesAnnounced?.notify();
    if (relevant.length) this.logBatch(projection, relevant, last.position);
    if (relevant.length && projection.afterCommit) {
      await Promise.resolve(projection.afterCommit(relevant)).catch((error: unknown) =>
        this.options.logger.warn({ err: error, projection: projection.name }, 'live update after projection failed'),
      );
    }
    // One append is one transaction: events of several mean writes came while this loop worked.
    const severalWrites = events.some((event) => event.position.commit !== last.position.commit);
    return { applied: events.length, position: last.position, severalWrites };
  }

  /** One line per applied batch, naming the requests (correlation ids) whose events it applied. */
  private logBatch(projection: Projection, events: RecordedEvent[], position: Position): void {
    const correlationIds = [...new Set(events.map((e) => e.metadata.correlationId))];
    this.options.logger.info(
      {
        projection: projection.name,
        events: events.length,
        position: formatPosition(position),
        correlationIds: correlationIds.slice(0, LOGGED_CORRELATION_IDS),
        ...(correlationIds.length > LOGGED_CORRELATION_IDS
          ? { moreCorrelationIds: correlationIds.length - LOGGED_CORRELATION_IDS }
          : {}),
      },
      'projection batch applied',
    );
  }
}

/** Correlation ids named in one batch's log line at most (a rebuild-sized batch would list thousands). */
const LOGGED_CORRELATION_IDS = 50;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Namespace of the advisory locks (first key), so they never collide with other locks. */
export const LOCK_NAMESPACE = 7_001;
/** The application_name prefix of the connection holding an instance's projection locks. */
export const PROJECTIONS_CONNECTION = 'iptv-store projections';

/** The runner's own table (migration 002): where each projection stands. numeric(20) reads back as text. */
export interface CheckpointTables {
  projection_checkpoints: {
    name: string;
    position_commit: Generated<string>;
    position_prepare: Generated<string>;
    updated_at: Generated<Date>;
  };
  projection_failures: {
    name: string;
    error: string;
    failed_at: Date;
  };
}

/** Kept for operators (GET /api/admin/projections) until the projection's next applied batch. */
async function recordFailure(db: Kysely<CheckpointTables>, name: string, error: unknown): Promise<void> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  await db
    .insertInto('projection_failures')
    .values({ name, error: message, failed_at: sql`now()` })
    .onConflict((oc) => oc.column('name').doUpdateSet({ error: message, failed_at: sql`now()` }))
    .execute()
    .catch(() => {}); // the database itself may be what failed
}

/** Resolves whether the failure is cleared (false when the database could not be told: try again). */
async function clearFailure(db: Kysely<CheckpointTables>, name: string): Promise<boolean> {
  return db
    .deleteFrom('projection_failures')
    .where('name', '=', name)
    .execute()
    .then(
      () => true,
      () => false,
    );
}

export async function ensureCheckpointRows(db: Kysely<CheckpointTables>, projections: Projection[]): Promise<void> {
  if (!projections.length) return;
  await db
    .insertInto('projection_checkpoints')
    .values(projections.map((p) => ({ name: p.name })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function readCheckpoints(db: Kysely<CheckpointTables>, names: string[]): Promise<Map<string, Position>> {
  const rows = await db
    .selectFrom('projection_checkpoints')
    .select(['name', 'position_commit', 'position_prepare'])
    .where('name', 'in', names.length ? names : [''])
    .execute();
  return new Map(rows.map((r) => [r.name, toPosition(r)]));
}

export async function lockCheckpoint(trx: Transaction<CheckpointTables>, name: string): Promise<Position> {
  const row = await trx
    .selectFrom('projection_checkpoints')
    .select(['position_commit', 'position_prepare'])
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirst();
  return row ? toPosition(row) : START;
}

/** Moves the checkpoint from `from` to `to`; false (nothing written) when it was not at `from`. */
async function advanceCheckpoint(
  db: Kysely<CheckpointTables> | Transaction<CheckpointTables>,
  name: string,
  from: Position,
  to: Position,
): Promise<boolean> {
  const result = await db
    .updateTable('projection_checkpoints')
    .set({ position_commit: to.commit.toString(), position_prepare: to.prepare.toString(), updated_at: sql`now()` })
    .where('name', '=', name)
    .where('position_commit', '=', from.commit.toString())
    .where('position_prepare', '=', from.prepare.toString())
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function writeCheckpoint(
  trx: Transaction<CheckpointTables>,
  name: string,
  position: Position,
): Promise<void> {
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
