import { Redis } from 'ioredis';
import type { Generated } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

// Counters that every instance of the store shares (rate-limiter-flexible): in Redis when REDIS_URL
// is set, else in PostgreSQL's rate_limits table. Each attempt is one atomic increment, so parallel
// requests cannot all slip under a limit between a check and a write.

/** PostgreSQL table of the counters (migration 009), in the library's own layout. */
export const RATE_LIMITS_TABLE = 'rate_limits';

/** The counters' table (migration 009), in rate-limiter-flexible's layout; typed for the Database. */
export interface RateLimitTables {
  rate_limits: { key: string; points: Generated<number>; expire: string | null };
}

export interface LimitOptions {
  /** Names this limit's counters; unique among the store's limits. */
  name: string;
  /** Attempts allowed in a window. */
  points: number;
  /** The window starts at a key's first attempt. */
  windowSeconds: number;
  /** Once over the limit, refused for this long from that attempt (default: until the window ends). */
  blockSeconds?: number;
  /**
   * Counts in this instance's memory first and adds its count to the shared counter once per this
   * many milliseconds (one write per key, however many attempts): for a key many requests share
   * at once (one address behind which many shoppers sit), whose shared counter would otherwise
   * make them wait on each other. Within one instance the limit holds exactly; across instances
   * the total may exceed it by what the other instances let through before their next flush.
   */
  batchMs?: number;
}

export interface Limiter {
  /** Counts one attempt for the key: 0 when allowed, else the milliseconds until it is. */
  take(key: string): Promise<number>;
  /** Takes back an attempt counted by take that turned out not to count (a sign-in that succeeded). */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
  /** Counts nothing: 0 when the key is under the limit, else the milliseconds until it is. */
  peek(key: string): Promise<number>;
}

export interface Limiters {
  create(options: LimitOptions): Limiter;
  close(): Promise<void>;
}

export interface LimitersOptions {
  pool: pg.Pool;
  redisUrl?: string;
  /** Namespace of the Redis keys (QUEUE_PREFIX), so stores sharing a Redis keep apart. */
  prefix: string;
  logger: Pick<Logger, 'warn'>;
}

export function createLimiters(options: LimitersOptions): Limiters {
  let redis: Redis | undefined;
  const batched = new Set<BatchedLimiter>();
  // Opened at the first limit (the web process), not in processes that never throttle.
  const redisClient = (url: string) => {
    if (redis) return redis;
    // A command waits for the connection (the first ones after start), but while Redis is away it
    // fails at its first failed reconnection and the in-memory insurance answers instead.
    redis = new Redis(url, { maxRetriesPerRequest: 0 });
    let warned = false;
    redis.on('error', (error: Error) => {
      if (!warned)
        options.logger.warn(
          { err: error },
          'Redis unavailable for rate limits; each instance counts on its own meanwhile',
        );
      warned = true;
    });
    redis.on('ready', () => (warned = false));
    return redis;
  };
  return {
    create(limit) {
      const common = { points: limit.points, duration: limit.windowSeconds, blockDuration: limit.blockSeconds ?? 0 };
      const limiter: RateLimiterAbstract = options.redisUrl
        ? new RateLimiterRedis({
            ...common,
            storeClient: redisClient(options.redisUrl),
            keyPrefix: `${options.prefix}:throttle:${limit.name}`,
            // While Redis is away each instance counts on its own rather than refusing everyone.
            insuranceLimiter: new RateLimiterMemory({ ...common, keyPrefix: limit.name }),
          })
        : new RateLimiterPostgres({
            ...common,
            storeClient: options.pool,
            storeType: 'pool',
            tableName: RATE_LIMITS_TABLE,
            tableCreated: true,
            keyPrefix: limit.name,
          });
      const shared: Limiter = {
        async take(key) {
          try {
            await limiter.consume(key);
            return 0;
          } catch (refusal) {
            if (refusal instanceof RateLimiterRes) return Math.max(1, refusal.msBeforeNext);
            throw refusal;
          }
        },
        async giveBack(key) {
          await limiter.reward(key, 1);
        },
        async reset(key) {
          await limiter.delete(key);
        },
        async peek(key) {
          const res = await limiter.get(key);
          return res && res.consumedPoints >= limit.points ? Math.max(1, res.msBeforeNext) : 0;
        },
      };
      if (!limit.batchMs) return shared;
      const local = batchedLimiter(limiter, limit, limit.batchMs, options.logger);
      batched.add(local);
      return local;
    },
    async close() {
      await Promise.all([...batched].map((limit) => limit.close()));
      redis?.disconnect();
    },
  };
}

interface BatchedLimiter extends Limiter {
  /** Writes what is still counted only here, and stops flushing. */
  close(): Promise<void>;
}

/** One key as this instance knows it: the shared count when last flushed, plus what it let through since. */
interface LocalCount {
  /** The shared counter's points after this instance's last flush (every instance's attempts). */
  shared: number;
  /** Attempts let through here since the last flush. */
  pending: number;
  /** Attempts being added to the shared counter right now. */
  inFlight: number;
  /** When the shared window ends (or the key's block), in ms since the epoch. */
  resetsAt: number;
}

/**
 * A limit counted first in this instance's memory (see LimitOptions.batchMs): an attempt is
 * decided at once against the shared count as last seen plus this instance's own attempts since;
 * every batchMs, each key's pending attempts go to the shared counter in one increment, which
 * answers the count of every instance.
 */
function batchedLimiter(
  limiter: RateLimiterAbstract,
  limit: LimitOptions,
  batchMs: number,
  logger: Pick<Logger, 'warn'>,
): BatchedLimiter {
  const counts = new Map<string, LocalCount>();
  let flushing: Promise<void> | undefined;
  const current = (key: string, now: number): LocalCount => {
    let count = counts.get(key);
    if (!count || (count.resetsAt <= now && count.pending === 0 && count.inFlight === 0)) {
      count = { shared: 0, pending: 0, inFlight: 0, resetsAt: now + limit.windowSeconds * 1000 };
      counts.set(key, count);
    } else if (count.resetsAt <= now) {
      // The window ended with attempts not yet flushed: they start the next one.
      count.shared = 0;
      count.resetsAt = now + limit.windowSeconds * 1000;
    }
    return count;
  };
  const waitFor = (count: LocalCount, now: number) =>
    count.shared + count.inFlight + count.pending >= limit.points ? Math.max(1, count.resetsAt - now) : 0;

  async function flushKey(key: string, count: LocalCount): Promise<void> {
    const points = count.pending;
    if (points <= 0) return;
    count.pending = 0;
    count.inFlight = points;
    let res: RateLimiterRes;
    try {
      res = await limiter.consume(key, points);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) {
        // The shared store is away: keep the attempts for the next flush.
        count.inFlight = 0;
        count.pending += points;
        throw refusal;
      }
      res = refusal;
    }
    count.inFlight = 0;
    count.shared = res.consumedPoints;
    count.resetsAt = Date.now() + res.msBeforeNext;
  }

  async function flush(): Promise<void> {
    const now = Date.now();
    const work: Promise<void>[] = [];
    for (const [key, count] of counts) {
      if (count.pending > 0) work.push(flushKey(key, count));
      else if (count.resetsAt <= now && count.inFlight === 0) counts.delete(key);
    }
    const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
    if (failed)
      logger.warn({ err: failed.reason, limit: limit.name }, 'throttle counts not shared yet; kept for the next flush');
  }

  const timer = setInterval(() => {
    flushing ??= flush().finally(() => (flushing = undefined));
  }, batchMs);
  timer.unref();

  return {
    async take(key) {
      const now = Date.now();
      const count = current(key, now);
      const wait = waitFor(count, now);
      if (wait) return wait;
      count.pending++;
      return 0;
    },
    async giveBack(key) {
      const count = counts.get(key);
      if (count && count.pending > 0) count.pending--;
      else await limiter.reward(key, 1);
    },
    async reset(key) {
      counts.delete(key);
      await limiter.delete(key);
    },
    async peek(key) {
      const now = Date.now();
      return waitFor(current(key, now), now);
    },
    async close() {
      clearInterval(timer);
      await flushing;
      await flush().catch(() => undefined);
    },
  };
}
