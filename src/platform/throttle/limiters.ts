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
}

export interface Limiter {
  /** Counts one attempt for the key: 0 when allowed, else the milliseconds until it is. */
  take(key: string): Promise<number>;
  /** Takes back an attempt counted by take that turned out not to count (a sign-in that succeeded). */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
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
      return {
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
      };
    },
    async close() {
      redis?.disconnect();
    },
  };
}
