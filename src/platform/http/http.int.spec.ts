import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/support/app';
import type { RunningApp } from '../../main';

describe('HTTP platform', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startTestApp();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await request(app.url).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', eventStore: 'ok' } });
  });

  it('answers unknown API paths with a JSON 404 that has a message', async () => {
    for (const path of ['/api/nothing-here', '/api/auth/nothing', '/api/v2/products']) {
      const res = await request(app.url).get(path);
      expect(res.status).toBe(404);
      expect(res.type).toBe('application/json');
      expect(res.body).toMatchObject({ status: 404, message: expect.stringContaining('No route') });
    }
  });

  it('refuses malformed JSON with 400 and oversized bodies with 413, as JSON', async () => {
    const malformed = await request(app.url).post('/api/anything').set('Content-Type', 'application/json').send('{"a":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ status: 400, message: 'Request body is not valid JSON' });
    const huge = await request(app.url).post('/api/anything').send({ text: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ status: 413, message: 'Request body is too large' });
  });

  it('serves the web app on its routes with security headers', async () => {
    for (const path of ['/', '/store', '/product/42']) {
      const res = await request(app.url).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('<div id="root"');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('stores the first administrator from ADMIN_USERNAME / ADMIN_PASSWORD, once', async () => {
    const head = await app.infra.store.headPosition();
    expect(await app.runner.waitFor(head)).toBe(true);
    const users = await app.infra.db.selectFrom('admin_users').select(['username', 'role', 'password_hash']).execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'admin', role: 'admin' });
    expect(users[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });
});
