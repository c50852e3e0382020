import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { RunningApp } from '../src/main';
import { delay, waitUntil } from './support/wait';
import { comparePositions } from '../src/platform/eventstore/port';
import { adminToken, bearer } from './support/admin';
import { startTestApp } from './support/app';
import { createProduct } from './support/catalogue';
import { listRoutes } from './support/routes';

// The store as an attacker, a careless client and an operator would try it: one file a reader can
// run alone (`npx vitest run test/robustness.int.spec.ts`). Each case here once took the store
// down, answered 500, or gave away an order for free.

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** A Socket.IO client as browsers connect by default: long-polling first, then the upgrade. */
async function browserSocket(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): Promise<Socket> {
  const socket = connect(url, { reconnection: false, ...options });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const POISON = { nul: 'abc\u0000def', surrogate: 'abc\ud800def' } as const;
/** The same in a path: NUL percent-encoded, and the bytes a lone surrogate would take (not UTF-8). */
const POISON_IN_PATH = { nul: 'abc%00def', surrogate: 'abc%ED%A0%80def' } as const;

/** A body for any write route, every text in it poisoned: whatever the route reads, it reads poison. */
function poisonedBody(text: string) {
  return {
    name: text,
    description: text,
    username: text,
    password: text,
    email: text,
    fullName: text,
    phone: text,
    status: text,
    action: text,
    ids: [text],
    categoryId: text,
    category_id: text,
    features: [text],
    price_durations: [{ duration: text, price: 1 }],
    items: [{ productId: text, duration: text, quantity: 1 }],
    amount: 1,
    checkoutId: text,
    orderId: text,
    currentPassword: text,
    newPassword: text,
    confirmPassword: text,
    profile: { name: text, email: text, phone: text },
    language: text,
    timezone: text,
    dateFormat: text,
  };
}

describe('robustness: one request never takes the store down', () => {
  let app: RunningApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
  });

  const alive = async () => expect((await request(app.url).get('/healthz')).status).toBe(200);

  it('serves Socket.IO clients on their default transport (long-polling, then upgrade)', async () => {
    // The raw handshake and one poll: the pair that crashed the process when Express answered too.
    const handshake = await request(app.url).get('/socket.io/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    const sid = /"sid":"([^"]+)"/.exec(handshake.text)?.[1];
    expect(sid).toBeTruthy();
    await request(app.url)
      .post(`/socket.io/?EIO=4&transport=polling&sid=${sid}`)
      .set('Content-Type', 'text/plain')
      .send('40');
    expect((await request(app.url).get(`/socket.io/?EIO=4&transport=polling&sid=${sid}`)).status).toBe(200);
    await alive();

    const shopper = await browserSocket(app.url);
    const categories: unknown[] = [];
    shopper.on('categoriesUpdate', (payload: unknown) => categories.push(payload));
    shopper.emit('requestInitialData');
    await waitUntil(() => categories.length === 1);
    await waitUntil(() => shopper.io.engine.transport.name === 'websocket');
    await alive();
  });

  it('never answers 5xx to poisoned text (NUL, lone surrogates) on any write route, and writes nothing', async () => {
    const writes = listRoutes(app).filter((route) => ['POST', 'PUT', 'DELETE'].includes(route.method));
    expect(writes.length).toBeGreaterThan(15);
    const head = await app.infra.store.headPosition();
    for (const [kind, text] of Object.entries(POISON)) {
      for (const route of writes) {
        const path = route.path.replace(/:\w+/g, POISON_IN_PATH[kind as keyof typeof POISON]);
        const method = route.method.toLowerCase() as 'post' | 'put' | 'delete';
        const client = request(app.url);
        const res = await client[method](path)
          .set(bearer(token))
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(poisonedBody(text)));
        expect(res.status, `${route.method} ${route.path} with ${kind}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route.method} ${route.path} with ${kind}: ${res.text}`).toBeLessThan(500);
        expect(res.body.message, `${route.method} ${route.path}`).toEqual(expect.any(String));
      }
    }
    expect(comparePositions(await app.infra.store.headPosition(), head)).toBe(0);
    await alive();
  });

  it('refuses oversized bodies (413) and deeply nested ones (400)', async () => {
    const big = JSON.stringify({ username: 'a'.repeat(200_000), password: 'x' });
    const oversized = await request(app.url).post('/api/auth/login').set('Content-Type', 'application/json').send(big);
    expect(oversized.status).toBe(413);
    const nested = `{"username":${'['.repeat(20_000)}${']'.repeat(20_000)},"password":"x"}`;
    for (const path of ['/api/auth/login', '/api/payment/create-checkout', '/api/admin/categories']) {
      const res = await request(app.url)
        .post(path)
        .set(bearer(token))
        .set('Content-Type', 'application/json')
        .send(nested);
      expect(res.status, path).toBe(400);
    }
    await alive();
  });

  it('counts sign-in failures before checking the password: 20 guesses at once get at most 5 tries', async () => {
    // A store of its own: the guesses lock this address out of signing in for a while.
    const target = await startTestApp();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(target.url).post('/api/auth/login').send({ username: 'admin', password: 'wrong guess' }),
      ),
    );
    const statuses = guesses.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('answers a flood of requestInitialData with a bounded number of catalogues', async () => {
    await createProduct(app.url, token, 'Flood package', [['1 month', 1500]]);
    const flooder = await browserSocket(app.url);
    let answers = 0;
    flooder.on('productsUpdate', () => answers++);
    for (let i = 0; i < 2000; i++) flooder.emit('requestInitialData');
    await delay(1500);
    expect(answers).toBeGreaterThan(0);
    expect(answers).toBeLessThan(50);
    await alive();
  });

  it('disconnects an admin socket when its admin is deleted', async () => {
    const created = await request(app.url)
      .post('/api/admin/users')
      .set(bearer(token))
      .send({ username: 'leaving', password: 'leaving-password', name: 'Leaving Admin', role: 'admin' });
    expect(created.status).toBe(201);
    const leaving = await adminToken(app.url, { username: 'leaving', password: 'leaving-password' });
    const socket = await browserSocket(app.url, { auth: { token: leaving } });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await request(app.url).delete(`/api/admin/users/${created.body.user.id}`).set(bearer(token))).status).toBe(
      200,
    );
    expect(await disconnected).toBe('io server disconnect');
  });
});

describe('robustness: nothing a shopper pays for is free or lost', () => {
  it('refuses the sandbox provider in production unless allowed, and then says loudly it is a test', async () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(48),
      PUBLIC_URL: 'https://shop.example.dz',
      DATA_DIR: '/tmp/robustness-config',
    };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    const app = await startTestApp({
      env: {
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        ALLOW_SANDBOX_PAYMENTS: 'true',
        ALLOW_INSECURE_PUBLIC_URL: 'true',
      },
    });
    const checkout = await openCheckout(app);
    const page = await request(app.url).get(`${new URL(checkout.checkoutUrl).pathname}?lang=en`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('TEST PAYMENT');
  });

  it('keeps an order that is paid after an admin tried to delete it', async () => {
    const app = await startTestApp();
    const checkout = await openCheckout(app);
    const order = (
      await request(app.url).post('/api/payment/process-successful-order').send({ checkoutId: checkout.id })
    ).body;
    const token = await adminToken(app.url);
    expect((await request(app.url).delete(`/api/admin/orders/${order.orderId}`).set(bearer(token))).status).toBe(409);
    await request(app.url)
      .post(`/sandbox/checkout/${checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    expect((await request(app.url).get(`/api/payment/checkout-status/${checkout.id}`)).body.checkout.status).toBe(
      'paid',
    );
    const listed = await request(app.url).get(`/api/admin/orders?search=${order.orderId}`).set(bearer(token));
    expect(listed.body.orders).toEqual([expect.objectContaining({ id: order.orderId, status: 'completed' })]);
  });
});

async function openCheckout(app: RunningApp): Promise<{ id: string; checkoutUrl: string }> {
  const token = await adminToken(app.url);
  const product = await createProduct(app.url, token, 'Paid package', [['1 month', 2500]]);
  const res = await request(app.url)
    .post('/api/payment/create-checkout')
    .send({ amount: 2500, phone: '0550123456', items: [{ productId: product.id, duration: '1 month', quantity: 1 }] });
  expect(res.status, res.text).toBe(200);
  return res.body.checkout;
}
