import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { startChargilyStandIn, type ChargilyStandIn } from '../../../test/support/chargily-stand-in';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../platform/eventstore/contract';

// The whole payment flow with PAYMENT_PROVIDER=chargily, against a stand-in that follows Chargily
// Pay V2's documented API and signs its webhooks as Chargily does.
describe('checkout through Chargily Pay (stand-in)', () => {
  let chargily: ChargilyStandIn;
  let app: RunningApp;
  let token: string;
  let productId: string;
  beforeAll(async () => {
    chargily = await startChargilyStandIn();
    app = await startTestApp({ env: { PAYMENT_PROVIDER: 'chargily', CHARGILY_API_KEY: chargily.apiKey, CHARGILY_API_URL: chargily.url } });
    token = await adminToken(app.url);
    productId = (await createProduct(app.url, token, 'Chargily Gold', [['1 month', 3000]])).id;
  });
  afterAll(() => chargily.close());

  const checkout = async () => {
    const res = await request(app.url).post('/api/payment/create-checkout').send({ amount: 3000, phone: '0661234567', paymentMethod: 'card', items: [{ productId, duration: '1 month', quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.checkout as { id: string; checkoutUrl: string };
  };

  it("opens a Chargily checkout for the server's total and the mapped method", async () => {
    const { id } = await checkout();
    expect(chargily.checkouts.get(id)).toMatchObject({ amount: 3000, currency: 'dzd', status: 'pending' });
  });

  it("marks the order paid from Chargily's signed webhook, with the method the shopper used, and tells admins live", async () => {
    const admin = connect(app.url, { transports: ['websocket'], auth: { token } });
    const updates: { order: { status: string; payment_method: string } }[] = [];
    // A batch may hold both the new order and its payment: then one order:created has it all.
    admin.on('order:updated', (payload) => updates.push(payload));
    admin.on('order:created', (payload) => updates.push(payload));
    await new Promise((resolve) => admin.once('connect', () => resolve(undefined)));
    const { id } = await checkout();
    const { webhookStatus } = await chargily.settle(id, 'paid', 'edahabia');
    expect(webhookStatus).toBe(200);
    await waitUntil(() => updates.some((u) => u.order.status === 'completed'));
    expect(updates.find((u) => u.order.status === 'completed')!.order.payment_method).toBe('baridi_mob');
    const status = await request(app.url).get(`/api/payment/checkout-status/${id}`);
    expect(status.body.checkout).toMatchObject({ status: 'paid', paymentMethod: 'baridi_mob', amount: 3000 });
    admin.disconnect();
  });

  it('fails the order when the shopper cancels at Chargily', async () => {
    const { id } = await checkout();
    await chargily.settle(id, 'canceled');
    await waitUntil(async () => (await request(app.url).get(`/api/payment/checkout-status/${id}`)).body.checkout.status === 'canceled');
    const orderId = (await request(app.url).post('/api/payment/process-successful-order').send({ checkoutId: id })).body.orderId;
    expect((await app.infra.store.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPaymentFailed']);
  });

  it('answers 503 with a clear message while Chargily is down, recording nothing', async () => {
    chargily.outage(true);
    try {
      const res = await request(app.url).post('/api/payment/create-checkout').send({ amount: 3000, phone: '0661234567', items: [{ productId, duration: '1 month', quantity: 1 }] });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The payment service is not answering. Please try again in a moment.');
    } finally {
      chargily.outage(false);
    }
  });
});
