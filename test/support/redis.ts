import { inject } from 'vitest';

/** The Redis URL for tests that need one; throws (never skips) with how to get Redis when there is none. */
export function requireRedis(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error(inject('redisProblem'));
  return url;
}

/** Deletes every key under a prefix: what a flushed (or replaced) Redis looks like to one app. */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url);
  let deleted = 0;
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length) deleted += await client.del(...(keys as string[]));
    }
  } finally {
    client.disconnect();
  }
  return deleted;
}
