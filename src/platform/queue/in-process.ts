import { outsideRequest } from '../observability/request-context';
import {
  assertJobId,
  assertJobName,
  backoffDelay,
  withDefaultHooks,
  settleWithin,
  type Backoff,
  type JobDefaults,
  type JobHandler,
  type JobOptions,
  type JobQueue,
  type QueueHooks,
  type QueueStats,
} from './port';

// The embedded-mode scheduler: timers in this process, nothing persisted. Jobs die with the process
// (or with close()), which is fine because jobs are never the only record of work (docs/architecture.md#jobs).
// It mirrors BullMQ's behaviour where the port leaves room: ids are scoped per job name, data is
// JSON and re-parsed on each attempt, backoff is computed the same way.

interface Definition {
  handler: JobHandler<unknown>;
  defaults: JobDefaults;
}

interface PendingJob {
  key: string;
  name: string;
  id: string;
  /** Stored as JSON, like in Redis, so a handler never shares or mutates the caller's object. */
  payload: string;
  /** The number of the next try (1-based). */
  attempt: number;
  attempts: number;
  backoff: Backoff | undefined;
  timer?: NodeJS.Timeout;
  /** Whether its handler runs now. */
  active?: boolean;
}

export class InProcessQueue implements JobQueue {
  private readonly definitions = new Map<string, Definition>();
  /** Waiting, delayed (also between retries) and active jobs: the de-duplication set. */
  private readonly pending = new Map<string, PendingJob>();
  /** Due jobs that cannot run yet: before start(), or whose name has no handler yet. */
  private ready: PendingJob[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly hooks: Required<QueueHooks>;
  /** Failures and retries per job name, for the metrics. */
  private readonly counts = new Map<string, { failed: number; retried: number }>();
  private nextId = 1;
  private started = false;
  private closed = false;

  constructor(hooks: QueueHooks = {}) {
    this.hooks = withDefaultHooks(hooks);
  }

  define<T>(name: string, handler: JobHandler<T>, defaults: JobDefaults = {}): void {
    assertJobName(name);
    this.definitions.set(name, { handler: handler as JobHandler<unknown>, defaults });
    this.drain();
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}): Promise<boolean> {
    this.assertOpen();
    assertJobName(name);
    if (options.jobId !== undefined) assertJobId(options.jobId);
    // Auto ids are integers, which custom ids may not be, so the two never collide (as in BullMQ).
    const id = options.jobId ?? String(this.nextId++);
    const key = `${name}\u0000${id}`;
    if (this.pending.has(key)) return false;
    const defaults = this.definitions.get(name)?.defaults ?? {};
    const job: PendingJob = {
      key,
      name,
      id,
      payload: JSON.stringify(data) ?? 'null',
      attempt: 1,
      attempts: options.attempts ?? defaults.attempts ?? 1,
      backoff: options.backoff ?? defaults.backoff,
    };
    this.pending.set(key, job);
    this.schedule(job, options.delayMs ?? 0);
    return true;
  }

  async start(): Promise<void> {
    this.assertOpen();
    this.started = true;
    this.drain();
  }

  async close(timeoutMs = 10_000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.pending.values()) clearTimeout(job.timer);
    this.ready = [];
    await settleWithin([...this.running], timeoutMs);
    this.pending.clear();
  }

  async ping(): Promise<void> {}

  /** In memory, never away. */
  onAvailable(): () => void {
    return () => {};
  }

  async stats(): Promise<QueueStats[]> {
    const names = new Set([...this.definitions.keys(), ...this.counts.keys()]);
    const ready = new Set(this.ready);
    return [...names].map((name) => {
      const jobs = [...this.pending.values()].filter((job) => job.name === name);
      const active = jobs.filter((job) => job.active).length;
      const waiting = jobs.filter((job) => !job.active && ready.has(job)).length;
      return { name, waiting, delayed: jobs.length - active - waiting, active, ...this.countsOf(name) };
    });
  }

  // Even an undelayed job goes through a timer, so a handler never runs inside enqueue's call.
  // The timer is set outside the request that enqueued the job: the job runs later for no request
  // (as it would in a BullMQ worker), so its events and logs do not carry that request's id.
  private schedule(job: PendingJob, delayMs: number): void {
    job.timer = outsideRequest(() => setTimeout(() => this.dispatch(job), Math.max(0, delayMs)));
  }

  private dispatch(job: PendingJob): void {
    if (this.closed) return;
    const definition = this.definitions.get(job.name);
    if (!this.started || !definition) {
      this.ready.push(job);
      return;
    }
    const run = this.attempt(job, definition.handler)
      .catch((error: unknown) => this.hooks.onError(error))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  private drain(): void {
    if (!this.started || this.closed) return;
    const due = this.ready;
    this.ready = [];
    for (const job of due) this.dispatch(job);
  }

  private async attempt(job: PendingJob, handler: JobHandler<unknown>): Promise<void> {
    job.active = true;
    try {
      await handler(JSON.parse(job.payload), { attempt: job.attempt, jobId: job.id });
      this.pending.delete(job.key);
    } catch (error) {
      this.retryOrFail(job, error);
    } finally {
      job.active = false;
    }
  }

  private retryOrFail(job: PendingJob, error: unknown): void {
    if (job.attempt < job.attempts) {
      // Once closing, a retry is dropped like any other pending job: nothing outlives close().
      if (this.closed) return;
      const wait = backoffDelay(job.backoff, job.attempt);
      job.attempt += 1;
      this.countsOf(job.name).retried++;
      this.schedule(job, wait);
      return;
    }
    this.pending.delete(job.key);
    this.countsOf(job.name).failed++;
    const { name, id: jobId, attempts } = job;
    this.hooks.onFailed({ name, jobId, data: JSON.parse(job.payload), attempts, error });
  }

  private countsOf(name: string): { failed: number; retried: number } {
    let counts = this.counts.get(name);
    if (!counts) this.counts.set(name, (counts = { failed: 0, retried: 0 }));
    return counts;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Job queue is closed');
  }
}
