import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_ADMIN, TEST_JWT_SECRET, startTestApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { freePort } from '../../../test/support/services';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { startApp, type RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';
import { ConcurrencyError } from '../eventstore/port';
import { meteredEventStore } from './event-store';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample of `name` whose labels include `labels`; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** An app logging at info into memory (the real logger, mixin included), with a metrics token. */
async function startLoggedApp(): Promise<{ app: RunningApp; lines: Record<string, unknown>[] }> {
  const database = await freshDatabase({ migrate: false });
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iptv-metrics-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'loopback',
    METRICS_TOKEN: TOKEN,
  });
  const lines: Record<string, unknown>[] = [];
  const app = await startApp(
    config,
    createLogger(config, { write: (line: string) => void lines.push(JSON.parse(line)) }),
  );
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, lines };
}

describe('/metrics without METRICS_TOKEN', () => {
  let app: RunningApp;
  let token: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Requests come through loopback, which may then name another client in X-Forwarded-For.
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    token = await adminToken(app.url);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });
  const scrape = async () => {
    const res = await request(app.url).get('/metrics');
    expect(res.status).toBe(200);
    return res.text;
  };

  it('answers loopback callers in Prometheus text, and 404 to a client behind the proxy', async () => {
    const res = await request(app.url).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('# TYPE iptv_http_request_duration_seconds histogram');
    const outside = await request(app.url).get('/metrics').set('X-Forwarded-For', '203.0.113.9');
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('iptv_');
    // The same answer as a path that does not exist.
    const unknown = await request(app.url).get('/api/nothing-here').set('X-Forwarded-For', '203.0.113.9');
    expect(outside.body.message).toBe(unknown.body.message.replace('/api/nothing-here', '/metrics'));
  });

  it('counts a request under its route pattern and status, never its raw URL', async () => {
    const category = (await request(app.url).post('/api/admin/categories').set(bearer(token)).send({ name: 'Metered' }))
      .body.category as { id: string };
    await request(app.url).get(`/api/admin/categories/${category.id}`).set(bearer(token)).expect(200);
    // A 409 reaches the error handler after Express left the router: the pattern is still known.
    await request(app.url)
      .put(`/api/admin/categories/${category.id}`)
      .set(bearer(token))
      .set('If-Match', '"0"')
      .send({ description: 'v1' });
    await request(app.url)
      .put(`/api/admin/categories/${category.id}`)
      .set(bearer(token))
      .set('If-Match', '"0"')
      .send({ description: 'v2' })
      .expect(409);
    let text = await scrape();
    const count = (labels: Record<string, string>) => sample(text, 'iptv_http_request_duration_seconds_count', labels);
    const unmatched = count({ method: 'GET', route: '(unmatched)', status: '404' }) ?? 0;
    const orders = count({ method: 'GET', route: '/api/admin/orders', status: '200' }) ?? 0;
    await request(app.url).get('/api/no/such/route/123').expect(404);
    // Admin reads answered ahead of Express (fast reads) are counted under the same patterns.
    await request(app.url).get('/api/admin/orders?status=pending').set(bearer(token)).expect(200);
    const missingOrder = '00000000-0000-4000-8000-00000000abcd';
    await request(app.url).get(`/api/admin/orders/${missingOrder}`).set(bearer(token)).expect(404);
    text = await scrape();
    expect(count({ method: 'GET', route: '/api/admin/orders', status: '200' })).toBe(orders + 1);
    expect(count({ method: 'GET', route: '/api/admin/orders/:id', status: '404' })).toBe(1);
    expect(text).not.toContain(missingOrder);
    expect(count({ method: 'GET', route: '/api/admin/categories/:id', status: '200' })).toBe(1);
    expect(count({ method: 'PUT', route: '/api/admin/categories/:id', status: '409' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/admin/categories', status: '201' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/auth/login', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(count({ method: 'GET', route: '(unmatched)', status: '404' })).toBe(unmatched + 1);
    expect(text).not.toContain(category.id);
    expect(text).not.toContain('/api/no/such');
    // The stale If-Match is an append conflict too; the events written are counted by type.
    expect(sample(text, 'iptv_append_conflicts_total', { kind: 'stale_version' })).toBe(1);
    expect(sample(text, 'iptv_events_appended_total', { type: 'CategoryCreated' })).toBe(1);
  });

  it('counts an append refused for a wrong expected version', async () => {
    const store = meteredEventStore(app.infra.store, app.metrics);
    await store.append('metrics-test-1', [{ type: 'Noted', data: {} }], {
      expectedRevision: 'no_stream',
      metadata: { actor: 'system', correlationId: 'c', causationId: 'c' },
    });
    await expect(
      store.append('metrics-test-1', [{ type: 'Noted', data: {} }], {
        expectedRevision: 5n,
        metadata: { actor: 'system', correlationId: 'c', causationId: 'c' },
      }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    const text = await scrape();
    expect(sample(text, 'iptv_append_conflicts_total', { kind: 'concurrent_write' })).toBe(1);
    expect(sample(text, 'iptv_events_appended_total', { type: 'Noted' })).toBe(1);
  });

  it('counts refused sign-ins by limit', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.7' };
    const before = sample(await scrape(), 'iptv_throttle_refused_total', { limit: 'login-username-address' }) ?? 0;
    for (let i = 0; i < 5; i++)
      await request(app.url)
        .post('/api/auth/login')
        .set(from)
        .send({ username: 'admin', password: `guess-${i}` })
        .expect(401);
    await request(app.url)
      .post('/api/auth/login')
      .set(from)
      .send({ username: 'admin', password: 'guess-6' })
      .expect(429);
    const text = await scrape();
    expect(sample(text, 'iptv_throttle_refused_total', { limit: 'login-username-address' })).toBe(before + 1);
    expect(sample(text, 'iptv_http_request_duration_seconds_count', { route: '/api/auth/login', status: '429' })).toBe(
      1,
    );
  });

  it('counts connected admins and shoppers (Socket.IO default transports)', async () => {
    const open = (auth?: { token: string }) => {
      const socket = connect(app.url, { auth, reconnection: false });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
    };
    await Promise.all([open(), open(), open({ token })]);
    const text = await scrape();
    expect(sample(text, 'iptv_sockets_connected', { kind: 'shoppers' })).toBe(2);
    expect(sample(text, 'iptv_sockets_connected', { kind: 'admins' })).toBe(1);
    sockets.pop()!.disconnect();
    await waitUntil(async () => sample(await scrape(), 'iptv_sockets_connected', { kind: 'admins' }) === 0);
  });

  it('shows each read model position and job queue, then its lag when it stops following', async () => {
    let text = await scrape();
    const names = app.runner.projections.map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    for (const projection of names) {
      expect(sample(text, 'iptv_projection_position', { projection })).toBeGreaterThan(0);
      expect(sample(text, 'iptv_projection_running_here', { projection })).toBe(1);
    }
    expect(text).toMatch(/^iptv_job_queue_depth\{job="[^"]+",state="delayed"\} \d+$/m);
    await app.runner.stop();
    await app.infra.store.append('metrics-lag-1', [{ type: 'Noted', data: {} }], {
      expectedRevision: 'any',
      metadata: {
        actor: 'system',
        correlationId: 'c',
        causationId: 'c',
        occurredAt: new Date(Date.now() - 3000).toISOString(),
      },
    });
    // An append becomes readable once no older transaction is open on the server (other test files' too).
    await waitUntil(async () => {
      text = await scrape();
      return sample(text, 'iptv_projection_lag_events', { projection: names[0]! }) === 1;
    });
    expect(sample(text, 'iptv_projection_lag_seconds', { projection: names[0]! })).toBeGreaterThanOrEqual(3);
  });
});

describe('/metrics with METRICS_TOKEN, and request ids', () => {
  let app: RunningApp;
  let lines: Record<string, unknown>[];
  let token: string;
  beforeAll(async () => {
    ({ app, lines } = await startLoggedApp());
    token = await adminToken(app.url);
  });

  it('answers only the bearer of the token, wherever it comes from', async () => {
    expect((await request(app.url).get('/metrics')).status).toBe(404);
    expect((await request(app.url).get('/metrics').set(bearer('wrong-token-0123456789abcdef'))).status).toBe(404);
    expect((await request(app.url).get('/metrics').set('Authorization', `Basic ${TOKEN}`)).status).toBe(404);
    expect((await request(app.url).get('/metrics').set(bearer(TOKEN))).status).toBe(200);
    const remote = await request(app.url).get('/metrics').set(bearer(TOKEN)).set('X-Forwarded-For', '203.0.113.9');
    expect(remote.status).toBe(200);
    expect(remote.text).toContain('iptv_sockets_connected');
  });

  it("carries a request's X-Request-Id to its log lines, its events and the projection batches that applied them", async () => {
    const requestId = 'trace-0f3a9c-admin-action';
    const res = await request(app.url)
      .post('/api/admin/categories')
      .set(bearer(token))
      .set('X-Request-Id', requestId)
      .send({ name: 'Traced' });
    expect(res.status).toBe(201);
    expect(res.headers['x-request-id']).toBe(requestId);
    const events = await app.infra.store.readStream(`catalogue-category-${res.body.category.id}`);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events)
      expect(event.metadata).toMatchObject({ correlationId: requestId, actor: expect.any(String) });
    const http = lines.find((line) => (line.req as { id?: string } | undefined)?.id === requestId);
    expect(http).toMatchObject({ requestId, res: { statusCode: 201 } });
    await waitUntil(() =>
      lines.some(
        (line) => line.msg === 'projection batch applied' && (line.correlationIds as string[]).includes(requestId),
      ),
    );
  });

  it("is every module's correlation id: an admin user added carries it too", async () => {
    const requestId = 'trace-identity-7';
    const res = await request(app.url)
      .post('/api/admin/users')
      .set(bearer(token))
      .set('X-Request-Id', requestId)
      .send({ username: 'traced', password: 'long enough password', name: 'Traced User', role: 'admin' });
    expect(res.status).toBe(201);
    const events = await app.infra.store.readStream(`admin-user-${res.body.user.id}`);
    expect(events.map((e) => e.metadata.correlationId)).toEqual(events.map(() => requestId));
    expect(events.length).toBeGreaterThan(0);
  });

  it('names every request: a new id when the client sends none or an unusable one', async () => {
    const none = await request(app.url).get('/healthz');
    const odd = await request(app.url).get('/healthz').set('X-Request-Id', 'has spaces and\ttabs');
    for (const res of [none, odd]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(odd.headers['x-request-id']);
  });
});
