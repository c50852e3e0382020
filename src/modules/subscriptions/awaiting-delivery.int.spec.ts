import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import { subscriptionId } from './events';

type ListRow = { id: string; status: string; awaiting_delivery: boolean };

// The orders awaiting delivery (docs/product.md#subscriptions): the orders list's ?delivery=awaiting
// filter, its rows' awaiting_delivery (the list's badge) and the dashboard's count, before and after
// an administrator delivers.

describe('orders awaiting delivery', () => {
  let app: RunningApp;
  let token: string;
  let gold: { id: string };
  const api = () => request(app.url);

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    gold = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
  });

  /** An order of `quantity` Gold months; paid on the sandbox page unless `paid` is false. */
  async function order(quantity: number, paid = true): Promise<string> {
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
    if (paid) {
      await api()
        .post(`/sandbox/checkout/${checkout.body.checkout.id}`)
        .type('form')
        .send({ outcome: 'paid', method: 'baridi_mob' })
        .expect(303);
    }
    const { orderId } = (
      await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.body.checkout.id })
    ).body;
    if (paid) await waitUntil(async () => (await detail(orderId)).order.status === 'completed');
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    return orderId as string;
  }

  const detail = async (orderId: string) => {
    const res = await api().get(`/api/admin/orders/${orderId}`).set(bearer(token)).expect(200);
    return { order: res.body.order, etag: res.headers.etag as string };
  };

  const awaiting = async (query = '') => {
    const res = await api().get(`/api/admin/orders?delivery=awaiting${query}`).set(bearer(token)).expect(200);
    return res.body as { orders: ListRow[]; pagination: { total: number } };
  };

  /** Each order's awaiting_delivery as the whole list (unfiltered, all statuses) answers it. */
  const badges = async (ids: string[]) => {
    const res = await api().get('/api/admin/orders?limit=100').set(bearer(token)).expect(200);
    const rows = res.body.orders as ListRow[];
    return ids.map((id) => rows.find((row) => row.id === id)?.awaiting_delivery);
  };

  const awaitingCount = async (): Promise<number> => {
    const res = await api().get('/api/admin/dashboard/stats').set(bearer(token)).expect(200);
    return res.body.stats.awaitingDeliveryCount;
  };

  const deliverCodes = async (orderId: string, units: number[]) => {
    const { etag } = await detail(orderId);
    await api()
      .put(`/api/admin/orders/${orderId}/delivery`)
      .set(bearer(token))
      .set('If-Match', etag)
      .send({
        subscriptions: units.map((unit) => ({
          subscriptionId: subscriptionId(orderId, 0, unit),
          kind: 'code',
          code: `CODE-${unit}`,
        })),
      })
      .expect(200);
  };

  it('lists the paid orders with a subscription awaiting, counts them, and drops them once all are delivered', async () => {
    const countBefore = await awaitingCount();
    const single = await order(1);
    const double = await order(2);
    const pending = await order(1, false);

    const listed = await awaiting();
    const ids = listed.orders.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([single, double]));
    expect(ids).not.toContain(pending);
    expect(listed.pagination.total).toBe(ids.length);
    expect(listed.orders.every((row) => row.awaiting_delivery)).toBe(true);
    expect(await badges([single, double, pending])).toEqual([true, true, false]);
    expect(await awaitingCount()).toBe(countBefore + 2);
    // The whole list still holds the pending one: the filter narrows only when asked.
    const all = await api().get('/api/admin/orders?limit=100').set(bearer(token)).expect(200);
    expect(all.body.orders.map((o: { id: string }) => o.id)).toContain(pending);

    await deliverCodes(single, [0]);
    // One of two delivered: the order still awaits its second subscription.
    await deliverCodes(double, [0]);
    const after = (await awaiting()).orders.map((o) => o.id);
    expect(after).not.toContain(single);
    expect(after).toContain(double);
    expect(await awaitingCount()).toBe(countBefore + 1);
    expect((await detail(single)).order.status).toBe('dispatched');
    expect(await badges([single, double])).toEqual([false, true]);

    await deliverCodes(double, [0, 1]);
    expect((await awaiting()).orders.map((o) => o.id)).not.toContain(double);
    expect(await awaitingCount()).toBe(countBefore);
    expect(await badges([double])).toEqual([false]);
  });

  it('combines with the status filter and the search', async () => {
    const orderId = await order(1);
    const { order: paid } = await detail(orderId);
    expect((await awaiting('&status=completed')).orders.map((o) => o.id)).toContain(orderId);
    expect((await awaiting('&status=dispatched')).orders.map((o) => o.id)).not.toContain(orderId);
    expect((await awaiting(`&search=${paid.number}`)).orders.map((o) => o.id)).toEqual([orderId]);
    // The status list and the search answer the badge too.
    const byStatus = await api().get('/api/admin/orders?status=completed&limit=100').set(bearer(token)).expect(200);
    expect(byStatus.body.orders.find((o: ListRow) => o.id === orderId)?.awaiting_delivery).toBe(true);
    const found = await api().get(`/api/admin/orders?search=${paid.number}`).set(bearer(token)).expect(200);
    expect(found.body.orders.map((o: ListRow) => o.awaiting_delivery)).toEqual([true]);
  });

  it('refuses another value with its code', async () => {
    const res = await api().get('/api/admin/orders?delivery=delivered').set(bearer(token)).expect(400);
    expect(JSON.stringify(res.body)).toContain('orders.delivery_filter');
  });
});
