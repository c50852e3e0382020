import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { requireRedis } from '../../../test/support/redis';
import { BullMqQueue } from './bullmq';
import { jobQueueContract } from '../../../test/contracts/job-queue.contract';

// Every handle of this file shares one random key prefix: handles see each other's jobs (as a web
// process and a worker do), and nothing else on this Redis sees them.
const url = requireRedis();
const prefix = `test-queue-${randomUUID()}`;

jobQueueContract('BullMQ', async (hooks) => new BullMqQueue({ url, prefix, ...hooks }), { handlesShareBackend: true });

afterAll(async () => {
  const redis = new Redis(url);
  try {
    await deleteByPrefix(redis, `${prefix}:`);
  } finally {
    await redis.quit();
  }
});

async function deleteByPrefix(redis: Redis, keyPrefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
