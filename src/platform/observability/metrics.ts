import type { Logger } from 'pino';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ProjectionStatus } from '../projections/runner';
import type { QueueStats } from '../queue/port';

// The store's Prometheus metrics. One registry per app instance (never prom-client's global one),
// so several apps in one process (the tests) each count their own. Counters move as things happen;
// gauges of state held elsewhere (projections, job queue, sockets) are read when scraped.

export interface MetricSources {
  projections?: () => Promise<ProjectionStatus[]>;
  queue?: () => Promise<QueueStats[]>;
  /** This instance's connected Socket.IO clients. */
  sockets?: () => { admins: number; shoppers: number };
}

/** Conflicts on append: another writer got there first, or the admin's If-Match was stale. */
export type ConflictKind = 'concurrent_write' | 'stale_version';

const PREFIX = 'iptv_';
// Most answers take milliseconds; checkouts call the payment provider, exports stream for longer.
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class StoreMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly eventsAppended: Counter<'type'>;
  readonly appendConflicts: Counter<'kind'>;
  readonly throttleRefused: Counter<'limit'>;
  private sources: MetricSources = {};
  /** Counts scrapes: each reads a source once, though several gauges show parts of it. */
  private scrape = 0;

  constructor(private readonly logger: Pick<Logger, 'warn'>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    this.httpDuration = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'HTTP requests by route pattern (never the raw URL) and status, with their duration',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.eventsAppended = new Counter({
      name: `${PREFIX}events_appended_total`,
      help: 'Events appended to the event store by this instance, by event type',
      labelNames: ['type'],
      registers,
    });
    this.appendConflicts = new Counter({
      name: `${PREFIX}append_conflicts_total`,
      help: 'Commands refused for a wrong expected version: a concurrent writer, or a stale If-Match',
      labelNames: ['kind'],
      registers,
    });
    this.throttleRefused = new Counter({
      name: `${PREFIX}throttle_refused_total`,
      help: 'Attempts refused by a rate limit, by limit (login-username-address and login-address are sign-ins)',
      labelNames: ['limit'],
      registers,
    });
    this.defineProjectionGauges();
    this.defineQueueMetrics();
    this.defineSocketGauge();
  }

  /** Where the scraped gauges read from, once the parts they watch exist. */
  watch(sources: MetricSources): void {
    this.sources = { ...this.sources, ...sources };
  }

  countConflict(kind: ConflictKind): void {
    this.appendConflicts.inc({ kind });
  }

  /** The Prometheus text exposition of every metric. */
  async text(): Promise<{ contentType: string; body: string }> {
    this.scrape++;
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private defineProjectionGauges(): void {
    const statuses = this.cached('projections', () => this.sources.projections?.() ?? Promise.resolve([]));
    const gauge = (name: string, help: string, value: (s: ProjectionStatus) => number) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        labelNames: ['projection'],
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const status of await statuses()) this.set({ projection: status.name }, value(status));
        },
      });
    // A position is (commit, prepare); its commit part grows with the log, which is what a graph shows.
    gauge('projection_position', 'Commit part of the log position each read model has applied', (s) =>
      Number(s.position.split('/')[0]),
    );
    gauge('projection_lag_events', 'Events not yet applied by each read model (counted up to 10,000)', (s) => s.behind);
    gauge(
      'projection_lag_seconds',
      'Age of the oldest event each read model has not applied (0 when live)',
      (s) => Math.round(s.lagMs) / 1000,
    );
    gauge('projection_running_here', 'Whether this instance runs the read model (1) or another one does (0)', (s) =>
      s.runningHere ? 1 : 0,
    );
  }

  private defineQueueMetrics(): void {
    const stats = this.cached('queue', () => this.sources.queue?.() ?? Promise.resolve([]));
    new Gauge({
      name: `${PREFIX}job_queue_depth`,
      help: 'Jobs waiting, delayed (also between retries) or running, by job name',
      labelNames: ['job', 'state'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const s of await stats()) {
          this.set({ job: s.name, state: 'waiting' }, s.waiting);
          this.set({ job: s.name, state: 'delayed' }, s.delayed);
          this.set({ job: s.name, state: 'active' }, s.active);
        }
      },
    });
    // The queue adapters count these themselves (they see every attempt); shown as counters.
    const counter = (name: string, help: string, value: (s: QueueStats) => number) =>
      new Counter({
        name: `${PREFIX}${name}`,
        help,
        labelNames: ['job'],
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const s of await stats()) this.inc({ job: s.name }, value(s));
        },
      });
    counter('jobs_failed_total', 'Jobs that used up their attempts in this process', (s) => s.failed);
    counter('jobs_retried_total', 'Failed job attempts that will be tried again, in this process', (s) => s.retried);
  }

  private defineSocketGauge(): void {
    const sources = () => this.sources;
    new Gauge({
      name: `${PREFIX}sockets_connected`,
      help: 'Socket.IO clients connected to this instance: admins (back office) and shoppers (storefront)',
      labelNames: ['kind'],
      registers: [this.registry],
      collect() {
        const counts = sources().sockets?.() ?? { admins: 0, shoppers: 0 };
        this.set({ kind: 'admins' }, counts.admins);
        this.set({ kind: 'shoppers' }, counts.shoppers);
      },
    });
  }

  /**
   * The source read at most once per scrape; a source that fails (database away) shows no values
   * rather than failing the whole scrape.
   */
  private cached<T>(name: string, read: () => Promise<T[]>): () => Promise<T[]> {
    let last: { scrape: number; value: Promise<T[]> } | undefined;
    return () => {
      if (last?.scrape !== this.scrape) {
        const value = read().catch((error: unknown) => {
          this.logger.warn({ err: error, source: name }, 'metrics source unavailable');
          return [];
        });
        last = { scrape: this.scrape, value };
      }
      return last.value;
    };
  }
}
