import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { requireRedis } from '../../../test/support/redis';
import { waitUntil } from '../../../test/support/wait';
import { startProvisioningStandIn, type ProvisioningStandIn } from '../../cli/provisioning-stand-in';
import { createLogger } from '../../logger';
import { signWebhook } from '../ordering/payment/chargily';
import { subscriptionId } from './events';
import { signBody } from './provisioning-client';

// Automatic delivery end to end (docs/product.md#automatic-delivery): the real store on
// PostgreSQL and Redis (BullMQ), the provisioning service played by its stand-in, payments by the
// sandbox. What is checked is what the shop and its operator see: details delivered as `system`,
// the order dispatched, failures an administrator can retry, each subscription asked for once, and
// no secret in clear in the log or in what the store keeps.

const SECRET = 'provisioning-secret-for-tests-0123';
const SANDBOX_SECRET = 'sandbox-webhook-secret-for-tests-0123';
const ATTEMPTS = 3;
/** Seconds in practice; more allowed for read models held back on a busy shared PostgreSQL server. */
const WAIT_MS = 20_000;

describe('automatic delivery through the provisioning service', { timeout: 60_000 }, () => {
  let standIn: ProvisioningStandIn;
  let app: RunningApp;
  let token: string;
  let gold: { id: string };
  const logs: string[] = [];
  /** Every password the stand-in handed out that an admin read back, to look for in clear. */
  const passwords = new Set<string>();
  const api = () => request(app.url);

  beforeAll(async () => {
    standIn = await startProvisioningStandIn({ secret: SECRET });
    app = await startTestApp({
      env: {
        REDIS_URL: requireRedis(),
        PROVISIONING_URL: standIn.url,
        PROVISIONING_SECRET: SECRET,
        PROVISIONING_ATTEMPTS: String(ATTEMPTS),
        PROVISIONING_RETRY_AFTER: '50ms',
        SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      },
      logger: createLogger({ LOG_LEVEL: 'debug' }, { write: (line: string) => void logs.push(line) }),
    });
    token = await adminToken(app.url);
    gold = await createProduct(app.url, token, 'Gold', [
      ['free trial', 0],
      ['1 month', 2000],
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });
  // A test that fails while the service is down leaves it up for the next.
  afterEach(() => standIn.setDown(false));

  /** A checkout of `quantity` Gold months, its order placed and pending; its ids. */
  async function openCheckout(quantity: number) {
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({
        amount: 2000 * quantity,
        fullName: 'Client',
        phone: '0550123456',
        email: '',
        items: [{ productId: gold.id, duration: '1 month', quantity }],
      });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    // The checkout answers before the read models have the order; a transaction open elsewhere on a
    // shared PostgreSQL server may hold them back for a while (docs/architecture.md#ordering-guarantee).
    expect(await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 20_000 })).toBe(true);
    const checkoutId = checkout.body.checkout.id as string;
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body;
    return { checkoutId, orderId: orderId as string };
  }

  /** The shopper pays on the sandbox page (which sends its webhook). */
  const payOnPage = (checkoutId: string) =>
    api().post(`/sandbox/checkout/${checkoutId}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });

  async function paidOrder(quantity: number): Promise<string> {
    const { checkoutId, orderId } = await openCheckout(quantity);
    expect((await payOnPage(checkoutId)).status).toBe(303);
    return orderId;
  }

  const detail = async (orderId: string) =>
    (await api().get(`/api/admin/orders/${orderId}`).set(bearer(token)).expect(200)).body.order;

  const retry = (orderId: string) => api().post(`/api/admin/orders/${orderId}/provisioning/retry`).set(bearer(token));

  /** Waits for the order's automatic delivery to reach `state`; its detail then. */
  async function whenAutomatic(orderId: string, state: string) {
    await waitUntil(async () => (await detail(orderId)).automaticDelivery?.state === state, WAIT_MS);
    // The orders read model may be a moment behind the subscriptions one (the order's status).
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: WAIT_MS });
    const order = await detail(orderId);
    for (const s of order.subscriptions) if (s.activation?.password) passwords.add(s.activation.password);
    return order;
  }

  const unitIds = (orderId: string, quantity: number) =>
    Array.from({ length: quantity }, (_, unit) => subscriptionId(orderId, 0, unit));

  const askedFor = (ids: string[]) => standIn.requests.filter((r) => ids.includes(r.idempotencyKey ?? ''));

  const eventsOf = async (stream: string) =>
    (await app.infra.store.readStream(stream)).map((e) => ({ type: e.type, actor: e.metadata.actor, data: e.data }));

  it('delivers a paid order’s subscriptions as system within seconds, and the order is dispatched', async () => {
    const orderId = await paidOrder(2);
    const order = await whenAutomatic(orderId, 'delivered');
    expect(order).toMatchObject({ status: 'dispatched', deliveryState: 'delivered' });
    expect(order.automaticDelivery).toEqual({ state: 'delivered' });
    for (const subscription of order.subscriptions) {
      expect(subscription).toMatchObject({ status: 'active', activation: { kind: 'xtream' } });
      expect(subscription.activation.serverUrl).toBe('http://tv.example.net:8080');
      expect(subscription.activation.username).toMatch(/^line-/);
      expect(subscription.startsAt).not.toBeNull();
    }
    const ids = unitIds(orderId, 2);
    expect(askedFor(ids).map((r) => [r.idempotencyKey, r.status])).toEqual(ids.map((id) => [id, 200]));
    const deliveries = await eventsOf(`order-subscriptions-${orderId}`);
    expect(deliveries.map((e) => [e.type, e.actor])).toEqual([['SubscriptionsDelivered', 'system']]);
    const orderEvents = await eventsOf(`order-${orderId}`);
    expect(orderEvents.filter((e) => e.type === 'OrderDelivered').map((e) => e.actor)).toEqual(['system']);
    expect(orderEvents.filter((e) => e.type === 'OrderDispatched').map((e) => e.actor)).toEqual(['system']);
  });

  it('delivers a free trial as soon as it is granted, for the trial’s length', async () => {
    const started = await api()
      .post('/api/payment/create-checkout')
      .send({ amount: 0, phone: '0550998877', items: [{ productId: gold.id, duration: 'free trial', quantity: 1 }] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const orderId = started.body.order.id as string;
    const order = await whenAutomatic(orderId, 'delivered');
    expect(order).toMatchObject({ status: 'dispatched', trial: true, deliveryState: 'delivered' });
    expect(askedFor(unitIds(orderId, 1)).map((r) => r.status)).toEqual([200]);
    const [trial] = order.subscriptions as { duration: string; startsAt: string; endsAt: string }[];
    expect(trial!.duration).toBe('free trial');
    expect(Date.parse(trial!.endsAt) - Date.parse(trial!.startsAt)).toBe(24 * 3600_000);
  });

  it('retries while the service is down, then records the failure for an administrator, who retries', async () => {
    standIn.setDown(true);
    const orderId = await paidOrder(1);
    const failed = await whenAutomatic(orderId, 'failed');
    expect(failed.automaticDelivery).toEqual({
      state: 'failed',
      reason: 'the provisioning service answered 503',
      failedAt: expect.any(String),
    });
    expect(failed).toMatchObject({ status: 'completed', deliveryState: 'awaiting' });
    const [id] = unitIds(orderId, 1);
    expect(askedFor([id!]).map((r) => r.status)).toEqual(Array(ATTEMPTS).fill(503));
    expect((await eventsOf(`order-subscriptions-${orderId}`)).map((e) => [e.type, e.actor, e.data])).toEqual([
      [
        'AutomaticDeliveryFailed',
        'system',
        {
          orderId,
          subscriptionIds: [id],
          reason: 'the provisioning service answered 503',
          at: failed.automaticDelivery.failedAt,
        },
      ],
    ]);

    standIn.setDown(false);
    const retried = await retry(orderId);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.order.automaticDelivery.state).toMatch(/^(pending|delivered)$/);
    const delivered = await whenAutomatic(orderId, 'delivered');
    expect(delivered.status).toBe('dispatched');
    expect(askedFor([id!]).map((r) => r.status)).toEqual([...Array(ATTEMPTS).fill(503), 200]);

    const again = await retry(orderId);
    expect([again.status, again.body.code]).toEqual([409, 'provisioning.nothing_awaiting']);
    expect((await retry('no-such-order')).status).toBe(404);
    expect((await api().post(`/api/admin/orders/${orderId}/provisioning/retry`)).status).toBe(401);
  });

  it('asks for each subscription once when the webhook, the return page and status checks race', async () => {
    const { checkoutId, orderId } = await openCheckout(3);
    const body = JSON.stringify({
      id: `evt-${checkoutId}`,
      livemode: false,
      type: 'checkout.paid',
      data: {
        id: checkoutId,
        status: 'paid',
        amount: 6000,
        currency: 'dzd',
        payment_method: 'edahabia',
        metadata: { orderId },
      },
    });
    const webhook = () =>
      api()
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('signature', signWebhook(body, SANDBOX_SECRET))
        .send(body);
    const answers = await Promise.all([
      payOnPage(checkoutId),
      ...Array.from({ length: 4 }, webhook),
      ...Array.from({ length: 4 }, () => api().get(`/api/payment/checkout-status/${checkoutId}`)),
      ...Array.from({ length: 2 }, () => api().post('/api/payment/process-successful-order').send({ checkoutId })),
    ]);
    expect(answers.every((a) => a.status < 400)).toBe(true);
    await whenAutomatic(orderId, 'delivered');
    const ids = unitIds(orderId, 3);
    const asked = askedFor(ids);
    expect(new Set(asked.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(asked).toHaveLength(3);
    const types = async (stream: string) => (await eventsOf(stream)).map((e) => e.type);
    expect((await types(`order-${orderId}`)).filter((t) => t === 'OrderPaid')).toHaveLength(1);
    expect(await types(`order-subscriptions-${orderId}`)).toEqual(['SubscriptionsDelivered']);
  });

  it('the stand-in refuses a request not signed with the secret, and answers a key the same details', async () => {
    const body = JSON.stringify({ subscriptionId: 'sub-signed', orderId: 'o', orderNumber: 1 });
    const post = (signature: string | undefined, payload = body) =>
      fetch(standIn.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': 'sub-signed',
          ...(signature === undefined ? {} : { 'X-Signature': signature }),
        },
        body: payload,
      });
    expect((await post(undefined)).status).toBe(401);
    expect((await post(signBody(body, 'another-secret-entirely-0123'))).status).toBe(401);
    expect((await post(signBody(body, SECRET), `${body} `)).status).toBe(401);
    const first = await post(signBody(body, SECRET));
    const second = await post(signBody(body, SECRET));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual(await first.json());
  });

  it('keeps no secret in clear: neither the service’s details nor PROVISIONING_SECRET, in the log or the database', async () => {
    expect(passwords.size).toBeGreaterThanOrEqual(6);
    const tables = ['events', ...app.runner.projections.flatMap((p) => p.tables)];
    const stored: string[] = [];
    for (const table of tables)
      stored.push(JSON.stringify((await sql`SELECT * FROM ${sql.id(table)}`.execute(app.infra.db)).rows));
    const everything = [...stored, ...logs].join('\n');
    expect(logs.some((line) => line.includes('automatic delivery'))).toBe(true);
    expect(everything).not.toContain(SECRET);
    for (const password of passwords) expect(everything).not.toContain(password);
  });
});

describe('automatic delivery turned on, or the store restarted, after payments', { timeout: 60_000 }, () => {
  it('delivers the paid orders already awaiting, at start-up', async () => {
    const standIn = await startProvisioningStandIn({ secret: SECRET });
    try {
      const manual = await startTestApp();
      const token = await adminToken(manual.url);
      const gold = await createProduct(manual.url, token, 'Gold', [['1 month', 2000]]);
      const checkout = await request(manual.url)
        .post('/api/payment/create-checkout')
        .send({
          amount: 2000,
          fullName: 'Client',
          phone: '0550123456',
          items: [{ productId: gold.id, duration: '1 month', quantity: 1 }],
        })
        .expect(200);
      const checkoutId = checkout.body.checkout.id as string;
      await request(manual.url)
        .post(`/sandbox/checkout/${checkoutId}`)
        .type('form')
        .send({ outcome: 'paid', method: 'baridi_mob' });
      const { orderId } = (await request(manual.url).post('/api/payment/process-successful-order').send({ checkoutId }))
        .body;
      await manual.runner.waitFor(await manual.infra.store.lastCommittedPosition(), { timeoutMs: 20_000 });
      const detail = async (app: RunningApp) =>
        (await request(app.url).get(`/api/admin/orders/${orderId}`).set(bearer(token)).expect(200)).body.order;
      await waitUntil(async () => (await detail(manual)).deliveryState === 'awaiting', WAIT_MS);
      expect((await detail(manual)).automaticDelivery).toBeNull();
      await manual.close();

      const automatic = await startTestApp({
        databaseUrl: manual.infra.database.url,
        env: { PROVISIONING_URL: standIn.url, PROVISIONING_SECRET: SECRET },
      });
      await waitUntil(async () => (await detail(automatic)).deliveryState === 'delivered', WAIT_MS);
      await automatic.runner.waitFor(await automatic.infra.store.lastCommittedPosition(), { timeoutMs: WAIT_MS });
      expect(await detail(automatic)).toMatchObject({
        status: 'dispatched',
        automaticDelivery: { state: 'delivered' },
      });
      expect(standIn.requests.map((r) => r.idempotencyKey)).toEqual([subscriptionId(orderId, 0, 0)]);
    } finally {
      await standIn.close();
    }
  });
});
