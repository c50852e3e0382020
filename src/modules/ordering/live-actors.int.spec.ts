import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';

// Live order events say who caused them, so an admin's screens skip notifications for their own
// changes and name the admin who made another's. Clients connect with Socket.IO's defaults
// (long-polling first, then the upgrade), as the back office does.

describe('live order events name who caused them', () => {
  let app: RunningApp;
  let first: string;
  let second: { id: string; token: string };
  let watcher: Socket;
  const received: { event: string; payload: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    first = await adminToken(app.url);
    const created = await request(app.url)
      .post('/api/admin/users')
      .set(bearer(first))
      .send({ username: 'yasmine', password: 'another long password', name: 'Yasmine B.', role: 'admin' });
    expect(created.status, created.text).toBe(201);
    second = {
      id: created.body.user.id as string,
      token: await adminToken(app.url, { username: 'yasmine', password: 'another long password' }),
    };
    watcher = connect(app.url, { auth: { token: first } });
    for (const event of ['order:created', 'order:updated', 'orderDeleted'])
      watcher.on(event, (payload: Record<string, unknown>) => received.push({ event, payload }));
    await new Promise((resolve) => watcher.once('connect', () => resolve(undefined)));
  });

  afterAll(async () => {
    watcher.disconnect();
    await app.close();
  });

  it('a placed order comes from the shopper; a dispatch, a refund and a delete from the admin who made them', async () => {
    const { id: productId } = await createProduct(app.url, first, 'Gold', [['1 month', 2000]]);
    const checkout = await request(app.url)
      .post('/api/payment/create-checkout')
      .send({ amount: 2000, phone: '0550123456', items: [{ productId, duration: '1 month', quantity: 1 }] });
    expect(checkout.status, checkout.text).toBe(200);
    await waitUntil(() => received.some((r) => r.event === 'order:created'));
    const placed = received.find((r) => r.event === 'order:created')!.payload;
    expect(placed).toMatchObject({ actor: 'shopper', actorName: 'the shopper' });
    const orderId = (placed.order as { id: string }).id;

    // The shopper pays in the sandbox: a payment is nobody's to announce.
    const paid = await request(app.url)
      .post(`/sandbox/checkout/${checkout.body.checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    expect(paid.status).toBe(303);
    await waitUntil(() => received.some((r) => (r.payload.order as { status?: string })?.status === 'completed'));
    expect(
      received.find((r) => (r.payload.order as { status?: string })?.status === 'completed')!.payload,
    ).toMatchObject({ actor: expect.not.stringMatching(second.id) });

    const dispatch = await request(app.url)
      .put(`/api/admin/orders/${orderId}/status`)
      .set(bearer(second.token))
      .send({ status: 'dispatched' });
    expect(dispatch.status, dispatch.text).toBe(200);
    await waitUntil(() =>
      received.some(
        (r) => r.event === 'order:updated' && (r.payload.order as { status: string }).status === 'dispatched',
      ),
    );
    const dispatched = received.find(
      (r) => r.event === 'order:updated' && (r.payload.order as { status: string }).status === 'dispatched',
    )!.payload;
    expect(dispatched).toMatchObject({ actor: second.id, actorName: 'Yasmine B.' });

    const refund = {
      amount: 2000,
      reason: 'Asked for it',
      method: 'cash',
      date: new Date().toISOString().slice(0, 10),
    };
    const refunded = await request(app.url)
      .post(`/api/admin/orders/${orderId}/refund`)
      .set(bearer(second.token))
      .send(refund);
    expect(refunded.status, refunded.text).toBe(200);
    const isRefund = (r: (typeof received)[number]) =>
      r.event === 'order:updated' && (r.payload.order as { status: string }).status === 'refunded';
    await waitUntil(() => received.some(isRefund));
    expect(received.find(isRefund)!.payload).toMatchObject({ actor: second.id, actorName: 'Yasmine B.' });

    // A failed order is deleted; a paid one is refunded, never deleted.
    const failing = await request(app.url)
      .post('/api/payment/create-checkout')
      .send({ amount: 2000, phone: '0550123456', items: [{ productId, duration: '1 month', quantity: 1 }] });
    await request(app.url)
      .post(`/sandbox/checkout/${failing.body.checkout.id}`)
      .type('form')
      .send({ outcome: 'failed', method: 'baridi_mob' });
    const failedId = (
      await request(app.url)
        .post('/api/payment/process-successful-order')
        .send({ checkoutId: failing.body.checkout.id })
    ).body.orderId as string;
    await waitUntil(async () => {
      const res = await request(app.url).get(`/api/admin/orders/${failedId}`).set(bearer(second.token));
      return res.body.order?.status === 'failed';
    });
    const removed = await request(app.url).delete(`/api/admin/orders/${failedId}`).set(bearer(second.token));
    expect(removed.status, removed.text).toBe(200);
    await waitUntil(() => received.some((r) => r.event === 'orderDeleted'));
    expect(received.find((r) => r.event === 'orderDeleted')!.payload).toEqual({
      orderId: failedId,
      actor: second.id,
      actorName: 'Yasmine B.',
    });
  });
});
