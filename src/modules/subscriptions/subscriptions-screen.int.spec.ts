import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createAdmin } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SYSTEM } from '../../platform/eventstore/port';
import type { SubscriptionReminded } from '../../shared/live/types';
import type { AdminSubscriptionPage, SubscriptionView } from '../../shared/subscriptions';
import { orderStream } from '../ordering/events';
import { subscriptionId } from './events';

// The subscriptions screen's API (docs/product.md#subscriptions-screen) with the store's clock in
// the test's hands: the same subscription moves from active to expiring to expired to gone as the
// clock moves, and reminders are taken once per step even when admins send them at once.

const DAY = 24 * 60 * 60 * 1000;

describe('the subscriptions screen', () => {
  let app: RunningApp;
  let token: string;
  let now = new Date();
  let gold: { id: string };
  const api = () => request(app.url);

  beforeAll(async () => {
    app = await startTestApp({ clock: () => now });
    token = await adminToken(app.url);
    gold = await createProduct(app.url, token, 'Gold Plus', [
      ['1 month', 2000],
      ['life time', 90000],
    ]);
  });

  /** A paid order of one Gold subscription for `phone`, delivered (xtream) unless `deliver` is false. */
  async function subscription(phone: string, duration = '1 month', deliver = true) {
    const amount = duration === '1 month' ? 2000 : 90000;
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({ amount, phone, items: [{ productId: gold.id, duration, quantity: 1 }] })
      .expect(200);
    await api()
      .post(`/sandbox/checkout/${checkout.body.checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    const { orderId } = (
      await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.body.checkout.id })
    ).body;
    const detail = async () => api().get(`/api/admin/orders/${orderId}`).set(bearer(token)).expect(200);
    await waitUntil(async () => (await detail()).body.order.status === 'completed');
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const id = subscriptionId(orderId, 0, 0);
    if (deliver)
      await api()
        .put(`/api/admin/orders/${orderId}/delivery`)
        .set(bearer(token))
        .set('If-Match', (await detail()).headers.etag as string)
        .send({ subscriptions: [{ subscriptionId: id, kind: 'code', code: 'CODE-1' }] })
        .expect(200);
    const number = (await detail()).body.order.number as number;
    return { id, orderId, number };
  }

  const view = async (name: SubscriptionView, search = '') =>
    (
      await api()
        .get(`/api/admin/subscriptions?view=${name}&limit=100&search=${encodeURIComponent(search)}`)
        .set(bearer(token))
        .expect(200)
    ).body as AdminSubscriptionPage;
  const ids = async (name: SubscriptionView, search = '') => (await view(name, search)).subscriptions.map((s) => s.id);

  it('moves a subscription from active to expiring to expired to gone as the clock moves', async () => {
    now = new Date('2026-01-31T10:00:00.000Z');
    const { id } = await subscription('0551000001');
    const forever = await subscription('0551000002', 'life time');
    const waiting = await subscription('0551000003', '1 month', false);
    const row = (await view('active')).subscriptions.find((s) => s.id === id)!;
    // A month from 31 January ends on the last day of February.
    expect(row).toMatchObject({ status: 'active', endsAt: '2026-02-28T10:00:00.000Z', daysLeft: 28 });
    expect(await ids('awaiting')).toContain(waiting.id);

    const end = Date.parse('2026-02-28T10:00:00.000Z');
    now = new Date(end - 7 * DAY - 1);
    expect(await ids('expiring')).not.toContain(id);
    now = new Date(end - 7 * DAY);
    expect(await ids('expiring')).toContain(id);
    expect(await ids('active')).toContain(id);
    now = new Date(end);
    expect(await ids('expiring')).not.toContain(id);
    const expired = (await view('expired')).subscriptions.find((s) => s.id === id);
    expect(expired).toMatchObject({ status: 'expired', daysLeft: 0 });
    expect(await ids('active')).not.toContain(id);
    now = new Date(end + 30 * DAY + 1);
    expect(await ids('expired')).not.toContain(id);
    // Life time never ends.
    expect(await ids('active')).toContain(forever.id);
  });

  it('finds a subscription by phone as typed, by order number and by package, and exports the view as CSV', async () => {
    now = new Date();
    const { id, number } = await subscription('0662123456');
    expect(await ids('active', '06 62 12 34 56')).toEqual([id]);
    expect(await ids('active', `#${number}`)).toEqual([id]);
    expect(await ids('active', 'gold pl')).toContain(id);
    expect(await ids('active', 'no such package')).toEqual([]);
    const row = (await view('active', '0662123456')).subscriptions[0]!;
    // The checkout's hidden placeholder is not a name.
    expect(row).toMatchObject({ phone: '0662123456', orderNumber: number, customerName: null, lastReminder: null });
    const csv = await api().get('/api/admin/subscriptions.csv?view=active&search=0662123456').set(bearer(token));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('0662123456');
    expect(csv.text).not.toContain('CODE-1');
    const bad = await api().get('/api/admin/subscriptions?view=soon').set(bearer(token)).expect(400);
    expect(JSON.stringify(bad.body)).toContain('subscriptions.view');
  });

  it("counts what the cancelled view lists: a refunded order's subscription, not one of an order deleted since", async () => {
    now = new Date();
    const refunded = await subscription('0551000011');
    const deleted = await subscription('0551000012');
    await api()
      .post(`/api/admin/orders/${refunded.orderId}/refund`)
      .set(bearer(token))
      .send({ amount: 2000, reason: 'Not working', method: 'ccp', date: now.toISOString().slice(0, 10) })
      .expect(200);
    // A paid order deleted, as the log of a store from before paid orders were kept holds it: its
    // subscriptions are cancelled and the order leaves the orders read model.
    await app.infra.store.append(
      orderStream(deleted.orderId),
      [{ type: 'OrderDeleted', data: { orderId: deleted.orderId, at: now.toISOString() } }],
      { expectedRevision: 'any', metadata: commandMetadata(SYSTEM) },
    );
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const cancelled = await view('cancelled');
    expect(cancelled.subscriptions.map((s) => s.id)).toEqual([refunded.id]);
    expect(cancelled.pagination.total).toBe(1);
  });

  it('takes each reminder step once, even from admins at once, and names who sent it', async () => {
    now = new Date();
    const { id } = await subscription('0773000001');
    const karim = await createAdmin(app.url, token, 'karim', 'Karim Haddad');
    // Another admin's screen, connected as the back office connects (Socket.IO's defaults).
    const watcher = connect(app.url, { auth: { token } });
    const heard: SubscriptionReminded[] = [];
    watcher.on('subscription:reminded', (payload: SubscriptionReminded) => heard.push(payload));
    await new Promise((resolve) => watcher.once('connect', () => resolve(undefined)));
    const tokens = [token, karim.token, token, karim.token, token, karim.token, token, karim.token];
    const answers = await Promise.all(
      tokens.map((as) => api().post(`/api/admin/subscriptions/${id}/reminders`).set(bearer(as)).send({ step: '7d' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = answers.find((res) => res.status === 200)!;
    const refused = answers.find((res) => res.status === 409)!;
    expect(refused.body.code).toBe('subscriptions.already_reminded');
    expect(refused.body.reminder.by).toBe(winner.body.reminder.by);
    expect(['Karim Haddad', 'Administrator']).toContain(refused.body.reminder.byName);
    const row = (await view('active', '0773000001')).subscriptions[0]!;
    expect(row.lastReminder).toMatchObject({ step: '7d', by: winner.body.reminder.by });
    await waitUntil(() => heard.length > 0);
    expect(heard).toEqual([
      expect.objectContaining({
        subscriptionId: id,
        step: '7d',
        actor: winner.body.reminder.by,
        actorName: expect.any(String),
      }),
    ]);
    watcher.disconnect();
    // Another step is another reminder.
    await api().post(`/api/admin/subscriptions/${id}/reminders`).set(bearer(token)).send({ step: '1d' }).expect(200);
    expect((await view('active', '0773000001')).subscriptions[0]!.lastReminder?.step).toBe('1d');

    const waiting = await subscription('0773000002', '1 month', false);
    const notDelivered = await api()
      .post(`/api/admin/subscriptions/${waiting.id}/reminders`)
      .set(bearer(token))
      .send({ step: '7d' });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body.code).toBe('subscriptions.not_remindable');
    await api()
      .post('/api/admin/subscriptions/no-such-subscription/reminders')
      .set(bearer(token))
      .send({ step: '7d' })
      .expect(404);
    await api().post(`/api/admin/subscriptions/${id}/reminders`).set(bearer(token)).send({ step: 'soon' }).expect(400);
  });
});
