import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { deleteKeys, requireRedis } from '../../../test/support/redis';
import { openDatabase } from '../db/database';
import { createLimiters, type Limiters } from './limiters';

const logger = pino({ level: 'silent' });

describe.each(['PostgreSQL', 'Redis'])('limiters on %s', (engine) => {
  // Two instances of the store: pools of their own on one database, clients of their own on one Redis.
  const instances = async (): Promise<[Limiters, Limiters]> => {
    const database = await freshDatabase();
    const second = openDatabase(database.url);
    const prefix = `test-${randomBytes(6).toString('hex')}`;
    const redisUrl = engine === 'Redis' ? requireRedis() : undefined;
    const made = [database.pool, second.pool].map((pool) => createLimiters({ pool, redisUrl, prefix, logger })) as [
      Limiters,
      Limiters,
    ];
    afterAll(async () => {
      for (const limiters of made) await limiters.close();
      await second.close();
      if (redisUrl) await deleteKeys(redisUrl, prefix);
    });
    return made;
  };

  it('lets exactly the allowed number of parallel attempts through, across instances', async () => {
    const [a, b] = await instances();
    const limits = [a, b].map((l) => l.create({ name: 'race', points: 5, windowSeconds: 60, blockSeconds: 120 }));
    const waits = await Promise.all(Array.from({ length: 40 }, (_, i) => limits[i % 2]!.take('203.0.113.1')));
    expect(waits.filter((ms) => ms === 0)).toHaveLength(5);
    // The attempt that went over blocks the key for longer than the window.
    expect(Math.max(...waits)).toBeGreaterThan(60_000);
    expect(await limits[0]!.take('203.0.113.2')).toBe(0);
  });

  it('counts a batched limit in memory first: exact on one instance, shared at the next flush', async () => {
    const [a, b] = await instances();
    const first = a.create({ name: 'batched', points: 10, windowSeconds: 60, batchMs: 20 });
    const second = b.create({ name: 'batched', points: 10, windowSeconds: 60, batchMs: 20 });
    const waits = await Promise.all(Array.from({ length: 25 }, () => first.take('203.0.113.9')));
    expect(waits.filter((ms) => ms === 0)).toHaveLength(10);
    expect(await first.peek('203.0.113.9')).toBeGreaterThan(0);
    // The other instance learns the count from the shared counter once its own count is flushed.
    expect(await second.take('203.0.113.9')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await second.take('203.0.113.9')).toBeGreaterThan(0);
    expect(await second.peek('203.0.113.10')).toBe(0);
  });

  it('takes back an attempt and forgets a key', async () => {
    const [a, b] = await instances();
    const first = a.create({ name: 'refund', points: 2, windowSeconds: 60 });
    const second = b.create({ name: 'refund', points: 2, windowSeconds: 60 });
    expect(await first.take('k')).toBe(0);
    await second.giveBack('k');
    expect(await first.take('k')).toBe(0);
    expect(await second.take('k')).toBe(0);
    expect(await first.take('k')).toBeGreaterThan(0);
    await second.reset('k');
    expect(await first.take('k')).toBe(0);
  });
});

it('keeps counting on each instance while Redis is unreachable', async () => {
  const database = await freshDatabase();
  const limiters = createLimiters({
    pool: database.pool,
    redisUrl: 'redis://127.0.0.1:1',
    prefix: 'unreachable',
    logger,
  });
  const limit = limiters.create({ name: 'insured', points: 2, windowSeconds: 60 });
  try {
    expect(await limit.take('k')).toBe(0);
    expect(await limit.take('k')).toBe(0);
    expect(await limit.take('k')).toBeGreaterThan(0);
  } finally {
    await limiters.close();
  }
});
