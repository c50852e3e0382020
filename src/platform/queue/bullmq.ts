import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import {
  assertJobId,
  assertJobName,
  QueueUnavailableError,
  withDefaultHooks,
  settleWithin,
  type JobDefaults,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type QueueHooks,
  type QueueStats,
} from './port';

// The scaled-out adapter: BullMQ on Redis. A handle is producer-only until start(), so the web
// processes enqueue and the `npm run worker` processes (which call start()) run the handlers.
//
// One BullMQ queue per job name rather than one queue holding every name: each name gets its own
// worker, so a slow kind of job cannot starve another, and BullMQ's jobId (unique per queue) is
// scoped per name, exactly like the in-process adapter's de-duplication.

export interface BullMqQueueOptions extends QueueHooks {
  url: string;
  /** Namespaces every Redis key (BullMQ's `prefix`); tests use a random one. Default `bull`. */
  prefix?: string;
  /** Jobs of one name a worker process runs at the same time. Default 4. */
  concurrency?: number;
  /** Failed jobs kept per name for inspection (the oldest are dropped). Default 1000. */
  keepFailed?: number;
}

interface Definition {
  handler: JobHandler<unknown>;
  defaults: JobDefaults;
}

// Job states that no longer hold the jobId against a new add (see freeJobId).
const FINISHED = new Set(['completed', 'failed']);
const PING_TIMEOUT_MS = 2_000;
/** How long a worker's forced disconnect may take once its handlers were given up on. */
const DISCONNECT_TIMEOUT_MS = 1_000;
/** ioredis connection states in which Redis is known to be away. */
const UNAVAILABLE = new Set(['reconnecting', 'close', 'end']);
const REPORT_QUIET_MS = 10_000;

export class BullMqQueue implements JobQueue {
  private readonly definitions = new Map<string, Definition>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  /** Shared by every Queue (the producer side). */
  private readonly connection: Redis;
  /** Never connected itself: each Worker duplicates it for its own (blocking) connections. */
  private readonly workerConnection: Redis;
  private readonly hooks: Required<QueueHooks>;
  /** Failures and retries of the jobs this process ran, per job name, for the metrics. */
  private readonly counts = new Map<string, { failed: number; retried: number }>();
  private lastReport: { message: string; at: number } | undefined;
  private started = false;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: BullMqQueueOptions) {
    this.hooks = withDefaultHooks(options);
    // Producer commands give up after a few reconnect attempts, so an enqueue or ping during an
    // outage rejects (the caller decides) instead of hanging; ioredis keeps reconnecting anyway.
    this.connection = new Redis(options.url, { maxRetriesPerRequest: 3 });
    // Workers block on Redis and must wait out an outage: BullMQ requires maxRetriesPerRequest null.
    this.workerConnection = new Redis(options.url, { maxRetriesPerRequest: null, lazyConnect: true });
    // Without a listener an 'error' event would be thrown; with one, ioredis just reconnects.
    this.connection.on('error', this.report);
  }

  onAvailable(listener: () => void): () => void {
    this.connection.on('ready', listener);
    return () => void this.connection.off('ready', listener);
  }

  define<T>(name: string, handler: JobHandler<T>, defaults: JobDefaults = {}): void {
    assertJobName(name);
    this.definitions.set(name, { handler: handler as JobHandler<unknown>, defaults });
    if (this.started && !this.closing) this.startWorker(name);
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<boolean> {
    this.assertOpen();
    assertJobName(name);
    // During an outage, refused at once (a shopper's checkout must not wait for Redis); at start,
    // while first connecting, the command waits for the connection as usual.
    if (UNAVAILABLE.has(this.connection.status)) throw new QueueUnavailableError();
    const queue = this.queue(name);
    if (options.jobId !== undefined) {
      assertJobId(options.jobId);
      if (!(await this.freeJobId(queue, options.jobId))) return false;
    }
    await queue.add(name, data, this.jobOptions(name, options));
    return true;
  }

  async start(): Promise<void> {
    this.assertOpen();
    this.started = true;
    for (const name of this.definitions.keys()) this.startWorker(name);
    await Promise.all([...this.workers.values()].map((worker) => worker.waitUntilReady()));
  }

  close(timeoutMs = 10_000): Promise<void> {
    this.closing ??= this.shutdown(timeoutMs);
    return this.closing;
  }

  /** Bounded, so /readyz answers promptly while ioredis is still working through its retries. */
  async ping(): Promise<void> {
    const reply = this.connection.ping();
    reply.catch(() => {}); // once the timeout below has answered, a late failure is not news
    if (!(await settleWithin([reply], PING_TIMEOUT_MS)))
      throw new Error(`Redis did not answer PING in ${PING_TIMEOUT_MS} ms`);
    await reply;
  }

  /** Depth read from Redis (every process's jobs); failures and retries are this process's. */
  async stats(): Promise<QueueStats[]> {
    const names = new Set([...this.definitions.keys(), ...this.counts.keys()]);
    return Promise.all(
      [...names].map(async (name) => {
        const counts = await this.queue(name).getJobCounts('waiting', 'prioritized', 'delayed', 'active');
        return {
          name,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          delayed: counts.delayed ?? 0,
          active: counts.active ?? 0,
          ...this.countsOf(name),
        };
      }),
    );
  }

  /**
   * BullMQ ignores an add whose jobId exists in *any* state, including completed and failed, and
   * says nothing: `Queue.add` returns a Job either way. Completed jobs are removed at once
   * (removeOnComplete), but failed ones are kept for inspection, so a finished job found here is
   * removed to free its id. Returns false when a live job (waiting, delayed, active…) holds it.
   * Look-then-add is not atomic: BullMQ's own check still prevents a second job, but two concurrent
   * enqueues of one new id may both return true.
   */
  private async freeJobId(queue: Queue, jobId: string): Promise<boolean> {
    const state = await queue.getJobState(jobId);
    if (FINISHED.has(state)) await queue.remove(jobId);
    return state === 'unknown' || FINISHED.has(state);
  }

  private jobOptions(name: string, options: JobOptions): JobsOptions {
    const defaults = this.definitions.get(name)?.defaults ?? {};
    const backoff = options.backoff ?? defaults.backoff;
    return {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: options.attempts ?? defaults.attempts ?? 1,
      backoff: backoff && { type: backoff.type, delay: backoff.delayMs },
      removeOnComplete: true,
      removeOnFail: { count: this.options.keepFailed ?? 1000 },
    };
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.options.prefix });
      queue.on('error', this.report);
      this.queues.set(name, queue);
    }
    return queue;
  }

  private startWorker(name: string): void {
    if (this.workers.has(name)) return;
    const worker = new Worker(name, (job: Job) => this.process(name, job), {
      connection: this.workerConnection,
      prefix: this.options.prefix,
      concurrency: this.options.concurrency ?? 4,
    });
    worker.on('error', this.report);
    this.workers.set(name, worker);
  }

  private async process(name: string, job: Job): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`No handler defined for job ${name}`);
    // attemptsMade counts the tries that already failed, so this one is attemptsMade + 1.
    const ctx = { attempt: job.attemptsMade + 1, jobId: job.id ?? '' };
    try {
      await definition.handler(job.data, ctx);
    } catch (error) {
      const attempts = job.opts.attempts ?? 1;
      if (ctx.attempt >= attempts) {
        this.countsOf(name).failed++;
        this.hooks.onFailed({ name, jobId: ctx.jobId, data: job.data, attempts, error });
      } else this.countsOf(name).retried++;
      throw error;
    }
  }

  private async shutdown(timeoutMs: number): Promise<void> {
    const workers = [...this.workers.values()];
    // Worker.close() stops fetching at once and resolves when its running handlers are done.
    if (
      !(await settleWithin(
        workers.map((worker) => worker.close()),
        timeoutMs,
      ))
    ) {
      // A handler still runs: drop the connections anyway. Its job's lock expires and BullMQ's
      // stalled-job check hands it to another worker.
      this.report(new Error(`Job handlers still running after ${timeoutMs} ms; closing anyway`));
      // Bounded too: after a Redis outage a worker's blocking connection may never come back, and
      // BullMQ's disconnect waits for it first (seen in faults.int.spec: app.close() hung).
      await settleWithin(
        workers.map((worker) => worker.disconnect()),
        DISCONNECT_TIMEOUT_MS,
      );
    }
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    await this.quit(this.connection);
    this.workerConnection.disconnect();
  }

  private async quit(connection: Redis): Promise<void> {
    if (connection.status !== 'ready') return connection.disconnect();
    await connection.quit().catch(() => connection.disconnect());
  }

  /**
   * Passes an error on unless the same message went out in the last 10 s: during an outage every
   * connection, queue and worker re-emits the same failure on every reconnect attempt.
   */
  private readonly report = (error: unknown): void => {
    const message = error instanceof Error ? error.message : String(error);
    const now = Date.now();
    if (this.lastReport?.message === message && now - this.lastReport.at < REPORT_QUIET_MS) return;
    this.lastReport = { message, at: now };
    this.hooks.onError(error);
  };

  private countsOf(name: string): { failed: number; retried: number } {
    let counts = this.counts.get(name);
    if (!counts) this.counts.set(name, (counts = { failed: 0, retried: 0 }));
    return counts;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('Job queue is closed');
  }
}
