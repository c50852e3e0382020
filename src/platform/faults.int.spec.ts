import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/support/app';
import { requireRedis } from '../../test/support/redis';
import { tcpProxy } from '../../test/support/tcp-proxy';
import { loadConfig } from '../config';
import { delay, waitUntil } from '../../test/support/wait';
import { openInfrastructure } from './runtime';

describe('faults', () => {
  it('names an unreachable PostgreSQL at start, without its password', async () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://shop:hunter2@127.0.0.1:1/store',
      DATA_DIR: '.data/test-faults',
      LOG_LEVEL: 'silent',
    });
    const failure = openInfrastructure(config, pino({ level: 'silent' }));
    await expect(failure).rejects.toThrow('Cannot reach PostgreSQL at postgres://shop:***@127.0.0.1:1/store');
    await expect(failure).rejects.not.toThrow(/hunter2/);
  });

  it('keeps serving while Redis is away, and resumes jobs and live updates when it returns', async () => {
    const redis = new URL(requireRedis());
    const proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const app = await startTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } });
    try {
      const ran: string[] = [];
      app.infra.queue.define<{ n: string }>('fault-probe', async ({ n }) => void ran.push(n));
      await app.infra.queue.enqueue('fault-probe', { n: 'before' });
      await waitUntil(() => ran.includes('before'));

      const socket = connect(app.url, { reconnectionDelay: 100 });
      const live: unknown[] = [];
      socket.on('categoriesUpdate', (payload: unknown) => live.push(payload));
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));

      proxy.cut();
      await delay(300);
      expect((await request(app.url).get('/healthz')).status).toBe(200);
      const ready = await request(app.url).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.failing).toContain('redis');
      expect(ready.body.failing).not.toContain('database');
      expect((await request(app.url).get('/').set('Accept', 'text/html')).status).toBe(200);
      app.realtime.broadcast('store', 'categoriesUpdate', { changed: [], removed: ['during'] });

      proxy.restore();
      await waitUntil(async () => (await request(app.url).get('/readyz')).status === 200, 20_000);
      await app.infra.queue.enqueue('fault-probe', { n: 'after' });
      await waitUntil(() => ran.includes('after'), 20_000);
      await waitUntil(async () => {
        app.realtime.broadcast('store', 'categoriesUpdate', { changed: [], removed: ['after'] });
        await delay(100);
        return live.some((p) => (p as { removed?: string[] }).removed?.includes('after'));
      }, 20_000);
      socket.disconnect();
    } finally {
      await app.close();
      await proxy.close();
    }
    // Reconnection backoffs of several Redis clients add up: allow for them.
  }, 60_000);
});
