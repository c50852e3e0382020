// The job queue port: background work (payment reconciliation and the like) that the web process
// enqueues and a worker runs. Two adapters: BullMQ on Redis (scaled out, `npm run worker`) and an
// in-process scheduler (embedded mode). Jobs are never the only record of work (docs/architecture.md#jobs), so
// an adapter may lose jobs on a crash; it must not run one twice while it is still pending.

export interface Backoff {
  type: 'fixed' | 'exponential';
  /** fixed: every retry waits this long; exponential: delayMs × 2^(retry − 1). */
  delayMs: number;
}

export interface JobOptions {
  /** De-duplication key, scoped to the job name. Not a plain integer and no ':' (see assertJobId). */
  jobId?: string;
  delayMs?: number;
  /** Total tries, the first one included. Default 1 (no retry). */
  attempts?: number;
  /** Wait between tries. Default: retry at once. */
  backoff?: Backoff;
}

export type JobDefaults = Omit<JobOptions, 'jobId' | 'delayMs'>;

export interface JobContext {
  /** 1-based: 1 on the first try, 2 on the first retry… */
  attempt: number;
  jobId: string;
}

export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<void>;

/** A job whose last attempt threw: it will not run again. */
export interface JobFailure {
  name: string;
  jobId: string;
  data: unknown;
  attempts: number;
  error: unknown;
}

/** Constructor options both adapters take, so the composition root can log through pino. */
export interface QueueHooks {
  /** A job used up its attempts. Default: console.error. */
  onFailed?: (failure: JobFailure) => void;
  /** The queue's own trouble (e.g. Redis unreachable); the queue keeps going. Default: console.error. */
  onError?: (error: unknown) => void;
}

/** What a queue reports for one job name (its metrics): depth now, and what this process counted. */
export interface QueueStats {
  name: string;
  waiting: number;
  /** Due later: delayed on enqueue or waiting between retries. */
  delayed: number;
  active: number;
  /** Jobs that used up their attempts in this process since it started. */
  failed: number;
  /** Attempts that failed and were scheduled again, in this process since it started. */
  retried: number;
}

export interface JobQueue {
  /**
   * Registers the handler of a job name and its default options. Call it in every process that
   * enqueues or runs the job (the defaults travel with the job); only processes that call start()
   * run handlers.
   */
  define<T>(name: string, handler: JobHandler<T>, defaults?: JobDefaults): void;
  /**
   * Adds a job (data must be JSON). A second add with the same name and jobId while the first is
   * waiting, delayed (including between retries) or active is ignored; once it completed or failed
   * the id is free again. Returns whether it was added.
   */
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<boolean>;
  /** Starts running the defined job names (makes this handle a worker). */
  start(): Promise<void>;
  /**
   * Graceful and idempotent: stops taking new jobs, waits up to timeoutMs for running handlers,
   * then releases timers and connections. Enqueue after close rejects.
   */
  close(timeoutMs?: number): Promise<void>;
  /** Resolves when the backend is reachable (for /readyz). */
  ping(): Promise<void>;
  /**
   * Calls `listener` each time the backend is reachable again (and when it first is): work whose
   * jobs could not be added while it was away can be scheduled again. Returns the unsubscribe.
   */
  onAvailable(listener: () => void): () => void;
  /** Per defined job name: the queue's depth (BullMQ: across every process) and this process's failures and retries. */
  stats(): Promise<QueueStats[]>;
}

// BullMQ's rules, applied by both adapters so code that works embedded works scaled out too:
// a queue name may not contain ':' and a custom job id may be neither an integer (BullMQ's own ids
// are) nor contain ':' (its key separator).
export function assertJobName(name: string): void {
  if (!name || name.includes(':')) throw new Error(`Invalid job name "${name}": non-empty, no ':'`);
}

export function assertJobId(jobId: string): void {
  if (!jobId || jobId.includes(':') || `${parseInt(jobId, 10)}` === jobId) {
    throw new Error(`Invalid jobId "${jobId}": non-empty, not an integer, no ':'`);
  }
}

/** The wait before the retry that follows `attempt` (1-based), as BullMQ computes it. */
export function backoffDelay(backoff: Backoff | undefined, attempt: number): number {
  if (!backoff) return 0;
  return backoff.type === 'fixed' ? backoff.delayMs : Math.round(backoff.delayMs * 2 ** (attempt - 1));
}

/** The hooks given, with console.error for the missing ones. */
export function withDefaultHooks({ onFailed, onError }: QueueHooks): Required<QueueHooks> {
  return {
    onFailed:
      onFailed ??
      (({ name, jobId, attempts, error }) =>
        console.error(`job ${name} ${jobId} failed after ${attempts} attempt(s)`, error)),
    onError: onError ?? ((error) => console.error('job queue error', error)),
  };
}

/** Waits for the promises to settle, but no longer than timeoutMs. Resolves whether they all did. */
export async function settleWithin(promises: Promise<unknown>[], timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const settled = Promise.allSettled(promises).then(() => true as const);
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The backend is away (Redis down): enqueue refuses at once rather than waiting it out. */
export class QueueUnavailableError extends Error {
  constructor() {
    super('The job queue is unavailable (Redis is not reachable)');
    this.name = 'QueueUnavailableError';
  }
}
