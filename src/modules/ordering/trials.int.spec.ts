import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { startChargilyStandIn, type ChargilyStandIn } from '../../../test/support/chargily-stand-in';
import { waitUntil } from '../../../test/support/wait';
import type { RunningApp } from '../../main';

// Free trials end to end (docs/product.md#free-trials), with Chargily (a stand-in following its
// documented API) as the provider, which refuses a checkout of 0 Da: a trial must never reach it.
describe('free trials', () => {
  let chargily: ChargilyStandIn;
  let app: RunningApp;
  let token: string;
  let gold: string;
  let sport: string;
  let paidOnly: string;
  let phones = 0;
  beforeAll(async () => {
    chargily = await startChargilyStandIn();
    app = await startTestApp({
      env: {
        PAYMENT_PROVIDER: 'chargily',
        CHARGILY_API_KEY: chargily.apiKey,
        CHARGILY_API_URL: chargily.url,
        TRUST_PROXY: 'loopback',
        // The default: the address cap's test counts up to it.
        TRIALS_PER_ADDRESS_PER_DAY: '3',
      },
    });
    token = await adminToken(app.url);
    gold = (
      await createProduct(app.url, token, 'Trial Gold', [
        ['free trial', 0],
        ['1 month', 3000],
      ])
    ).id;
    sport = (await createProduct(app.url, token, 'Trial Sport', [['free trial', 0]])).id;
    paidOnly = (await createProduct(app.url, token, 'No Trial Silver', [['1 month', 1500]])).id;
  });
  afterAll(() => chargily.close());

  const api = () => request(app.url);
  const admin = (method: 'get' | 'put' | 'post', path: string) => api()[method](path).set(bearer(token));
  let addresses = 0;
  /** Each test from addresses of its own, so the daily cap per address only counts where a test means it to. */
  const newAddress = () => `10.70.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  const newPhone = () => `0770${String(++phones).padStart(6, '0')}`;
  const trialItem = { productId: '', duration: 'free trial', quantity: 1 };
  const goldTrial = (quantity = 1) => ({ ...trialItem, productId: gold, quantity });
  const startTrial = (phone: string, address = newAddress(), items: object[] = [goldTrial()], amount = 0) =>
    api().post('/api/payment/create-checkout').set('X-Forwarded-For', address).send({ amount, phone, items });
  const tally = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});
  const eventCount = async () =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM events`.execute(app.infra.db)).rows[0]!.n);
  const settled = async () => app.runner.waitFor(await app.infra.store.lastCommittedPosition());

  it('places and grants the order at once, with no provider checkout, and its page opens with the answered token', async () => {
    const before = chargily.requests.length;
    const res = await startTrial(newPhone());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      success: true,
      trial: true,
      order: { id: expect.any(String), number: expect.any(Number) },
      orderAccessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(chargily.requests.slice(before)).toEqual([]);
    // Answered once the page can read it: no wait on the shopper's side.
    const page = await api().get(`/api/orders/${res.body.orderAccessToken}`).expect(200);
    expect(page.body.order).toMatchObject({
      orderNumber: res.body.order.number,
      status: 'completed',
      total: 0,
      trial: true,
      deliveryState: 'awaiting',
      subscriptions: [
        expect.objectContaining({ package: 'Trial Gold', duration: 'free trial', status: 'awaiting_delivery' }),
      ],
    });
    expect(page.body.order.subscriptions).toHaveLength(1);
  });

  it('gives one trial per phone: a second is refused with when the next becomes possible', async () => {
    const phone = newPhone();
    expect((await startTrial(phone)).status).toBe(200);
    const again = await startTrial(phone);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'trial.already_used',
      params: { days: 365 },
      message: 'This phone number has already had a free trial. Another one will be possible in 365 days.',
      availableAt: expect.any(String),
    });
    expect(Date.parse(again.body.availableAt) - Date.now()).toBeGreaterThan(364 * 86_400_000);
  });

  it('gives exactly one of 10 trials asked at once for one phone', async () => {
    const phone = newPhone();
    const before = await eventCount();
    const answers = await Promise.all(Array.from({ length: 10 }, () => startTrial(phone)));
    expect(tally(answers)).toEqual({ 200: 1, 409: 9 });
    expect(new Set(answers.filter((r) => r.status === 409).map((r) => r.body.code))).toEqual(
      new Set(['trial.already_used']),
    );
    await settled();
    const orders = (await admin('get', `/api/admin/orders?search=${phone}`).expect(200)).body.orders;
    expect(orders).toHaveLength(1);
    // One claim, one order placed and granted: the refused nine wrote nothing.
    expect((await eventCount()) - before).toBe(3);
  });

  it('stops one address after 3 trials a day (429 with Retry-After); a refused trial does not count', async () => {
    const address = newAddress();
    const used = newPhone();
    expect((await startTrial(used)).status).toBe(200);
    expect((await startTrial(used, address)).status).toBe(409);
    const three = await Promise.all([1, 2, 3].map(() => startTrial(newPhone(), address)));
    expect(tally(three)).toEqual({ 200: 3 });
    const fourth = await startTrial(newPhone(), address);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({
      code: 'trial.rate_limited',
      params: { hours: 24 },
      retryAfterSeconds: expect.any(Number),
    });
    expect(fourth.headers['retry-after']).toBe(String(fourth.body.retryAfterSeconds));
    expect(fourth.body.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    // Paid checkouts from that address are not held back, nor trials from another.
    const paid = await api()
      .post('/api/payment/create-checkout')
      .set('X-Forwarded-For', address)
      .send({ amount: 3000, phone: newPhone(), items: [{ productId: gold, duration: '1 month', quantity: 1 }] });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await startTrial(newPhone())).status).toBe(200);
  });

  it.each([
    [
      'mixed with a paid line',
      () => [goldTrial(), { productId: gold, duration: '1 month', quantity: 1 }],
      3000,
      'trial.mixed_cart',
    ],
    ['of 2 units', () => [goldTrial(2)], 0, 'trial.quantity'],
    ['of two packages', () => [goldTrial(), { ...trialItem, productId: sport }], 0, 'trial.quantity'],
    ['of a product that offers none', () => [{ ...trialItem, productId: paidOnly }], 0, 'cart.duration_unavailable'],
  ] as const)('refuses a trial %s (400), writing nothing', async (_case, items, amount, code) => {
    await settled();
    const before = await eventCount();
    const requests = chargily.requests.length;
    const res = await startTrial(newPhone(), newAddress(), items(), amount);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(await eventCount()).toBe(before);
    expect(chargily.requests.length).toBe(requests);
  });

  it('never counts in revenue, delivered or not, and shows as a trial in the admin list, detail, CSV and dashboard', async () => {
    await settled();
    const stats = async () => (await admin('get', '/api/admin/dashboard/stats?range=7').expect(200)).body;
    const before = await stats();
    const phone = newPhone();
    const started = await startTrial(phone);
    const id = started.body.order.id as string;

    const list = (await admin('get', `/api/admin/orders?search=${phone}`).expect(200)).body.orders;
    expect(list).toEqual([expect.objectContaining({ id, trial: true, status: 'completed', total_amount: 0 })]);
    expect(list[0].paid_at).toBeNull();
    const detail = await admin('get', `/api/admin/orders/${id}`).expect(200);
    expect(detail.body.order).toMatchObject({ trial: true, payment_method: 'free_trial', deliveryState: 'awaiting' });

    // Delivered like any subscription, from the version the admin saw.
    const [subscription] = detail.body.order.subscriptions as { id: string }[];
    const delivered = await admin('put', `/api/admin/orders/${id}/delivery`)
      .set('If-Match', detail.headers.etag as string)
      .send({ subscriptions: [{ subscriptionId: subscription!.id, kind: 'code', code: 'TRIAL-CODE-1' }] });
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    await settled();
    const after = (await admin('get', `/api/admin/orders/${id}`).expect(200)).body.order;
    expect(after).toMatchObject({ status: 'dispatched', trial: true, deliveryState: 'delivered' });
    const { startsAt, endsAt } = after.subscriptions[0] as { startsAt: string; endsAt: string };
    expect(Date.parse(endsAt) - Date.parse(startsAt)).toBe(24 * 3600_000);

    const now = await stats();
    expect(now.stats.revenue).toBe(before.stats.revenue);
    expect(now.trends.revenue.current).toBe(before.trends.revenue.current);
    expect(now.revenueByDay).toEqual(before.revenueByDay);
    expect(now.stats.trialsCount).toBe(before.stats.trialsCount + 1);
    expect(now.stats.ordersCount).toBe(before.stats.ordersCount + 1);
    const customer = (await admin('get', `/api/admin/customers?search=${phone}`).expect(200)).body.customers;
    expect(customer).toEqual([expect.objectContaining({ phone, orders: 1, totalSpent: 0 })]);

    const csv = (await admin('get', `/api/admin/orders/export.csv?search=${phone}`).expect(200)).text;
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const column = header!.split(',').indexOf('"Free trial"');
    expect(column).toBeGreaterThan(-1);
    expect(row!.split(',')[column]).toBe('"yes"');

    // The trail says what happened: placed as a trial by the shopper, granted, then delivered.
    const trail = (await admin('get', `/api/admin/audit?entityType=order&entityId=${id}`).expect(200)).body.entries;
    expect(trail.map((e: { action: string }) => e.action).sort()).toEqual(
      ['order.delivered', 'order.dispatched', 'order.placed', 'order.trial_granted'].sort(),
    );
  });

  it('refuses to change a trial’s phone: the trial was given to it', async () => {
    const started = await startTrial(newPhone());
    const res = await api()
      .post('/api/payment/update-customer-phone')
      .send({ accessToken: started.body.orderAccessToken, phone: newPhone() });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('order.phone_trial');
  });

  it('rebuilds the orders, customers, subscriptions and audit rows of trials exactly as they were', async () => {
    await settled();
    const tables = ['orders', 'customers', 'subscriptions', 'subscription_orders', 'audit_entries'];
    const rows = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (t) => [t, (await sql`SELECT * FROM ${sql.id(t)} ORDER BY 1`.execute(app.infra.db)).rows]),
        ),
      );
    const before = await rows();
    const started = await admin('post', '/api/admin/projections/all/rebuild');
    expect(started.status).toBe(202);
    const id = started.body.rebuild.id as string;
    await waitUntil(
      async () =>
        (await admin('get', '/api/admin/projections').expect(200)).body.rebuilds.find(
          (r: { id: string; state: string }) => r.id === id,
        )?.state === 'done',
      30_000,
    );
    expect(await rows()).toEqual(before);
  });
});
