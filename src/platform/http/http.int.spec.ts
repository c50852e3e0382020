import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_JWT_SECRET, startTestApp, type RunningApp } from '../../../test/support/app';
import { checkReachable } from '../db/database';
import { createAdminAuth } from './auth';
import { healthRoutes } from './health';

describe('HTTP platform', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startTestApp();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await request(app.url).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', failing: [] });
    const asAdmin = await request(app.url)
      .get('/readyz')
      .set(bearer(await adminToken(app.url)));
    expect(asAdmin.body).toEqual({ status: 'ready', failing: [], checks: { database: 'ok', eventStore: 'ok' } });
  });

  it("names a failing check to anyone, and tells only an admin's token its error (hosts, ports)", async () => {
    // Any token signed with the app's key is an admin's here: this test is about what the check tells them.
    const auth = createAdminAuth({
      secret: TEST_JWT_SECRET,
      expiresIn: '1h',
      findPrincipal: async (claims) => ({ id: String(claims.sub), username: 'admin', name: 'Admin', role: 'admin' }),
    });
    const health = express().use(
      healthRoutes(
        { database: async () => {}, search: () => checkReachable('postgres://store@127.0.0.1:1/search') },
        auth.verify,
      ),
    );
    for (const headers of [{}, bearer('not-a-token'), { Authorization: 'Basic YWRtaW46eA==' }]) {
      const anonymous = await request(health).get('/readyz').set(headers);
      expect(anonymous.status).toBe(503);
      expect(anonymous.body).toEqual({ status: 'not ready', failing: ['search'] });
      expect(anonymous.text).not.toContain('127.0.0.1');
    }
    const admin = await request(health)
      .get('/readyz')
      .set(bearer(await adminToken(app.url)));
    expect(admin.status).toBe(503);
    expect(admin.body).toEqual({
      status: 'not ready',
      failing: ['search'],
      checks: {
        database: 'ok',
        search: expect.stringContaining('Cannot reach PostgreSQL at postgres://store@127.0.0.1:1/search'),
      },
    });
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
    const malformed = await request(app.url)
      .post('/api/anything')
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      status: 400,
      code: 'request.body_not_json',
      message: 'Request body is not valid JSON',
    });
    const huge = await request(app.url)
      .post('/api/anything')
      .send({ text: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ status: 413, code: 'request.body_too_large', message: 'Request body is too large' });
  });

  it('serves the web app on its routes with security headers', async () => {
    // An address that names nothing (/product/42 here: no such product) is the app's page too, as a 404.
    for (const [path, status] of [
      ['/', 200],
      ['/store', 200],
      ['/product/42', 404],
    ] as const) {
      const res = await request(app.url).get(path).set('Accept', 'text/html');
      expect(res.status).toBe(status);
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
