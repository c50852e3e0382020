import { sql } from 'kysely';
import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import type { OrderPageChange } from '../../shared/live/types';
import type { AuditPage } from '../../shared/audit';
import type { ShopperOrderView } from '../../shared/ordering';
import { subscriptionId } from '../subscriptions/events';
import { renewedEnd } from '../../shared/subscriptions/terms';

// Renewals end to end (docs/product.md#renewals): a renewal is a new checkout naming a subscription
// of the order whose private link it carries; paying it extends that same subscription, whose
// details stay, and the renewed order's open page is told.

const MONTH = 30 * 24 * 60 * 60 * 1000;

describe('renewals', () => {
  let app: RunningApp;
  let admin: string;
  let now = new Date();
  let gold: { id: string };
  let silver: { id: string };
  const api = () => request(app.url);
  const sockets: ReturnType<typeof connect>[] = [];

  beforeAll(async () => {
    app = await startTestApp({ clock: () => now });
    admin = await adminToken(app.url);
    gold = await createProduct(app.url, admin, 'Gold', [
      ['1 month', 2000],
      ['3 months', 5000],
      ['life time', 90000],
    ]);
    silver = await createProduct(app.url, admin, 'Silver', [['3 months', 4000]]);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  const page = async (token: string) =>
    (await api().get(`/api/orders/${token}`).expect(200)).body.order as ShopperOrderView;
  const detail = async (orderId: string) => api().get(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(200);

  const checkout = (body: object) =>
    api()
      .post('/api/payment/create-checkout')
      .send({ phone: '0550123456', ...body });

  /** Pays a checkout in the sandbox and waits until its order is paid and every read model has it. */
  async function pay(checkoutId: string): Promise<string> {
    await api().post(`/sandbox/checkout/${checkoutId}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body;
    await waitUntil(async () => ['completed', 'dispatched'].includes((await detail(orderId)).body.order.status));
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    return orderId as string;
  }

  /** A paid Gold order of `duration`, delivered at the clock's time. */
  async function deliveredOrder(duration = '1 month', amount = 2000) {
    const opened = await checkout({ amount, items: [{ productId: gold.id, duration, quantity: 1 }] }).expect(200);
    const orderId = await pay(opened.body.checkout.id);
    const id = subscriptionId(orderId, 0, 0);
    await deliver(orderId, id, 'first-password');
    return { orderId, token: opened.body.orderAccessToken as string, subscription: id };
  }

  async function deliver(orderId: string, id: string, password: string) {
    await api()
      .put(`/api/admin/orders/${orderId}/delivery`)
      .set(bearer(admin))
      .set('If-Match', (await detail(orderId)).headers.etag as string)
      .send({
        subscriptions: [
          { subscriptionId: id, kind: 'xtream', serverUrl: 'http://tv.example.net', username: 'u', password },
        ],
      })
      .expect(200);
  }

  const renewal = (token: string | undefined, renewalOf: string, productId = gold.id, duration = '3 months') =>
    checkout({
      amount: productId === gold.id ? 5000 : 4000,
      orderAccessToken: token,
      items: [{ productId, duration, quantity: 1, renewalOf }],
    });

  it('extends the same subscription from its end when renewed before it, without a delivery, and tells its page', async () => {
    now = new Date();
    const original = await deliveredOrder();
    const before = (await page(original.token)).subscriptions[0]!;
    const watcher = connect(app.url);
    sockets.push(watcher);
    const signals: OrderPageChange[] = [];
    watcher.on('order:updated', (payload: OrderPageChange) => signals.push(payload));
    await new Promise((resolve) => watcher.once('connect', () => resolve(undefined)));
    watcher.emit('order:watch', { token: original.token });
    await new Promise((resolve) => setTimeout(resolve, 200));

    const opened = await renewal(original.token, original.subscription).expect(200);
    const renewalId = await pay(opened.body.checkout.id);

    const after = (await page(original.token)).subscriptions[0]!;
    expect(after.endsAt).toBe(renewedEnd(before.endsAt!, new Date().toISOString(), '3 months', 0));
    expect(after.activation).toMatchObject({ password: 'first-password' });
    expect(after.renewals).toEqual([
      expect.objectContaining({
        orderId: renewalId,
        duration: '3 months',
        previousEnd: before.endsAt,
        newEnd: after.endsAt,
      }),
    ]);
    await waitUntil(() => signals.length > 0);

    const renewed = (await detail(renewalId)).body.order;
    const originalNumber = (await detail(original.orderId)).body.order.number;
    expect(renewed).toMatchObject({ renewal_of_number: originalNumber, subscriptions: [], deliveryState: 'none' });
    // The renewed order's history says it: the shopper renewed it, paid by the renewal order.
    const history = await api()
      .get('/api/admin/audit')
      .query({ entityType: 'order', entityId: original.orderId, action: 'order.renewed' })
      .set(bearer(admin))
      .expect(200);
    expect(history.body.entries).toEqual([
      expect.objectContaining({
        actor: { type: 'shopper', id: 'shopper', name: null },
        entity: expect.objectContaining({ id: original.orderId, label: `#${originalNumber}` }),
        changes: [
          { field: 'renewedBy', before: null, after: `#${renewed.number}` },
          { field: 'items', before: null, after: ['1 × Gold (3 months)'] },
        ],
      }),
    ]);
    // It shares the payment's place in the log: paging one entry at a time still reads both, once.
    const walked: string[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: AuditPage = (
        await api()
          .get('/api/admin/audit')
          .query({ limit: '1', ...(cursor ? { cursor } : {}) })
          .set(bearer(admin))
          .expect(200)
      ).body;
      walked.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    }
    const renewedEntry = history.body.entries[0].id as string;
    expect(walked).toContain(renewedEntry);
    expect(walked).toContain(renewedEntry.split(':')[0]);
    expect(new Set(walked).size).toBe(walked.length);
    const awaiting = await api().get('/api/admin/orders?delivery=awaiting&limit=100').set(bearer(admin)).expect(200);
    expect(awaiting.body.orders.map((o: { id: string }) => o.id)).not.toContain(renewalId);

    // Correcting the details later keeps the renewed end.
    await deliver(original.orderId, original.subscription, 'second-password');
    expect((await page(original.token)).subscriptions[0]).toMatchObject({
      endsAt: after.endsAt,
      activation: { password: 'second-password' },
    });
  });

  it('starts again from the payment when renewed after its end', async () => {
    // Delivered two months ago: a one-month subscription that ended a month ago.
    now = new Date(Date.now() - 2 * MONTH);
    const original = await deliveredOrder();
    now = new Date();
    const opened = await renewal(original.token, original.subscription).expect(200);
    const paidFrom = Date.now();
    await pay(opened.body.checkout.id);
    const after = (await page(original.token)).subscriptions[0]!;
    const [renewed] = after.renewals;
    expect(Date.parse(renewed!.paidAt)).toBeGreaterThanOrEqual(paidFrom - 1000);
    expect(after.endsAt).toBe(renewedEnd(renewed!.previousEnd, renewed!.paidAt, '3 months', 0));
    expect(Date.parse(after.endsAt!)).toBeGreaterThan(Date.now() + 2 * MONTH);
  });

  it('refuses what cannot be renewed, with a code, and places nothing', async () => {
    now = new Date();
    const original = await deliveredOrder();
    const forever = await deliveredOrder('life time', 90000);
    const head = await app.infra.store.lastCommittedPosition();
    const answers = [
      [await renewal(undefined, original.subscription), 404, 'renewal.link_required'],
      [await renewal(original.token, 'not-a-subscription'), 404, 'renewal.not_found'],
      [await renewal(original.token, original.subscription, silver.id), 400, 'renewal.other_package'],
      [await renewal(forever.token, forever.subscription, gold.id, '3 months'), 409, 'renewal.not_renewable'],
      [await renewal(forever.token, original.subscription), 404, 'renewal.not_found'],
    ] as const;
    for (const [res, status, code] of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(code);
    }
    expect(await app.infra.store.lastCommittedPosition()).toEqual(head);
  });

  it('a rebuild of every read model gives back the same rows: subscriptions, ends, renewals, reminders, refunds', async () => {
    now = new Date();
    const original = await deliveredOrder();
    await pay((await renewal(original.token, original.subscription).expect(200)).body.checkout.id);
    await api()
      .post(`/api/admin/subscriptions/${original.subscription}/reminders`)
      .set(bearer(admin))
      .send({ step: '7d' })
      .expect(200);
    const refunded = await deliveredOrder();
    await api()
      .post(`/api/admin/orders/${refunded.orderId}/refund`)
      .set(bearer(admin))
      .set('If-Match', (await detail(refunded.orderId)).headers.etag as string)
      .send({ amount: 1500, reason: 'Did not work on the TV', method: 'ccp', date: now.toISOString().slice(0, 10) })
      .expect(200);
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());

    // The catalogue's version stamp is new after any write, a rebuild's included: it tells caches to reload.
    const tables = app.runner.projections.flatMap((p) => p.tables).filter((table) => table !== 'catalogue_version');
    const rows = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of tables)
        out[table] = (await sql`SELECT * FROM ${sql.id(table)} ORDER BY 1, 2`.execute(app.infra.db)).rows;
      return out;
    };
    const before = await rows();
    for (const table of ['subscription_renewals', 'subscription_reminders'])
      expect(before[table]!.length, table).toBeGreaterThan(0);
    const rebuilt = await api().post('/api/admin/projections/all/rebuild').set(bearer(admin));
    expect(rebuilt.status, JSON.stringify(rebuilt.body)).toBe(202);
    await waitUntil(async () => {
      const overview = (await api().get('/api/admin/projections').set(bearer(admin))).body;
      return overview.rebuilds?.some((r: { state: string }) => r.state === 'done');
    }, 60_000);
    expect(await rows()).toEqual(before);
  });
});

describe('the dashboard’s subscription figures', () => {
  let app: RunningApp;
  let admin: string;
  let now = new Date();
  let gold: { id: string };
  const api = () => request(app.url);
  const DAY = 24 * 60 * 60 * 1000;

  beforeAll(async () => {
    app = await startTestApp({ clock: () => now });
    admin = await adminToken(app.url);
    gold = await createProduct(app.url, admin, 'Gold', [
      ['free trial', 0],
      ['1 month', 2000],
      ['3 months', 5000],
    ]);
  });

  const detail = async (orderId: string) => api().get(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(200);
  async function pay(body: object) {
    const opened = await api()
      .post('/api/payment/create-checkout')
      .send({ phone: '0550123456', ...body })
      .expect(200);
    const checkoutId = opened.body.checkout.id;
    await api().post(`/sandbox/checkout/${checkoutId}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body;
    await waitUntil(async () => ['completed', 'dispatched'].includes((await detail(orderId)).body.order.status));
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    return { orderId: orderId as string, token: opened.body.orderAccessToken as string };
  }
  /** A one-month subscription delivered `daysAgo` days ago (the clock set back for its delivery). */
  async function delivered(daysAgo: number) {
    const order = await pay({ amount: 2000, items: [{ productId: gold.id, duration: '1 month', quantity: 1 }] });
    const id = subscriptionId(order.orderId, 0, 0);
    now = new Date(Date.now() - daysAgo * DAY);
    await api()
      .put(`/api/admin/orders/${order.orderId}/delivery`)
      .set(bearer(admin))
      .set('If-Match', (await detail(order.orderId)).headers.etag as string)
      .send({ subscriptions: [{ subscriptionId: id, kind: 'code', code: 'C-1' }] })
      .expect(200);
    now = new Date();
    return { ...order, subscription: id };
  }
  const renew = (order: { token: string; subscription: string }) =>
    pay({
      amount: 5000,
      orderAccessToken: order.token,
      items: [{ productId: gold.id, duration: '3 months', quantity: 1, renewalOf: order.subscription }],
    });

  /** A free trial of Gold delivered `daysAgo` days ago: it ended a day later. */
  async function trialDelivered(daysAgo: number, phone: string) {
    const started = await api()
      .post('/api/payment/create-checkout')
      .send({ amount: 0, phone, items: [{ productId: gold.id, duration: 'free trial', quantity: 1 }] })
      .expect(200);
    const orderId = started.body.order.id as string;
    now = new Date(Date.now() - daysAgo * DAY);
    await api()
      .put(`/api/admin/orders/${orderId}/delivery`)
      .set(bearer(admin))
      .set('If-Match', (await detail(orderId)).headers.etag as string)
      .send({ subscriptions: [{ subscriptionId: subscriptionId(orderId, 0, 0), kind: 'code', code: 'T-1' }] })
      .expect(200);
    now = new Date();
    return { token: started.body.orderAccessToken as string, subscription: subscriptionId(orderId, 0, 0) };
  }

  it('counts active and expiring subscriptions now, and the renewal rate and revenue over the range', async () => {
    const late = await delivered(61); // ended about a month ago: renewed now, too late to count as renewed
    const inTime = await delivered(33); // ended a few days ago: renewed now, within 7 days of its end
    await delivered(40); // ended about ten days ago, not renewed
    await delivered(25); // ends within the week
    // Free trials' terms are not among the renewal rate's, ended or turned paid (their payment is renewal revenue).
    await trialDelivered(10, '0770000001');
    await renew(await trialDelivered(3, '0770000002'));
    await renew(late);
    await renew(inTime);
    now = new Date();
    const stats = (await api().get('/api/admin/dashboard/stats?range=90').set(bearer(admin)).expect(200)).body.stats;
    expect(stats).toMatchObject({
      activeSubscriptionsCount: 4,
      expiringSubscriptionsCount: 1,
      renewalRevenue: 15000,
      trialsCount: 2,
    });
    expect(stats.renewalRate).toBeCloseTo(1 / 3, 5);
  });
});
