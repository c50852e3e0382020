import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import type { OrderPageChange } from '../../shared/live/types';
import { subscriptionId } from '../subscriptions/events';

// The shopper's private order page over HTTP and its live room (docs/product.md#order-page): the
// link's token opens the order and, once delivered, its details; nothing else does. Sockets connect
// with Socket.IO's defaults (long-polling first), as the store's pages do.

const PASSWORD = 'Pa55-order-page-secret';

describe('the private order page', () => {
  let app: RunningApp;
  let admin: string;
  let gold: { id: string };
  const api = () => request(app.url);
  const sockets: Socket[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    admin = await adminToken(app.url);
    gold = await createProduct(app.url, admin, 'Gold', [['3 months', 5000]]);
  });
  afterAll(() => {
    for (const socket of sockets) socket.disconnect();
  });

  /** A Gold order checked out in `language`; paid in the sandbox unless `paid` is false. */
  async function order(options: { paid?: boolean; phone?: string; language?: string } = {}) {
    const { paid = true, phone = '0550123456', language = 'fr' } = options;
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({ amount: 5000, phone, language, items: [{ productId: gold.id, duration: '3 months', quantity: 1 }] })
      .expect(200);
    const token = checkout.body.orderAccessToken as string;
    const checkoutId = checkout.body.checkout.id as string;
    if (paid)
      await api().post(`/sandbox/checkout/${checkoutId}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body;
    if (paid) await waitUntil(async () => (await page(token)).body.order?.status === 'completed');
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    return { token, orderId: orderId as string };
  }

  const page = (token: string) => api().get(`/api/orders/${token}`);
  const etagOf = async (orderId: string) =>
    (await api().get(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(200)).headers.etag as string;
  const deliver = async (orderId: string, password: string) =>
    api()
      .put(`/api/admin/orders/${orderId}/delivery`)
      .set(bearer(admin))
      .set('If-Match', await etagOf(orderId))
      .send({
        message: 'Enjoy',
        subscriptions: [
          {
            subscriptionId: subscriptionId(orderId, 0, 0),
            kind: 'xtream',
            serverUrl: 'http://tv.example.net:8080',
            username: 'ali',
            password,
          },
        ],
      })
      .expect(200);

  /** A socket watching the page of `token`, and the order:updated signals it receives. */
  async function watch(token: string) {
    const socket = connect(app.url);
    sockets.push(socket);
    const signals: OrderPageChange[] = [];
    socket.on('order:updated', (payload: OrderPageChange) => signals.push(payload));
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    socket.emit('order:watch', { token });
    // The join is handled after the message arrives: a round trip through the server settles it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { socket, signals };
  }

  it('answers the order with its token, its details once delivered, and the same 404 for any other token', async () => {
    const { token, orderId } = await order();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const before = (await page(token).expect(200)).body.order;
    expect(before).toMatchObject({ status: 'completed', deliveryState: 'awaiting', language: 'fr', message: null });
    expect(before.subscriptions).toEqual([
      expect.objectContaining({ package: 'Gold', duration: '3 months', status: 'awaiting_delivery', endsAt: null }),
    ]);
    expect(before.subscriptions[0].activation).toBeUndefined();
    expect((await page(token)).headers['cache-control']).toBe('no-store');

    await deliver(orderId, PASSWORD);
    const after = (await page(token).expect(200)).body.order;
    expect(after).toMatchObject({ status: 'dispatched', deliveryState: 'delivered', message: 'Enjoy' });
    expect(after.subscriptions[0]).toMatchObject({
      status: 'active',
      activation: { kind: 'xtream', username: 'ali', password: PASSWORD },
    });
    expect(Date.parse(after.subscriptions[0].endsAt)).toBeGreaterThan(Date.parse(after.subscriptions[0].startsAt));

    const madeUp = await page('A'.repeat(43)).expect(404);
    const malformed = await page('not-a-token').expect(404);
    expect(madeUp.body).toEqual(malformed.body);
    expect(madeUp.body.code).toBe('order.link_not_found');
  });

  it('tells only the page of the order its news, live, and a page whose link was replaced that it was', async () => {
    const mine = await order();
    const other = await order();
    const watching = await watch(mine.token);
    const stranger = await watch('B'.repeat(43));
    await deliver(mine.orderId, 'first-password');
    await waitUntil(() => watching.signals.length > 0);
    expect(watching.signals).toContainEqual({ linkReplaced: false });

    const otherWatching = await watch(other.token);
    const seenByMine = watching.signals.length;
    await deliver(other.orderId, 'other-password');
    await waitUntil(() => otherWatching.signals.length > 0);
    // Give a stray signal time to arrive: none may.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watching.signals.length).toBe(seenByMine);
    expect(stranger.signals).toEqual([]);

    const renewed = await api()
      .post(`/api/admin/orders/${mine.orderId}/access-link`)
      .set(bearer(admin))
      .set('If-Match', await etagOf(mine.orderId))
      .expect(200);
    const newToken = renewed.body.link.token as string;
    expect(renewed.body.link.url).toMatch(new RegExp(`/orders/${newToken}$`));
    await waitUntil(() => watching.signals.some((signal) => signal.linkReplaced));
    await page(mine.token).expect(404);
    expect((await page(newToken).expect(200)).body.order.subscriptions[0].activation.password).toBe('first-password');
    const detail = await api().get(`/api/admin/orders/${mine.orderId}`).set(bearer(admin)).expect(200);
    expect(detail.body.order.accessLink).toEqual(renewed.body.link);
  });

  it('finds an order by its phone and number without its details or link, and says the same for either miss', async () => {
    const { token, orderId } = await order({ phone: '0661234567' });
    await deliver(orderId, PASSWORD);
    const { orderNumber } = (await page(token)).body.order;
    for (const number of [orderNumber, String(orderNumber), `#${orderNumber}`]) {
      const found = await api().post('/api/orders/lookup').send({ phone: '06 61 23 45 67', number }).expect(200);
      expect(found.body.order).toMatchObject({ orderNumber, status: 'dispatched', deliveryState: 'delivered' });
      expect(JSON.stringify(found.body)).not.toContain(PASSWORD);
      expect(JSON.stringify(found.body)).not.toContain(token);
    }
    const wrongPhone = await api().post('/api/orders/lookup').send({ phone: '0550000000', number: orderNumber });
    const wrongNumber = await api().post('/api/orders/lookup').send({ phone: '0661234567', number: 999_999 });
    expect(wrongPhone.status).toBe(404);
    expect(wrongPhone.body).toEqual(wrongNumber.body);
    const notANumber = await api().post('/api/orders/lookup').send({ phone: '0661234567', number: 'abc' });
    expect(notANumber.status).toBe(400);
    expect(JSON.stringify(notANumber.body)).toContain('order.lookup_number');
  });

  it('says a refunded order is refunded, its subscriptions cancelled and their details withdrawn', async () => {
    const { token, orderId } = await order({ phone: '0662000111' });
    await deliver(orderId, PASSWORD);
    const before = await api().get(`/api/admin/customers/0662000111`).set(bearer(admin)).expect(200);
    expect(before.body.customer.totalSpent).toBe(5000);
    await api()
      .post(`/api/admin/orders/${orderId}/refund`)
      .set(bearer(admin))
      .send({ amount: 5000, reason: 'Not working', method: 'baridi_mob', date: new Date().toISOString().slice(0, 10) })
      .expect(200);
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const refunded = (await page(token).expect(200)).body.order;
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(refunded.subscriptions).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    expect(JSON.stringify(refunded)).not.toContain(PASSWORD);
    const after = await api().get(`/api/admin/customers/0662000111`).set(bearer(admin)).expect(200);
    expect(after.body.customer.totalSpent).toBe(0);
    await api().delete(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(409);
  });

  it('records a WhatsApp sending with who sent it, and keeps the token out of clear text', async () => {
    const { token, orderId } = await order();
    await api()
      .post(`/api/admin/orders/${orderId}/whatsapp-sent`)
      .set(bearer(admin))
      .send({ withDetails: true })
      .expect(200);
    const detail = (await api().get(`/api/admin/orders/${orderId}`).set(bearer(admin)).expect(200)).body.order;
    expect(detail.whatsappSent).toMatchObject({ byName: expect.any(String) });
    expect(detail.language).toBe('fr');
    const stored = await sql<{
      data: unknown;
    }>`SELECT data FROM events WHERE stream_id = ${`order-${orderId}`}`.execute(app.infra.db);
    const orders = await sql`SELECT * FROM orders WHERE id = ${orderId}`.execute(app.infra.db);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(JSON.stringify(orders.rows)).not.toContain(token);
  });
});

describe('the private order page under a tight throttle', () => {
  let app: RunningApp;
  const api = () => request(app.url);

  beforeAll(async () => {
    app = await startTestApp({ env: { ORDER_LOOKUP_MISSES_PER_10_MINUTES: '3', ORDER_PAGES_PER_MINUTE: '4' } });
  });

  it('stops an address after its misses at Find my order, and after its page reads', async () => {
    const miss = () => api().post('/api/orders/lookup').send({ phone: '0550123456', number: 424242 });
    const answers = await Promise.all(Array.from({ length: 3 }, miss));
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404]);
    const stopped = await miss();
    expect(stopped.status).toBe(429);
    expect(stopped.headers['retry-after']).toBeDefined();
    expect(stopped.body.code).toBe('order.lookup_rate_limited');

    const reads = await Promise.all(Array.from({ length: 6 }, () => api().get(`/api/orders/${'C'.repeat(43)}`)));
    expect(reads.map((res) => res.status).sort()).toEqual([404, 404, 404, 404, 429, 429]);
  });
});
