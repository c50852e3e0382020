import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../../test/support/admin';
import { TEST_ADMIN, startTestApp, type RunningApp } from '../../../../test/support/app';
import { listRoutes } from '../../../../test/support/routes';
import { storeApiDocument } from '../../../openapi';
import type { JsonSchema, OpenApiDocument } from './document';
import { bodyExample, queryExample } from './examples';

// The description against the real store: every route it mounts is described and every described
// route is mounted; the example requests a client builds from the description are accepted
// (never a 400); the document and the reference page are served.
//
// Routes are enumerated by walking Express's router stacks (test/support/routes.ts): Express 5
// (router 2.x) keeps no mount regexp, but each layer keeps the path it was mounted at (rawPath),
// so nested routers' full paths add up. The GET routes are also checked by requests, which would
// catch a walk that missed a mount path: a described path that no router answers is "No route for".

type Operation = { method: string; path: string; described: JsonSchema };

const described = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, described: operation })),
  );

const key = (method: string, path: string) => `${method} ${path}`;
/** Express's `/products/:id` in OpenAPI's form, `/products/{id}`. */
const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');
const withParams = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? 'no-such-id'));

describe('the OpenAPI description of the running store', () => {
  let app: RunningApp;
  let token: string;
  let document: OpenApiDocument;
  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    document = (await request(app.url).get('/api/openapi.json').expect(200)).body as OpenApiDocument;
  });

  it('is served as the store builds it, valid OpenAPI 3.1, cacheable with its ETag', async () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(storeApiDocument({ sandbox: true }))));
    const validator = new Validator();
    expect(await validator.validate(document as unknown as Record<string, unknown>)).toEqual({ valid: true });
    const first = await request(app.url)
      .get('/api/openapi.json')
      .expect('Content-Type', /application\/json/);
    expect(first.headers['cache-control']).toBe('no-cache');
    await request(app.url).get('/api/openapi.json').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('describes every route the store mounts, and mounts every route it describes', () => {
    const mounted = new Set(listRoutes(app).map((route) => key(route.method, openApiPath(route.path))));
    const inDocument = new Set(described(document).map((op) => key(op.method, op.path)));
    // The walk found routes nested two routers deep (/api/admin → the admin router → a module's).
    expect(mounted).toContain('PUT /api/admin/settings/password');
    expect([...mounted].filter((route) => !inDocument.has(route)).sort()).toEqual([]);
    expect([...inDocument].filter((route) => !mounted.has(route)).sort()).toEqual([]);
  });

  it('answers every described GET path from a route (checked by requests, not by the walk)', async () => {
    for (const op of described(document).filter((o) => o.method === 'GET')) {
      const res = await request(app.url).get(withParams(op.path, {})).set(bearer(token));
      expect(String(res.body?.message ?? ''), op.path).not.toMatch(/^No route for/);
    }
  });

  it('accepts each described query’s example (admin and public reads): never a 400', async () => {
    const reads = described(document).filter((op) => op.method === 'GET' && hasQuery(op.described));
    expect(reads.length).toBeGreaterThanOrEqual(10);
    for (const op of reads) {
      const query = queryExample(op.described, document);
      const res = await request(app.url).get(op.path).query(query).set(bearer(token));
      // A path with a parameter names no item here ({id}): the query is still read first, never refused.
      const expected = op.path.includes('{') ? 404 : 200;
      expect(res.status, `${op.path}?${new URLSearchParams(query)} → ${JSON.stringify(res.body)}`).toBe(expected);
    }
  });

  it('accepts each described body’s example, sent in order (create, change, delete): never a 400', async () => {
    const ids: Record<string, string> = {};
    const steps = writeSteps(ids);
    const withBody = described(document).filter((op) => op.described.requestBody);
    // A route described with a body but left out of the steps would go unchecked: name it.
    const planned = new Set(steps.map((step) => step.route));
    expect(withBody.map((op) => key(op.method, op.path)).filter((route) => !planned.has(route))).toEqual([]);

    for (const step of steps) {
      const [method, path] = step.route.split(' ') as [string, string];
      const op = described(document).find((o) => o.method === method && o.path === path);
      expect(op, `${step.route} is described`).toBeDefined();
      const example = bodyExample(op!.described, document);
      const body = example && step.body ? step.body(example.body as Record<string, unknown>) : example?.body;
      let call = request(app.url)[method.toLowerCase() as 'post'](withParams(path, step.params?.() ?? {}));
      call = call.set(bearer(step.token?.() ?? token));
      if (example) call = call.type(example.contentType === 'application/json' ? 'json' : 'form').send(body as object);
      const res = await call;
      expect(res.status, `${step.route} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(step.status);
      step.then?.(res.body as Record<string, unknown>);
    }
  });

  it('serves the reference page and its assets itself, and no other file of the package', async () => {
    const page = await request(app.url).get('/api/docs').expect(200).expect('Content-Type', /html/);
    // Under the store's own Content-Security-Policy, unchanged: scripts from the store (or the web
    // app's one hashed inline script), neither unsafe-inline nor eval; the page has no inline script.
    const scriptSources = /script-src ([^;]*)/.exec(page.headers['content-security-policy'] ?? '')?.[1]?.split(' ');
    expect(scriptSources?.[0]).toBe("'self'");
    expect(scriptSources?.filter((source) => !/^'(self|sha256-[^']+)'$/.test(source))).toEqual([]);
    expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, 'served by the store').toMatch(/^\/api\/docs\/assets\//);
      await request(app.url).get(asset).expect(200);
    }
    // The package's demo start script points at a petstore on the internet: not served.
    await request(app.url).get('/api/docs/assets/swagger-initializer.js').expect(404);
    await request(app.url).get('/api/docs/assets/package.json').expect(404);
  });
});

const hasQuery = (operation: JsonSchema) =>
  ((operation.parameters ?? []) as { in: string }[]).some((parameter) => parameter.in === 'query');

interface WriteStep {
  route: string;
  /** The path's parameters: ids of what earlier steps created. */
  params?: () => Record<string, string>;
  /** What the example cannot know: ids of what earlier steps created, the admin's real password. */
  body?: (example: Record<string, unknown>) => Record<string, unknown>;
  status: number;
  then?: (answer: Record<string, unknown>) => void;
  /** Another token than the one signed in first (sign-out comes after the password change retired it). */
  token?: () => string;
}

/**
 * Every described write, in an order where each finds what it needs: the category before its
 * product, a checkout before its order, deletions last, the password change near the end (it
 * retires the token the others use), then signing out with the token it issued.
 */
function writeSteps(ids: Record<string, string>): WriteStep[] {
  const id = (name: string) => () => ({ id: ids[name]! });
  // The edit's example changes nothing (every field may be left out): a new name makes a version to restore from.
  const renamed = (example: Record<string, unknown>) => ({ ...example, name: 'example renamed' });
  const firstVersion = (example: Record<string, unknown>) => ({ ...example, version: 0 });
  return [
    {
      route: 'POST /api/admin/categories',
      // Named by `name` or in some language of `translations`, both optional: a rule the schema's example cannot know.
      body: (example) => ({ ...example, name: 'Example' }),
      status: 201,
      then: (answer) => void (ids.category = (answer.category as { id: string }).id),
    },
    { route: 'PUT /api/admin/categories/{id}', params: id('category'), body: renamed, status: 200 },
    // A version is state, as an id is: the one the category was created with.
    { route: 'POST /api/admin/categories/{id}/restore', params: id('category'), body: firstVersion, status: 200 },
    {
      route: 'POST /api/admin/products',
      // The store refuses a product without a category that exists (a rule, not the schema). The
      // example's duration is the free trial, which opens no checkout: a paid one is added.
      body: (example) => ({
        ...example,
        name: 'Example',
        category_id: ids.category,
        price_durations: [...(example.price_durations as object[]), { duration: '1 month', price: 1 }],
      }),
      status: 201,
      then: (answer) => void (ids.product = (answer.product as { id: string }).id),
    },
    { route: 'PUT /api/admin/products/{id}', params: id('product'), body: renamed, status: 200 },
    { route: 'POST /api/admin/products/{id}/restore', params: id('product'), body: firstVersion, status: 200 },
    { route: 'POST /api/admin/products/bulk', status: 200 },
    { route: 'POST /api/auth/login', status: 401 },
    {
      route: 'POST /api/payment/create-checkout',
      // A product that exists, at its price: the example's product id names none.
      body: (example) => {
        const [line] = example.items as { duration: string; quantity: number }[];
        return {
          ...example,
          amount: 1,
          items: [{ ...line, productId: ids.product, duration: '1 month', quantity: 1 }],
        };
      },
      status: 200,
      then: (answer) => {
        ids.checkout = (answer.checkout as { id: string }).id;
        ids.token = String(answer.orderAccessToken);
      },
    },
    {
      route: 'POST /api/payment/process-successful-order',
      body: (example) => ({ ...example, checkoutId: ids.checkout }),
      status: 200,
      then: (answer) => void (ids.order = String(answer.orderId)),
    },
    {
      route: 'POST /api/payment/update-customer-phone',
      body: (example) => ({ ...example, orderId: ids.order, accessToken: ids.token }),
      // The order is not paid yet: a phone is taken only once it is (a rule's 409).
      status: 409,
    },
    // The example's phone and number are those of the order just placed.
    { route: 'POST /api/orders/lookup', status: 200 },
    // The sandbox's form answers with a redirect to the store's return page.
    { route: 'POST /sandbox/checkout/{id}', params: () => ({ id: ids.checkout! }), status: 303 },
    // The example's status is not a change the store offers (only dispatching a paid order): a rule's 409.
    { route: 'PUT /api/admin/orders/{id}/status', params: id('order'), status: 409 },
    // The order was paid its exact total: no payment decision awaits it, a rule's 409.
    { route: 'POST /api/admin/orders/{id}/payment-decision', params: id('order'), status: 409 },
    { route: 'POST /api/admin/orders/{id}/whatsapp-sent', params: id('order'), status: 200 },
    { route: 'POST /api/admin/orders/{id}/notes', params: id('order'), status: 201 },
    // The example's phone has no order: a 404, never a 400.
    { route: 'POST /api/admin/customers/{phone}/notes', params: () => ({ phone: '0699999999' }), status: 404 },
    // A valid step for a subscription that does not exist: a 404, never a 400.
    {
      route: 'POST /api/admin/subscriptions/{id}/reminders',
      params: () => ({ id: 'no-such-subscription' }),
      status: 404,
    },
    // The example's amount is the order's total (a paid order: refunded, never deleted).
    { route: 'POST /api/admin/orders/{id}/refund', params: id('order'), status: 200 },
    { route: 'DELETE /api/admin/orders/{id}', params: id('order'), status: 409 },
    // The body is valid; the order is refunded by now (its subscriptions cancelled): a rule's 409, never a 400.
    { route: 'PUT /api/admin/orders/{id}/delivery', params: id('order'), status: 409 },
    {
      route: 'POST /api/admin/users',
      status: 201,
      then: (answer) => void (ids.user = (answer.user as { id: string }).id),
    },
    { route: 'PUT /api/admin/users/{id}', params: id('user'), status: 200 },
    { route: 'DELETE /api/admin/users/{id}', params: id('user'), status: 200 },
    { route: 'PUT /api/admin/settings', status: 200 },
    // Every field of the shop's identity may be empty; those set must look like what they are (a NIF is digits).
    {
      route: 'PUT /api/admin/shop/legal',
      body: (example) => ({ ...example, rc: '16/00-1234567B21', nif: '000123456789012', phone: '0550123456' }),
      status: 200,
    },
    { route: 'PUT /api/admin/settings/language', status: 200 },
    // The catalogue's default language: the example names one the store has.
    { route: 'PUT /api/admin/shop/language', status: 200 },
    { route: 'DELETE /api/admin/products/{id}', params: id('product'), status: 200 },
    { route: 'DELETE /api/admin/categories/{id}', params: id('category'), status: 200 },
    {
      route: 'PUT /api/admin/settings/password',
      body: (example) => ({ ...example, currentPassword: TEST_ADMIN.password }),
      status: 200,
      then: (answer) => void (ids.token = answer.token as string),
    },
    { route: 'POST /api/auth/logout', status: 200, token: () => ids.token! },
  ];
}
