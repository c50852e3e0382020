import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from '../src/main';
import { comparePositions } from '../src/platform/eventstore/port';
import { adminToken, bearer } from './support/admin';
import { startTestApp } from './support/app';
import { createProduct } from './support/catalogue';
import { listRoutes } from './support/routes';

// Text that PostgreSQL cannot store (NUL in text and jsonb) or that is not Unicode (a lone
// surrogate) once answered 500 on login and on every write. One shared text rule refuses it at the
// edge: a 400 whose message names the field, for every free-text field of every write and every
// search parameter; a path that holds it names nothing (404 or 400). And nothing gets written.

const POISON = {
  NUL: 'abc\u0000def',
  'an escape character': 'abc\u001bdef',
  'a lone surrogate': 'abc\ud800def',
} as const;
/** Passwords are kept as typed: of the control characters, only NUL is refused. */
const VERBATIM = new Set(['Password', 'Current password', 'New password']);

interface WriteCase {
  method: 'post' | 'put';
  path: () => string;
  body: () => Record<string, unknown>;
  /** Each free-text field (dotted path) and the name its message gives it. */
  fields: [string, string][];
}

describe('free text at the edge', () => {
  let app: RunningApp;
  let token: string;
  let product: { id: string; category_id: string };
  let otherUser: { id: string };
  let orderId: string;
  let accessToken: string;
  let checkoutId: string;
  let requests = 0;
  /** Each request from an address of its own: the sign-in and checkout throttles count per address. */
  const api = () => {
    requests++;
    const from = { 'X-Forwarded-For': `10.90.${Math.floor(requests / 250)}.${(requests % 250) + 1}` };
    const client = request(app.url);
    return {
      get: (path: string) => client.get(path).set(from),
      post: (path: string) => client.post(path).set(from),
      put: (path: string) => client.put(path).set(from),
      delete: (path: string) => client.delete(path).set(from),
    };
  };

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    token = await adminToken(app.url);
    product = (await createProduct(app.url, token, 'Gold', [['1 month', 2000]])) as typeof product;
    otherUser = (
      await api()
        .post('/api/admin/users')
        .set(bearer(token))
        .send({ username: 'second', password: 'second password', name: 'Second' })
    ).body.user;
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({
        amount: 2000,
        phone: '0550123456',
        items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
      });
    expect(checkout.status, checkout.text).toBe(200);
    checkoutId = checkout.body.checkout.id;
    accessToken = checkout.body.orderAccessToken;
    orderId = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body.orderId;
  });

  const productBody = () => ({
    name: 'Silver',
    description: 'Line one\nLine two',
    category_id: product.category_id,
    features: ['4K'],
    price_durations: [{ duration: '1 month', price: 100 }],
  });
  const categoryBody = () => ({ name: 'Sport', description: 'Matches\r\nand more' });
  const userBody = () => ({ username: 'third', password: 'third password', name: 'Third' });
  const checkoutBody = () => ({
    amount: 2000,
    email: 'a@b.dz',
    fullName: 'Client',
    phone: '0550123456',
    description: 'IPTV',
    items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
  });

  const writes: WriteCase[] = [
    {
      method: 'post',
      path: () => '/api/auth/login',
      body: () => ({ username: 'admin', password: 'whatever it is' }),
      fields: [
        ['username', 'Username'],
        ['password', 'Password'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/admin/users',
      body: userBody,
      fields: [
        ['username', 'Username'],
        ['password', 'Password'],
        ['name', 'Name'],
      ],
    },
    {
      method: 'put',
      path: () => `/api/admin/users/${otherUser.id}`,
      body: userBody,
      fields: [
        ['username', 'Username'],
        ['password', 'Password'],
        ['name', 'Name'],
      ],
    },
    {
      method: 'put',
      path: () => '/api/admin/settings',
      body: () => ({
        profile: { name: 'Admin', email: 'admin@store.dz', phone: '0550000000' },
        notifications: { emailNotifications: true, orderUpdates: true, newCustomers: true, productUpdates: false },
        language: 'en',
        timezone: 'Africa/Algiers',
        dateFormat: 'DD/MM/YYYY',
      }),
      fields: [
        ['profile.name', 'Full name'],
        ['profile.email', 'Email'],
        ['profile.phone', 'Phone'],
      ],
    },
    {
      method: 'put',
      path: () => '/api/admin/settings/password',
      body: () => ({
        currentPassword: 'correct horse battery',
        newPassword: 'a new password',
        confirmPassword: 'a new password',
      }),
      fields: [
        ['currentPassword', 'Current password'],
        ['newPassword', 'New password'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/admin/categories',
      body: categoryBody,
      fields: [
        ['name', 'Category name'],
        ['description', 'Description'],
      ],
    },
    {
      method: 'put',
      path: () => `/api/admin/categories/${product.category_id}`,
      body: categoryBody,
      fields: [
        ['name', 'Category name'],
        ['description', 'Description'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/admin/products',
      body: productBody,
      fields: [
        ['name', 'Product name'],
        ['description', 'Description'],
        ['category_id', 'Category'],
        ['features.0', 'Feature'],
      ],
    },
    {
      method: 'put',
      path: () => `/api/admin/products/${product.id}`,
      body: productBody,
      fields: [
        ['name', 'Product name'],
        ['description', 'Description'],
        ['category_id', 'Category'],
        ['features.0', 'Feature'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/admin/products/bulk',
      body: () => ({ action: 'changeCategory', ids: [product.id], categoryId: product.category_id }),
      fields: [
        ['ids.0', 'Product id'],
        ['categoryId', 'Category'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/payment/create-checkout',
      body: checkoutBody,
      fields: [
        ['email', 'Email'],
        ['fullName', 'Full name'],
        ['phone', 'Phone number'],
        ['description', 'Description'],
        ['items.0.productId', 'Product id'],
        ['items.0.duration', 'Duration'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/payment/process-successful-order',
      body: () => ({ checkoutId, customerData: { phone: '0550123456' } }),
      fields: [
        ['checkoutId', 'checkoutId'],
        ['customerData.phone', 'Phone number'],
      ],
    },
    {
      method: 'post',
      path: () => '/api/payment/update-customer-phone',
      body: () => ({ orderId, accessToken, phone: '0550123456' }),
      fields: [
        ['orderId', 'orderId'],
        ['accessToken', 'accessToken'],
        ['phone', 'Phone number'],
      ],
    },
  ];

  it('refuses control characters and lone surrogates in every free-text field with a 400 naming the field, and writes nothing', async () => {
    const head = await app.infra.store.headPosition();
    for (const write of writes) {
      for (const [field, label] of write.fields) {
        for (const [kind, text] of Object.entries(POISON)) {
          if (VERBATIM.has(label) && kind === 'an escape character') continue;
          // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one.
          const body = JSON.stringify(withValue(write.body(), field, text));
          const client = api();
          const res = await client[write.method](write.path())
            .set(bearer(token))
            .set('Content-Type', 'application/json')
            .send(body);
          const what = `${write.method.toUpperCase()} ${write.path()} ${field} with ${kind}`;
          expect(res.status, `${what}: ${res.text}`).toBe(400);
          expect(res.body.errors?.[field], `${what}: ${res.text}`).toBe(res.body.message);
          expect(res.body.message, what).toContain(label);
        }
      }
    }
    expect(comparePositions(await app.infra.store.headPosition(), head)).toBe(0);
    // The same bodies, clean, are accepted: the rule refuses the characters, not the fields.
    expect((await api().post('/api/admin/categories').set(bearer(token)).send(categoryBody())).status).toBe(201);
    expect((await api().post('/api/admin/products').set(bearer(token)).send(productBody())).status).toBe(201);
  });

  it('keeps tabs and line breaks in descriptions, and trims single-line fields', async () => {
    const res = await api()
      .post('/api/admin/categories')
      .set(bearer(token))
      .send({ name: '  Films\n', description: 'Col\tumn\r\nNext line' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.category).toMatchObject({ name: 'Films', description: 'Col\tumn\r\nNext line' });
    const tab = await api().post('/api/admin/categories').set(bearer(token)).send({ name: 'Fil\tms' });
    expect(tab.status).toBe(400);
    expect(tab.body.errors.name).toBe('Category name must not contain control characters');
  });

  it('refuses control characters in every search parameter with a 400 naming it', async () => {
    const searches = [
      ['/api/admin/orders', 'search'],
      ['/api/admin/orders/export.csv', 'search'],
      ['/api/admin/customers', 'search'],
      ['/api/admin/customers/export.csv', 'search'],
      ['/api/admin/products', 'q'],
      ['/api/admin/products', 'category'],
      ['/categories', 'search'],
      ['/products', 'category'],
      ['/products/search', 'q'],
    ] as const;
    for (const [path, param] of searches) {
      for (const text of ['abc\u0000def', 'abc\u001bdef']) {
        const res = await api()
          .get(path)
          .query({ [param]: text })
          .set(bearer(token));
        expect(res.status, `${path}?${param}: ${res.text}`).toBe(400);
        expect(res.body.errors?.[param], `${path}?${param}`).toBe(res.body.message);
        expect(res.body.message).toMatch(/^(Search|Category) must not contain control characters$/);
      }
    }
  });

  it('answers 404 or 400, never 500, to a path that holds NUL, a control character or a broken character', async () => {
    const withParams = listRoutes(app).filter((route) => route.path.includes('/:'));
    expect(withParams.length).toBeGreaterThan(10);
    const head = await app.infra.store.headPosition();
    for (const route of withParams) {
      for (const encoded of ['%00', 'abc%00', '%1B', '%ED%A0%80', '%FF']) {
        const path = route.path.replace(/:\w+/g, encoded);
        const client = api();
        const res = await client[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path)
          .set(bearer(token))
          .send({});
        expect([400, 404], `${route.method} ${path}: ${res.status} ${res.text}`).toContain(res.status);
        expect(res.body.message, `${route.method} ${path}`).toEqual(expect.any(String));
      }
    }
    expect(comparePositions(await app.infra.store.headPosition(), head)).toBe(0);
  });

  it('answers 413 to a body over the limit and 400 to deeply nested JSON, then keeps serving', async () => {
    const oversized = await api()
      .post('/api/admin/categories')
      .set(bearer(token))
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'Big', description: 'x'.repeat(200 * 1024) }));
    expect(oversized.status).toBe(413);
    expect(oversized.body.message).toBe('Request body is too large');
    const arrays = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const objects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const bodies = [arrays, objects, `{"name":${arrays},"username":${objects},"items":${arrays}}`];
    for (const path of ['/api/auth/login', '/api/payment/create-checkout', '/api/admin/categories']) {
      for (const body of bodies) {
        const res = await api().post(path).set(bearer(token)).set('Content-Type', 'application/json').send(body);
        expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
    expect((await api().get('/healthz')).status).toBe(200);
  });
});

/** A copy of `body` with the value at a dotted path (array indexes as numbers) replaced. */
function withValue(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy;
}
