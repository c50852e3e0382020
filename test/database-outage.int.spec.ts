import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from './support/admin';
import { startTestApp, type RunningApp } from './support/app';
import { freshDatabase } from './support/database';
import { tcpProxy } from './support/tcp-proxy';
import { delay, waitUntil } from './support/wait';

// PostgreSQL going away under a running store, as an operator would see it: the store says it is
// unavailable (503 with Retry-After, /readyz not ready) rather than "Something went wrong", and
// once the database is back the read models' state shows what is true again.

describe('a database outage', () => {
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  let app: RunningApp;
  let token: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    database = await freshDatabase({ migrate: false });
    const target = new URL(database.url);
    proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    app = await startTestApp({ databaseUrl: viaProxy.toString() });
    token = await adminToken(app.url);
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  const projections = async () =>
    (await request(app.url).get('/api/admin/projections').set(bearer(token))).body.projections as {
      name: string;
      state: string;
      error: string | null;
    }[];

  it('shows a read model failed only while it fails: live again once a batch commits', async () => {
    // Every connection of the store ended by the server, as pg_terminate_backend does, a few times
    // while writes keep the read models applying batches.
    for (let round = 0; round < 5; round++) {
      const writing = request(app.url)
        .post('/api/admin/categories')
        .set(bearer(token))
        .send({ name: `During ${round}`, description: 'x' })
        .then(
          () => undefined,
          () => undefined,
        );
      await delay(5 * round);
      await database.pool.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      await writing;
    }
    // A write makes each read model apply a batch again (the first tries may meet the dead connections).
    await waitUntil(async () => {
      const res = await request(app.url)
        .post('/api/admin/categories')
        .set(bearer(token))
        .send({ name: `After ${Date.now()}`, description: 'x' });
      return res.status === 201;
    }, 20_000);
    await waitUntil(async () => {
      const states = await projections().catch(() => []);
      return states.length > 0 && states.every((p) => p.state === 'live' && p.error === null);
    }, 20_000);
    const states = await projections();
    expect(states.length).toBeGreaterThanOrEqual(4);
    expect(states.filter((p) => p.state !== 'live' || p.error !== null)).toEqual([]);
  }, 60_000);

  it('answers 503 with Retry-After while PostgreSQL is unreachable, and serves again when it is back', async () => {
    proxy.cut();
    try {
      const users = await request(app.url).get('/api/admin/users').set(bearer(token));
      expect(users.status).toBe(503);
      expect(Number(users.headers['retry-after'])).toBeGreaterThan(0);
      expect(users.body.message).toMatch(/unavailable/i);
      const login = await request(app.url)
        .post('/api/auth/login')
        .send({ username: 'admin', password: 'x'.repeat(9) });
      expect(login.status).toBe(503);
      const ready = await request(app.url).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.failing).toContain('database');
    } finally {
      proxy.restore();
    }
    await waitUntil(
      async () => (await request(app.url).get('/api/admin/users').set(bearer(token))).status === 200,
      20_000,
    );
    expect((await request(app.url).get('/readyz')).status).toBe(200);
  });
});
