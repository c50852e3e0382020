import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  ALL_PROJECTIONS,
  RECENT_REBUILDS,
  type ProjectionState,
  type ProjectionStatusView,
  type ProjectionsOverview,
  type RebuildOrigin,
  type RebuildView,
} from '../../shared/operations';
import { formatPosition, type EventStore, type Position } from '../eventstore/port';
import { INSTANCE_NAME } from '../instance';
import type { Projection } from './projection';
import { RebuildRunningError, rebuildProjections, type RebuildProgress } from './rebuild';
import { LOCK_NAMESPACE, PROJECTIONS_CONNECTION, type CheckpointTables, type ProjectionRunner } from './runner';

// What operators do with the read models, driven alike by the back office (GET /api/admin/projections,
// POST …/{name}/rebuild) and the CLI (npm run projections -- status | rebuild): the status of each
// read model, and rebuilds recorded in projection_rebuilds (migration 017) with their progress, so a
// rebuild started from one is seen by the other and by every app instance (watch()).

/** A projection behind the log by less than this is live: appends are applied within milliseconds. */
const LIVE_LAG_MS = 2000;
/** How often a running rebuild writes its progress, and how often instances look for changes. */
const PROGRESS_EVERY_MS = 500;
const WATCH_EVERY_MS = 1000;
/** The window the rate (events per second) is measured over. */
const RATE_WINDOW_MS = 5000;
/** How long a caller refused the rebuild lock waits for its holder's row (recorded right after taking it). */
const RUNNING_RECORDED_WITHIN_MS = 2000;

interface RebuildRow {
  id: string;
  projections: string[];
  state: RebuildView['state'];
  origin: RebuildOrigin;
  started_by_id: string | null;
  started_by_name: string | null;
  instance: string;
  started_at: Date;
  events: string;
  total_events: string;
  rate: number;
  eta_seconds: number | null;
  finished_at: Date | null;
  duration_ms: number | null;
  rows: Record<string, number> | null;
  error: string | null;
  updated_at: Date;
}

export interface OperationsTables extends CheckpointTables {
  projection_rebuilds: RebuildRow;
}

export interface OperationsOptions {
  db: Kysely<any>;
  store: EventStore;
  databaseUrl: string;
  projections: Projection[];
  /** For the status of each projection (its checkpoint and lag); it need not be started. */
  runner: ProjectionRunner;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Who starts a rebuild: an admin (by id and name) or the CLI. */
export type RebuildStarter = { origin: 'admin'; admin: { id: string; name: string } } | { origin: 'cli' };

export class UnknownProjectionError extends Error {
  constructor(
    readonly target: string,
    readonly known: string[],
  ) {
    super(`No read model named "${target}"; read models: ${known.join(', ')} (or ${ALL_PROJECTIONS})`);
  }
}

export class ProjectionOperations {
  private readonly db: Kysely<OperationsTables>;

  constructor(private readonly options: OperationsOptions) {
    this.db = options.db as Kysely<OperationsTables>;
  }

  get names(): string[] {
    return this.options.projections.map((p) => p.name);
  }

  async overview(): Promise<ProjectionsOverview> {
    await this.endInterruptedRebuilds();
    const [statuses, holders, failures, rebuilds, head] = await Promise.all([
      this.options.runner.status(),
      this.lockHolders(),
      this.db.selectFrom('projection_failures').selectAll().execute(),
      this.recentRebuilds(),
      this.options.store.headPosition(),
    ]);
    const rebuilding = new Set(rebuilds.filter((r) => r.state === 'running').flatMap((r) => r.projections));
    const failed = new Map(failures.map((f) => [f.name, f.error]));
    const projections = statuses.map((status): ProjectionStatusView => {
      const instance = holders.get(status.name) ?? null;
      const error = failed.get(status.name) ?? null;
      const state: ProjectionState = rebuilding.has(status.name)
        ? 'rebuilding'
        : error
          ? 'failed'
          : !instance
            ? 'stopped'
            : status.behind > 0 && status.lagMs >= LIVE_LAG_MS
              ? 'catching_up'
              : 'live';
      return {
        name: status.name,
        state,
        position: status.position,
        behindEvents: status.behind,
        lagSeconds: Math.round(status.lagMs / 1000),
        error,
        instance,
      };
    });
    return { head: formatPosition(head), projections, rebuilds };
  }

  /**
   * Starts rebuilding `target` (a read model's name, or all) in the background: resolves once it
   * holds the rebuild lock and is recorded, with its first view. Rejects with RebuildRunningError
   * while another runs, UnknownProjectionError for a name no read model has.
   */
  startRebuild(target: string, starter: RebuildStarter): Promise<RebuildView> {
    return new Promise((resolve, reject) => {
      let started = false;
      this.rebuild(target, starter, (view) => {
        started = true;
        resolve(view);
      }).catch((error: unknown) => {
        if (!started) reject(error);
        else this.options.logger.error({ err: error, target }, 'projection rebuild failed');
      });
    });
  }

  /** Rebuilds `target` and resolves with its outcome (done, or failed with its error: then it rejects). */
  runRebuild(target: string, starter: RebuildStarter, onProgress?: (view: RebuildView) => void): Promise<RebuildView> {
    return this.rebuild(target, starter, () => {}, onProgress);
  }

  /**
   * Calls `onChange` with every rebuild recorded or updated from now on, by whichever process:
   * what an instance pushes to its own admins. Returns the function that stops watching.
   */
  watch(onChange: (view: RebuildView) => void): () => Promise<void> {
    // Kept as PostgreSQL's text: a JS Date would drop the microseconds, and the last row seen would
    // count as changed again at every look.
    let since = new Date().toISOString();
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const look = async () => {
      try {
        const rows = await this.db
          .selectFrom('projection_rebuilds')
          .selectAll()
          .select(sql<string>`updated_at::text`.as('changed_at'))
          .where('updated_at', '>', sql<Date>`${since}::timestamptz`)
          .orderBy('updated_at')
          .execute();
        for (const row of rows) onChange(toView(row));
        if (rows.length) since = rows[rows.length - 1]!.changed_at;
      } catch (error) {
        this.options.logger.warn({ err: error }, 'could not read projection rebuilds');
      }
      if (!stopped) timer = setTimeout(() => void look(), WATCH_EVERY_MS);
    };
    timer = setTimeout(() => void look(), WATCH_EVERY_MS);
    return async () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  private chosen(target: string): Projection[] {
    if (target === ALL_PROJECTIONS) return this.options.projections;
    const projection = this.options.projections.find((p) => p.name === target);
    if (!projection) throw new UnknownProjectionError(target, this.names);
    return [projection];
  }

  private async rebuild(
    target: string,
    starter: RebuildStarter,
    onStarted: (view: RebuildView) => void,
    onProgress?: (view: RebuildView) => void,
  ): Promise<RebuildView> {
    const projections = this.chosen(target);
    const id = randomUUID();
    const startedAt = Date.now();
    const progress = new ProgressMeter(startedAt);
    let lastWrite = 0;
    const record = async (values: Partial<RebuildRow>) => {
      const row = await this.db
        .updateTable('projection_rebuilds')
        .set({ ...values, updated_at: sql`clock_timestamp()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const view = toView(row);
      onProgress?.(view);
      return view;
    };
    try {
      await rebuildProjections({
        db: this.options.db,
        store: this.options.store,
        databaseUrl: this.options.databaseUrl,
        projections,
        onStart: async () => {
          const row = await this.db
            .insertInto('projection_rebuilds')
            .values({
              id,
              projections: projections.map((p) => p.name),
              state: 'running',
              origin: starter.origin,
              started_by_id: starter.origin === 'admin' ? starter.admin.id : null,
              started_by_name: starter.origin === 'admin' ? starter.admin.name : null,
              instance: INSTANCE_NAME,
              started_at: new Date(startedAt),
              updated_at: sql`clock_timestamp()`,
            } as never)
            .returningAll()
            .executeTakeFirstOrThrow();
          onStarted(toView(row));
        },
        onProgress: (at) => {
          const measured = progress.measure(at);
          if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = Date.now();
          // Progress is best effort: a lost update is followed by the next one.
          record(measured).catch(() => {});
        },
      });
      const rows = await this.rowCounts(projections);
      const finished = Date.now();
      const view = await record({
        state: 'done',
        ...progress.final(),
        finished_at: new Date(finished),
        duration_ms: finished - startedAt,
        rows,
      });
      this.options.logger.info({ rebuild: id, projections: view.projections, events: view.events }, 'rebuild done');
      return view;
    } catch (error) {
      if (error instanceof RebuildRunningError) throw error;
      const finished = Date.now();
      await record({
        state: 'failed',
        error: error instanceof Error ? error.message : String(error),
        finished_at: new Date(finished),
        duration_ms: finished - startedAt,
        eta_seconds: null,
      }).catch(() => {}); // not recorded yet (it failed before starting), or the database is gone
      throw error;
    }
  }

  private async rowCounts(projections: Projection[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of projections.flatMap((p) => p.tables)) {
      const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.id(table)}`.execute(this.db);
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  }

  /**
   * The rebuild running now, or null. Its process takes the rebuild lock and then records it, so a
   * caller just refused the lock waits a moment for the row rather than say nothing of it.
   */
  async runningRebuild(): Promise<RebuildView | null> {
    const deadline = Date.now() + RUNNING_RECORDED_WITHIN_MS;
    for (;;) {
      const running = (await this.recentRebuilds()).find((r) => r.state === 'running');
      if (running || Date.now() >= deadline) return running ?? null;
      await sleep(50);
    }
  }

  private async recentRebuilds(): Promise<RebuildView[]> {
    const rows = await this.db
      .selectFrom('projection_rebuilds')
      .selectAll()
      .orderBy('started_at', 'desc')
      .limit(RECENT_REBUILDS)
      .execute();
    return rows.map(toView);
  }

  /** The instance holding each projection's lock, read off the connection that holds it. */
  private async lockHolders(): Promise<Map<string, string>> {
    const { rows } = await sql<{ name: string; application_name: string }>`
      SELECT p.name, a.application_name
      FROM unnest(${this.names}::text[]) AS p(name)
      JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.classid = ${LOCK_NAMESPACE}::int::oid AND l.objid = hashtext(p.name)::oid
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      JOIN pg_stat_activity a ON a.pid = l.pid`.execute(this.db);
    const prefix = `${PROJECTIONS_CONNECTION} `;
    return new Map(
      rows.map((r) => [
        r.name,
        r.application_name.startsWith(prefix) ? r.application_name.slice(prefix.length) : r.application_name,
      ]),
    );
  }

  /**
   * A rebuild recorded as running while nobody holds the rebuild lock was cut short (its process
   * died): it is recorded as failed, so the page does not show it running for ever.
   */
  private async endInterruptedRebuilds(): Promise<void> {
    await sql`
      UPDATE projection_rebuilds SET state = 'failed', error = 'Interrupted: the process running it stopped',
        finished_at = clock_timestamp(), eta_seconds = NULL, updated_at = clock_timestamp()
      WHERE state = 'running' AND NOT EXISTS (
        SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.classid = ${LOCK_NAMESPACE}::int::oid AND l.objid = hashtext('rebuild')::oid
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))`.execute(this.db);
  }
}

/** Events done, the rate over the last few seconds, the total estimated from how far the log is read. */
class ProgressMeter {
  private readonly samples: { at: number; events: number }[] = [];
  private last: Pick<RebuildRow, 'events' | 'total_events' | 'rate' | 'eta_seconds'> = {
    events: '0',
    total_events: '0',
    rate: 0,
    eta_seconds: null,
  };

  constructor(private readonly startedAt: number) {}

  measure({ events, position, head }: RebuildProgress): typeof this.last {
    const now = Date.now();
    this.samples.push({ at: now, events });
    while (this.samples.length > 2 && now - this.samples[0]!.at > RATE_WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const seconds = (now - (this.samples.length > 1 ? first.at : this.startedAt)) / 1000;
    const rate = seconds > 0 ? (events - (this.samples.length > 1 ? first.events : 0)) / seconds : 0;
    const share = readShare(position, head);
    const total = share > 0 ? Math.max(events, Math.round(events / share)) : events;
    this.last = {
      events: String(events),
      total_events: String(total),
      rate: Math.round(rate),
      eta_seconds: rate > 0 && share > 0 ? Math.ceil((total - events) / rate) : null,
    };
    return this.last;
  }

  final(): typeof this.last {
    return { ...this.last, total_events: this.last.events, eta_seconds: null };
  }
}

/** How much of the log up to `head` is read at `position` (0 to 1). */
function readShare(position: Position, head: Position): number {
  if (head.prepare <= 0n || position.prepare < 0n) return 0;
  return Math.min(1, Number(position.prepare) / Number(head.prepare));
}

function toView(row: RebuildRow): RebuildView {
  return {
    id: row.id,
    projections: row.projections,
    state: row.state,
    origin: row.origin,
    startedBy: row.started_by_id ? { id: row.started_by_id, name: row.started_by_name ?? '' } : null,
    instance: row.instance,
    startedAt: new Date(row.started_at).toISOString(),
    events: Number(row.events),
    totalEvents: Number(row.total_events),
    rate: row.rate,
    etaSeconds: row.eta_seconds,
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    durationMs: row.duration_ms,
    rows: row.rows,
    error: row.error,
  };
}
