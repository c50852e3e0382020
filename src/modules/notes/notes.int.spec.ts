import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer, createAdmin } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import type { NoteAdded } from '../../shared/live/types';
import type { CustomerDetailView } from '../../shared/ordering';

// Internal notes on orders and customers, and the customer's page that lists them
// (docs/product.md#notes): written by admins, seen live by the others, in the history, never
// in what a shopper reads.

describe('notes and the customer page', () => {
  let app: RunningApp;
  let token: string;
  let order: { orderId: string; accessToken: string };
  const api = () => request(app.url);
  const PHONE = '0770123456';

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    const gold = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({ amount: 2000, phone: PHONE, items: [{ productId: gold.id, duration: '1 month', quantity: 1 }] })
      .expect(200);
    await api()
      .post(`/sandbox/checkout/${checkout.body.checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    const { orderId } = (
      await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.body.checkout.id })
    ).body;
    order = { orderId, accessToken: checkout.body.orderAccessToken };
    await waitUntil(
      async () =>
        (await api().get(`/api/admin/orders/${orderId}`).set(bearer(token))).body.order?.status === 'completed',
    );
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
  });

  it('adds a note to an order for the admins, live, and never for the shopper', async () => {
    const karim = await createAdmin(app.url, token, 'karim', 'Karim Haddad');
    const watcher = connect(app.url, { auth: { token } });
    const heard: NoteAdded[] = [];
    watcher.on('note:added', (payload: NoteAdded) => heard.push(payload));
    await new Promise((resolve) => watcher.once('connect', () => resolve(undefined)));

    const added = await api()
      .post(`/api/admin/orders/${order.orderId}/notes`)
      .set(bearer(karim.token))
      .send({ text: '  Called him: wants the MAG box set up  ' })
      .expect(201);
    expect(added.body.notes).toEqual([
      expect.objectContaining({ text: 'Called him: wants the MAG box set up', authorName: 'Karim Haddad' }),
    ]);
    const detail = (await api().get(`/api/admin/orders/${order.orderId}`).set(bearer(token)).expect(200)).body.order;
    expect(detail.notes.map((note: { text: string }) => note.text)).toEqual(['Called him: wants the MAG box set up']);
    await waitUntil(() => heard.length > 0);
    expect(heard[0]).toMatchObject({ subjectType: 'order', subjectId: order.orderId, note: { author: karim.id } });
    watcher.disconnect();

    const shopper = await api().get(`/api/orders/${order.accessToken}`).expect(200);
    expect(JSON.stringify(shopper.body)).not.toContain('MAG box set up');
    await waitUntil(async () => {
      const trail = await api().get(`/api/admin/audit?entityType=order`).set(bearer(token));
      return trail.body.entries?.some((e: { action: string }) => e.action === 'order.note_added');
    });
  });

  it('shows a customer’s subscriptions, orders and notes on their page, and takes notes for known customers only', async () => {
    await api()
      .post(`/api/admin/customers/${PHONE}/notes`)
      .set(bearer(token))
      .send({ text: 'Prefers WhatsApp after 18:00' })
      .expect(201);
    const page = (await api().get('/api/admin/customers/07 70 12 34 56').set(bearer(token)).expect(200))
      .body as CustomerDetailView;
    expect(page.customer).toMatchObject({ phone: PHONE, orders: 1 });
    expect(page.orders.map((o) => o.id)).toEqual([order.orderId]);
    expect(page.subscriptions).toEqual([
      expect.objectContaining({ orderId: order.orderId, packageName: 'Gold', status: 'awaiting_delivery' }),
    ]);
    expect(page.notes.map((note) => note.text)).toEqual(['Prefers WhatsApp after 18:00']);

    const unknown = await api().post('/api/admin/customers/0550999999/notes').set(bearer(token)).send({ text: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('customers.not_found');
    await api().get('/api/admin/customers/0550999999').set(bearer(token)).expect(404);
    const empty = await api().post(`/api/admin/orders/${order.orderId}/notes`).set(bearer(token)).send({ text: '  ' });
    expect(empty.status).toBe(400);
    await api().post('/api/admin/orders/no-such-order/notes').set(bearer(token)).send({ text: 'x' }).expect(404);
    await api().post(`/api/admin/orders/${order.orderId}/notes`).send({ text: 'no token' }).expect(401);
  });
});
