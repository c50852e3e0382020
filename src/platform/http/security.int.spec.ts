import { createHmac } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_JWT_SECRET, startTestApp, type RunningApp } from '../../../test/support/app';
import { listRoutes, type RouteInfo } from '../../../test/support/routes';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('security', () => {
  let app: RunningApp;
  let adminRoutes: RouteInfo[];
  let realToken: string;
  beforeAll(async () => {
    app = await startTestApp({ env: { CORS_ORIGINS: 'https://partner.example' } });
    adminRoutes = listRoutes(app).filter((r) => r.path.startsWith('/api/admin'));
    realToken = await adminToken(app.url);
  });

  it('finds the admin routes in the route table', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(9);
    expect(adminRoutes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/admin/users' },
        { method: 'PUT', path: '/api/admin/settings/password' },
      ]),
    );
  });

  it('answers 401 on every admin route without a valid token, and never 2xx', async () => {
    const { sub, cv } = jwt.decode(realToken) as { sub: string; cv: string };
    const forged = {
      'no token': undefined,
      'garbage token': 'not.a.token',
      'signed with another key': jwt.sign({ sub, cv }, 'another-secret-that-is-long-enough-to-be-real', {
        algorithm: 'HS256',
        expiresIn: 3600,
      }),
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub, cv, exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
      'HS512 with our key': jwt.sign({ sub, cv }, TEST_JWT_SECRET, { algorithm: 'HS512', expiresIn: 3600 }),
      'our key but no expiry': jwt.sign({ sub, cv }, TEST_JWT_SECRET, { algorithm: 'HS256' }),
      expired: reSign(realToken, { exp: Math.floor(Date.now() / 1000) - 60 }),
    };
    for (const route of adminRoutes) {
      const path = route.path.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      for (const [label, token] of Object.entries(forged)) {
        let call = request(app.url)[route.method.toLowerCase() as 'get'](path);
        if (token) call = call.set(bearer(token));
        const res = await call.send({});
        expect(res.status, `${route.method} ${path} with ${label}`).toBe(401);
        expect(res.body.message).toBe('Please sign in to continue.');
      }
    }
  });

  it('sets security headers', async () => {
    const res = await request(app.url).get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('gives the build’s scripts and stylesheets only the headers that mean something to them', async () => {
    const page = await request(app.url).get('/').set('Accept', 'text/html');
    const files = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const res = await request(app.url).get(file);
      expect(res.status, file).toBe(200);
      expect(res.headers['x-content-type-options'], file).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], file).toBe('same-origin');
      expect(res.headers['strict-transport-security'], file).toMatch(/max-age/);
      expect(res.headers['content-security-policy'], file).toBeUndefined();
      expect(res.headers['x-frame-options'], file).toBeUndefined();
    }
    // The page, and any other case of the path (which is no file: the JSON 404), keep the page's headers.
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const oddCase = await request(app.url).get(files[0]!.replace('/assets/', '/ASSETS/'));
    expect(oddCase.status).toBe(404);
    expect(oddCase.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it("answers admin, sign-in and payment calls as private API data: never stored, OWASP's API headers", async () => {
    const login = await request(app.url).post('/api/auth/login').send({ username: 'admin', password: 'wrong' });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const answers: [string, request.Response][] = [
      ['login', login],
      ['a fast read', await request(app.url).get('/api/admin/orders').set(bearer(realToken))],
      // Declined by the fast read: Express's 404.
      ['unknown order', await request(app.url).get(`/api/admin/orders/${unknownId}`).set(bearer(realToken))],
      ['users', await request(app.url).get('/api/admin/users').set(bearer(realToken))],
      ['no token', await request(app.url).get('/api/admin/orders')],
      ['checkout status', await request(app.url).get(`/api/payment/checkout-status/${unknownId}`)],
    ];
    expect(answers.map(([, res]) => res.status)).toEqual([401, 200, 404, 200, 401, 404]);
    for (const [where, res] of answers) {
      expect(res.headers['cache-control'], where).toBe('no-store');
      expect(res.headers['content-security-policy'], where).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], where).toBe('DENY');
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['strict-transport-security'], where).toMatch(/max-age/);
      expect(res.headers['x-dns-prefetch-control'], where).toBeUndefined();
    }
    // The shop's public reads keep the page's headers and their own caching.
    const products = await request(app.url).get('/products');
    expect(products.headers['content-security-policy']).toContain("default-src 'self'");
    expect(products.headers['cache-control']).not.toBe('no-store');
  });

  it('chooses the private headers whatever the case of the path, as routing matches it', async () => {
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const oddCase = [
      await request(app.url).post('/API/auth/login').send({ username: 'admin', password: 'wrong' }),
      await request(app.url).get(`/Api/Payment/order/${unknownId}`),
      await request(app.url).get('/API/ADMIN/users').set(bearer(realToken)),
    ];
    // Routed as their lower-case paths are (401 wrong password, 404 unknown order, 200 the users).
    expect(oddCase.map((res) => res.status)).toEqual([401, 404, 200]);
    for (const res of oddCase) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.type).toBe('application/json');
    }
  });

  it('lets pages open live connections to the store itself only', async () => {
    const page = await request(app.url).get('/healthz');
    const connect = /connect-src ([^;]*)/.exec(page.headers['content-security-policy'] as string)?.[1];
    const { host } = new URL(app.url);
    expect(connect?.split(' ')).toEqual(["'self'", `ws://${host}`]);
  });

  it('gives a fast read and an Express answer the same request id, headers and CORS (one path)', async () => {
    const fast = await request(app.url)
      .get('/api/admin/orders')
      .set(bearer(realToken))
      .set('Origin', 'https://partner.example')
      .set('X-Request-Id', 'fast-read-1');
    const viaExpress = await request(app.url)
      .get('/api/admin/users')
      .set(bearer(realToken))
      .set('Origin', 'https://partner.example')
      .set('X-Request-Id', 'express-1');
    expect([fast.status, viaExpress.status]).toEqual([200, 200]);
    expect(fast.headers['x-request-id']).toBe('fast-read-1');
    expect(viaExpress.headers['x-request-id']).toBe('express-1');
    for (const name of ['cache-control', 'content-security-policy', 'x-frame-options', 'access-control-allow-origin'])
      expect(fast.headers[name], name).toBe(viaExpress.headers[name]);
    expect(fast.headers['access-control-allow-origin']).toBe('https://partner.example');
  });

  it('allows cross-origin calls only from configured origins', async () => {
    const allowed = await request(app.url)
      .options('/api/admin/users')
      .set('Origin', 'https://partner.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const other = await request(app.url).get('/healthz').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('stores markup and SQL-looking text literally', async () => {
    const name = `<script>alert('x')</script>'; DROP TABLE admin_users; --`;
    const res = await request(app.url)
      .post('/api/admin/users')
      .set(bearer(realToken))
      .send({ username: `o'brien"--`, password: 'long-enough', name });
    expect(res.status).toBe(201);
    const back = await request(app.url).get(`/api/admin/users/${res.body.user.id}`).set(bearer(realToken));
    expect(back.body.user).toMatchObject({ username: `o'brien"--`, name });
    expect(back.type).toBe('application/json');
    expect((await request(app.url).get('/api/admin/users').set(bearer(realToken))).status).toBe(200);
  });
});

/** The same token with changed claims, validly signed with the app's key. */
function reSign(token: string, changes: object): string {
  const [header, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), ...changes };
  const body = `${header}.${base64url(claims)}`;
  return `${body}.${createHmac('sha256', TEST_JWT_SECRET).update(body).digest('base64url')}`;
}
