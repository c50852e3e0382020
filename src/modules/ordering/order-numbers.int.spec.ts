import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { freshDatabase } from '../../../test/support/database';
import { waitUntil } from '../../../test/support/wait';
import { PostgresEventStore } from '../../platform/eventstore/postgres';
import type { AdminOrderView, CustomerOrderView } from '../../shared/ordering';
import { orderStream, type PlacedOrder } from './events';

// Order numbers people can say: unique across instances, above those of orders placed before
// numbers existed, and what the shopper, the admin's lists, search, CSV and live events show.

async function placeOrder(app: RunningApp, productId: string, phone = '0550123456'): Promise<CustomerOrderView> {
  const res = await request(app.url)
    .post('/api/payment/create-checkout')
    .send({ amount: 2000, phone, items: [{ productId, duration: '1 month', quantity: 1 }] });
  expect(res.status, res.text).toBe(200);
  // The shopper's answer waits for the orders read model when it has not caught up yet.
  const order = await request(app.url).get(`/api/payment/order/${res.body.checkout.id}`);
  expect(order.status, order.text).toBe(200);
  return order.body.order;
}

async function adminOrders(app: RunningApp, token: string, search: string): Promise<AdminOrderView[]> {
  const res = await request(app.url).get('/api/admin/orders').query({ search, limit: 100 }).set(bearer(token));
  expect(res.status, res.text).toBe(200);
  return res.body.orders;
}

describe('order numbers', () => {
  it('are never shared by two instances placing orders at the same time', async () => {
    const { url: databaseUrl } = await freshDatabase({ migrate: false });
    const first = await startTestApp({ databaseUrl });
    const token = await adminToken(first.url);
    const { id: productId } = await createProduct(first.url, token, 'Gold', [['1 month', 2000]]);
    const second = await startTestApp({ databaseUrl });
    const orders = await Promise.all(
      [first, second].flatMap((app) => Array.from({ length: 12 }, () => placeOrder(app, productId))),
    );
    const numbers = orders.map((order) => order.orderNumber);
    expect(numbers.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
    expect(new Set(numbers).size).toBe(24);
    // The admin's list shows the same number for each order.
    const listed = new Map((await adminOrders(first, token, '')).map((o) => [o.id, o.number]));
    expect(orders.map((o) => listed.get(o.dbOrderId))).toEqual(numbers);
  });

  it('start above those of orders placed before numbers, which get 1..N in the order they were placed', async () => {
    const database = await freshDatabase();
    const store = new PostgresEventStore(database.pool, database.url);
    const placedBefore: string[] = [];
    for (const name of ['Amel', 'Bilal', 'Chahra']) {
      const orderId = randomUUID();
      const order: PlacedOrder = {
        orderId,
        checkoutId: `old-${orderId}`,
        provider: 'sandbox',
        lines: [
          { productId: 'p', productName: 'Old', duration: '1 month', quality: 'HD', unitPrice: 1000, quantity: 1 },
        ],
        total: 1000,
        phone: '0770000000',
        customerName: name,
        customerEmail: `${name.toLowerCase()}@example.dz`,
        requestedMethod: 'card',
        at: new Date().toISOString(),
      };
      await store.append(orderStream(orderId), [{ type: 'OrderPlaced', data: order }], {
        expectedRevision: 'no_stream',
        metadata: { actor: 'shopper', correlationId: randomUUID(), causationId: randomUUID() },
      });
      placedBefore.push(orderId);
    }
    await store.close();

    const app = await startTestApp({ databaseUrl: database.url });
    const token = await adminToken(app.url);
    const { id: productId } = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
    expect((await placeOrder(app, productId)).orderNumber).toBe(4);
    const numberOf = async (orderId: string) =>
      (await adminOrders(app, token, '')).find((order) => order.id === orderId)?.number;
    expect(await Promise.all(placedBefore.map(numberOf))).toEqual([1, 2, 3]);

    // Started again, the store goes on from where the numbers are.
    await app.close();
    const again = await startTestApp({ databaseUrl: database.url });
    expect((await placeOrder(again, productId)).orderNumber).toBe(5);
  });

  it('find an order in the admin search as 1042 or #1042, fill the CSV beside the id and come in live events', async () => {
    const app = await startTestApp();
    const token = await adminToken(app.url);
    const { id: productId } = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
    const admin = connect(app.url, { auth: { token } });
    const created: { order: AdminOrderView }[] = [];
    admin.on('order:created', (payload: { order: AdminOrderView }) => created.push(payload));
    await new Promise((resolve) => admin.once('connect', () => resolve(undefined)));
    const orders = [];
    for (const phone of ['0550000001', '0550000002', '0550000003'])
      orders.push(await placeOrder(app, productId, phone));
    const [, second] = orders;
    await waitUntil(() => created.length === 3);
    admin.disconnect();
    expect(created.map((event) => event.order.number)).toEqual(orders.map((order) => order.orderNumber));

    for (const search of [`${second!.orderNumber}`, `#${second!.orderNumber}`, ` # ${second!.orderNumber} `]) {
      const found = await adminOrders(app, token, search);
      expect(
        found.map((order) => order.id),
        search,
      ).toEqual([second!.dbOrderId]);
    }
    expect(await adminOrders(app, token, '#99999999999')).toEqual([]);

    const detail = await request(app.url).get(`/api/admin/orders/${second!.dbOrderId}`).set(bearer(token));
    expect(detail.body.order).toMatchObject({ id: second!.dbOrderId, number: second!.orderNumber });

    const csv = await request(app.url)
      .get('/api/admin/orders/export.csv')
      .query({ search: `#${second!.orderNumber}` })
      .set(bearer(token));
    const [header, row, ...rest] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.startsWith('"Order number","Order ID",')).toBe(true);
    expect(row!.startsWith(`"${second!.orderNumber}","${second!.dbOrderId}",`)).toBe(true);
    expect(rest).toEqual([]);
  });
});
