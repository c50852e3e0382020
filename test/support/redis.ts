import { inject } from 'vitest';

/** The Redis URL for tests that need one; throws (never skips) with how to get Redis when there is none. */
export function requireRedis(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error(inject('redisProblem'));
  return url;
}
