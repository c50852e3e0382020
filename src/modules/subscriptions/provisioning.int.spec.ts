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
// the order dispatched, paid renewals extended on the service, failures an administrator can retry,
// each subscription asked for (and each renewal told) once, and no secret in clear in the log or in
// what the store keeps.

const SECRET = 'provisioning-secret-for-tests-0123';

/** A renewal's link: the renewed order's token, and the subscription renewed. */
interface Renewing {
  token: string;
  of: string;
}

/** The checkout of `quantity` months of a package at 2 000 Da, or one month renewing `renewal`. */
const checkoutBody = (productId: string, quantity: number, renewal?: Renewing) => ({
  amount: 2000 * quantity,
  fullName: 'Client',
  phone: '0550123456',
  email: '',
  ...(renewal && { orderAccessToken: renewal.token }),
  items: [{ productId, duration: '1 month', quantity, ...(renewal && { renewalOf: renewal.of }) }],
});
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

  /** A checkout of `quantity` Gold months (or renewing `renewal`), its order placed and pending; its ids. */
  async function openCheckout(quantity: number, renewal?: Renewing) {
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send(checkoutBody(gold.id, quantity, renewal));
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    // The checkout answers before the read models have the order; a transaction open elsewhere on a
    // shared PostgreSQL server may hold them back for a while (docs/architecture.md#ordering-guarantee).
    expect(await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 20_000 })).toBe(true);
    const checkoutId = checkout.body.checkout.id as string;
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body;
    return { checkoutId, orderId: orderId as string, token: checkout.body.orderAccessToken as string };
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

  /** The shopper's payment told at once by the sandbox page, its webhook (4 times), status checks and the return page. */
  async function payRacing(checkoutId: string, orderId: string, amount: number) {
    const body = JSON.stringify({
      id: `evt-${checkoutId}`,
      livemode: false,
      type: 'checkout.paid',
      data: {
        id: checkoutId,
        status: 'paid',
        amount,
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
  }

  const types = async (stream: string) => (await eventsOf(stream)).map((e) => e.type);

  it('asks for each subscription once when the webhook, the return page and status checks race', async () => {
    const { checkoutId, orderId } = await openCheckout(3);
    await payRacing(checkoutId, orderId, 6000);
    await whenAutomatic(orderId, 'delivered');
    const ids = unitIds(orderId, 3);
    const asked = askedFor(ids);
    expect(new Set(asked.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(asked).toHaveLength(3);
    expect((await types(`order-${orderId}`)).filter((t) => t === 'OrderPaid')).toHaveLength(1);
    expect(await types(`order-subscriptions-${orderId}`)).toEqual(['SubscriptionsDelivered']);
  });

  /** A paid order of one Gold month, delivered by the service: its id, its link's token, its subscription. */
  async function deliveredOrder() {
    const { checkoutId, orderId, token } = await openCheckout(1);
    expect((await payOnPage(checkoutId)).status).toBe(303);
    await whenAutomatic(orderId, 'delivered');
    return { orderId, token, subscription: subscriptionId(orderId, 0, 0) };
  }

  /** Waits for the renewal order's extension on the service to reach `state`; its detail then. */
  async function whenExtension(orderId: string, state: string) {
    await waitUntil(async () => (await detail(orderId)).automaticExtension?.state === state, WAIT_MS);
    return detail(orderId);
  }

  const extensionsOf = (subscription: string) =>
    standIn.requests.filter((r) => r.action === 'extend' && r.body?.subscriptionId === subscription);

  const retryExtension = (orderId: string) =>
    api().post(`/api/admin/orders/${orderId}/provisioning/extension/retry`).set(bearer(token));

  it('tells the service the new end of a renewed subscription once, signed, and records it as system', async () => {
    const original = await deliveredOrder();
    const before = (await detail(original.orderId)).subscriptions[0];
    const renewal = await openCheckout(1, { token: original.token, of: original.subscription });
    expect((await payOnPage(renewal.checkoutId)).status).toBe(303);
    const renewed = await whenExtension(renewal.orderId, 'extended');
    expect(renewed.automaticExtension).toEqual({ state: 'extended', extendedAt: expect.any(String) });
    expect(renewed.automaticDelivery).toBeNull();

    const after = (await detail(original.orderId)).subscriptions[0];
    expect(after.endsAt).not.toBe(before.endsAt);
    expect(after.activation).toEqual(before.activation);
    expect(extensionsOf(original.subscription)).toEqual([
      {
        action: 'extend',
        idempotencyKey: `${original.subscription}:${renewal.orderId}`,
        status: 200,
        body: {
          subscriptionId: original.subscription,
          orderId: original.orderId,
          orderNumber: (await detail(original.orderId)).number,
          renewalOrderId: renewal.orderId,
          renewalOrderNumber: renewed.number,
          package: 'Gold',
          productId: gold.id,
          duration: '1 month',
          endsAt: after.endsAt,
        },
      },
    ]);
    expect(standIn.endOf(original.subscription)).toBe(after.endsAt);
    expect((await eventsOf(`renewal-extensions-${renewal.orderId}`)).map((e) => [e.type, e.actor, e.data])).toEqual([
      [
        'AutomaticExtensionSucceeded',
        'system',
        {
          orderId: renewal.orderId,
          subscriptionId: original.subscription,
          endsAt: after.endsAt,
          at: expect.any(String),
        },
      ],
    ]);
    // Nothing is delivered again, for either order.
    expect(await types(`order-subscriptions-${original.orderId}`)).toEqual(['SubscriptionsDelivered']);
    expect(await types(`order-subscriptions-${renewal.orderId}`)).toEqual([]);
  });

  it('tells the service of a renewal once when its webhook, return page and status checks race', async () => {
    const original = await deliveredOrder();
    const renewal = await openCheckout(1, { token: original.token, of: original.subscription });
    await payRacing(renewal.checkoutId, renewal.orderId, 2000);
    await whenExtension(renewal.orderId, 'extended');
    expect(extensionsOf(original.subscription).map((r) => [r.idempotencyKey, r.status])).toEqual([
      [`${original.subscription}:${renewal.orderId}`, 200],
    ]);
    expect(await types(`renewal-extensions-${renewal.orderId}`)).toEqual(['AutomaticExtensionSucceeded']);
  });

  it('records a renewal the service could not extend, for an administrator, whose Retry extends it', async () => {
    const original = await deliveredOrder();
    standIn.setDown(true);
    const renewal = await openCheckout(1, { token: original.token, of: original.subscription });
    expect((await payOnPage(renewal.checkoutId)).status).toBe(303);
    const failed = await whenExtension(renewal.orderId, 'failed');
    expect(failed.automaticExtension).toEqual({
      state: 'failed',
      reason: 'the provisioning service answered 503',
      failedAt: expect.any(String),
    });
    expect(extensionsOf(original.subscription).map((r) => r.status)).toEqual(Array(ATTEMPTS).fill(503));
    expect((await eventsOf(`renewal-extensions-${renewal.orderId}`)).map((e) => [e.type, e.actor, e.data])).toEqual([
      [
        'AutomaticExtensionFailed',
        'system',
        {
          orderId: renewal.orderId,
          subscriptionIds: [original.subscription],
          reason: 'the provisioning service answered 503',
          at: failed.automaticExtension.failedAt,
        },
      ],
    ]);
    // The store extended the subscription all the same: only the service's line waits.
    const [subscription] = (await detail(original.orderId)).subscriptions;
    expect(subscription.renewals.map((r: { orderId: string; newEnd: string }) => [r.orderId, r.newEnd])).toEqual([
      [renewal.orderId, subscription.endsAt],
    ]);

    standIn.setDown(false);
    const retried = await retryExtension(renewal.orderId);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.order.automaticExtension.state).toMatch(/^(pending|extended)$/);
    await whenExtension(renewal.orderId, 'extended');
    expect(extensionsOf(original.subscription).map((r) => r.status)).toEqual([...Array(ATTEMPTS).fill(503), 200]);
    expect(standIn.endOf(original.subscription)).toBe(subscription.endsAt);

    const again = await retryExtension(renewal.orderId);
    expect([again.status, again.body.code]).toEqual([409, 'provisioning.nothing_to_extend']);
    const notARenewal = await retryExtension(original.orderId);
    expect([notARenewal.status, notARenewal.body.code]).toEqual([409, 'provisioning.nothing_to_extend']);
    expect((await retryExtension('no-such-order')).status).toBe(404);
    expect((await api().post(`/api/admin/orders/${renewal.orderId}/provisioning/extension/retry`)).status).toBe(401);
  });

  it('a rebuild of the subscriptions read model gives back each renewal’s extension, done or failed', async () => {
    /** A delivered order's renewal, paid, once its extension reached `state`. */
    async function renewed(state: string) {
      const original = await deliveredOrder();
      standIn.setDown(state === 'failed');
      const renewal = await openCheckout(1, { token: original.token, of: original.subscription });
      expect((await payOnPage(renewal.checkoutId)).status).toBe(303);
      await whenExtension(renewal.orderId, state);
      standIn.setDown(false);
    }
    await renewed('extended');
    await renewed('failed');
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: WAIT_MS });
    const renewals = async () =>
      (await sql`SELECT * FROM subscription_renewals ORDER BY 1, 2`.execute(app.infra.db)).rows as {
        extended_at: Date | null;
        extension_failure: string | null;
      }[];
    const before = await renewals();
    expect(before.filter((r) => r.extended_at !== null).length).toBeGreaterThan(0);
    expect(before.map((r) => r.extension_failure)).toContain('the provisioning service answered 503');

    const rebuilt = await api().post('/api/admin/projections/subscriptions/rebuild').set(bearer(token));
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(202);
    await waitUntil(async () => {
      const overview = (await api().get('/api/admin/projections').set(bearer(token))).body;
      return overview.rebuilds?.some((r: { name: string; state: string }) => r.state === 'done');
    }, 60_000);
    expect(await renewals()).toEqual(before);
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
    const extension = await fetch(`${standIn.url}/extend`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'sub-signed:renewal' },
      body,
    });
    expect(extension.status).toBe(401);
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
  let standIn: ProvisioningStandIn;
  let manual: RunningApp;
  let token: string;
  let gold: { id: string };
  beforeAll(async () => {
    standIn = await startProvisioningStandIn({ secret: SECRET });
    manual = await startTestApp();
    token = await adminToken(manual.url);
    gold = await createProduct(manual.url, token, 'Gold', [['1 month', 2000]]);
  });
  afterAll(() => standIn?.close());

  /** A checkout paid in the sandbox of the store without automatic delivery: its order and link token. */
  async function paid(renewal?: Renewing) {
    const checkout = await request(manual.url)
      .post('/api/payment/create-checkout')
      .send(checkoutBody(gold.id, 1, renewal))
      .expect(200);
    const checkoutId = checkout.body.checkout.id as string;
    await request(manual.url)
      .post(`/sandbox/checkout/${checkoutId}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    const { orderId } = (await request(manual.url).post('/api/payment/process-successful-order').send({ checkoutId }))
      .body;
    await manual.runner.waitFor(await manual.infra.store.lastCommittedPosition(), { timeoutMs: 20_000 });
    return { orderId: orderId as string, token: checkout.body.orderAccessToken as string };
  }

  const detail = async (app: RunningApp, orderId: string) =>
    (await request(app.url).get(`/api/admin/orders/${orderId}`).set(bearer(token)).expect(200)).body.order;

  /** The same database, served by a store that delivers automatically. */
  const automatic = () =>
    startTestApp({
      databaseUrl: manual.infra.database.url,
      env: { PROVISIONING_URL: standIn.url, PROVISIONING_SECRET: SECRET },
    });

  it('delivers the paid orders already awaiting, and extends there the renewals already paid, at start-up', async () => {
    // Delivered by hand, then renewed, while the store tells no provisioning service.
    const renewed = await paid();
    const renewedSubscription = subscriptionId(renewed.orderId, 0, 0);
    const { etag } = (await request(manual.url).get(`/api/admin/orders/${renewed.orderId}`).set(bearer(token))).headers;
    await request(manual.url)
      .put(`/api/admin/orders/${renewed.orderId}/delivery`)
      .set(bearer(token))
      .set('If-Match', etag!)
      .send({ subscriptions: [{ subscriptionId: renewedSubscription, kind: 'code', code: 'CODE-1' }] })
      .expect(200);
    const renewal = await paid({ token: renewed.token, of: renewedSubscription });
    const { orderId } = await paid();
    await waitUntil(async () => (await detail(manual, orderId)).deliveryState === 'awaiting', WAIT_MS);
    expect((await detail(manual, orderId)).automaticDelivery).toBeNull();
    await waitUntil(
      async () => (await detail(manual, renewed.orderId)).subscriptions[0].renewals.length === 1,
      WAIT_MS,
    );
    const { endsAt } = (await detail(manual, renewed.orderId)).subscriptions[0];
    expect((await detail(manual, renewal.orderId)).automaticExtension).toBeNull();
    await manual.close();
    // The operator's service has the renewed subscription's line (opened outside the store).
    const line = JSON.stringify({ subscriptionId: renewedSubscription });
    await fetch(standIn.url, {
      method: 'POST',
      headers: { 'Idempotency-Key': renewedSubscription, 'X-Signature': signBody(line, SECRET) },
      body: line,
    });

    const app = await automatic();
    await waitUntil(async () => (await detail(app, orderId)).deliveryState === 'delivered', WAIT_MS);
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: WAIT_MS });
    expect(await detail(app, orderId)).toMatchObject({
      status: 'dispatched',
      automaticDelivery: { state: 'delivered' },
    });
    await waitUntil(async () => (await detail(app, renewal.orderId)).automaticExtension?.state === 'extended', WAIT_MS);
    expect(standIn.requests.map((r) => [r.action, r.idempotencyKey, r.status])).toEqual(
      expect.arrayContaining([
        ['provision', subscriptionId(orderId, 0, 0), 200],
        ['extend', `${renewedSubscription}:${renewal.orderId}`, 200],
      ]),
    );
    expect(standIn.requests.map((r) => r.idempotencyKey).sort()).toEqual(
      [renewedSubscription, subscriptionId(orderId, 0, 0), `${renewedSubscription}:${renewal.orderId}`].sort(),
    );
    expect(standIn.endOf(renewedSubscription)).toBe(endsAt);
    await app.close();
  });
});
