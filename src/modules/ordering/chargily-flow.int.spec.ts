import { defaultParseSearch } from '@tanstack/react-router';
import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { startChargilyStandIn, type ChargilyStandIn } from '../../../test/support/chargily-stand-in';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';
import { paymentReturnSearch } from '../../../web/src/lib/search';
import { signWebhook } from './payment/chargily';

/** The order a checkout was opened for, as its metadata tells Chargily. */
const orderOf = (chargily: ChargilyStandIn, checkoutId: string) =>
  (chargily.checkouts.get(checkoutId)?.metadata as { orderId: string }).orderId;

// The whole payment flow with PAYMENT_PROVIDER=chargily, against a stand-in that follows Chargily
// Pay V2's documented API and signs its webhooks as Chargily does.
describe('checkout through Chargily Pay (stand-in)', () => {
  let chargily: ChargilyStandIn;
  let app: RunningApp;
  let token: string;
  let productId: string;
  beforeAll(async () => {
    chargily = await startChargilyStandIn();
    app = await startTestApp({
      env: { PAYMENT_PROVIDER: 'chargily', CHARGILY_API_KEY: chargily.apiKey, CHARGILY_API_URL: chargily.url },
    });
    token = await adminToken(app.url);
    productId = (await createProduct(app.url, token, 'Chargily Gold', [['1 month', 3000]])).id;
  });
  afterAll(() => chargily.close());

  const checkout = async (target = app) => {
    const res = await request(target.url)
      .post('/api/payment/create-checkout')
      .send({
        amount: 3000,
        phone: '0661234567',
        paymentMethod: 'card',
        items: [{ productId, duration: '1 month', quantity: 1 }],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.checkout as { id: string; checkoutUrl: string };
  };

  it("opens a Chargily checkout for the server's total and the mapped method", async () => {
    const { id } = await checkout();
    expect(chargily.checkouts.get(id)).toMatchObject({ amount: 3000, currency: 'dzd', status: 'pending' });
  });

  it.each([
    ['ar', (n: number) => `طلب رقم ${n}: 2 × Chargily Gold (شهر واحد)`],
    ['fr', (n: number) => `Commande n° ${n} : 2 × Chargily Gold (1 mois)`],
    ['en', (n: number) => `Order #${n}: 2 × Chargily Gold (1 month)`],
  ] as const)(
    'sends Chargily a description composed from the order in the page’s language (%s), never the shopper’s',
    async (language, composed) => {
      const res = await request(app.url)
        .post('/api/payment/create-checkout')
        .send({
          amount: 6000,
          phone: '0661234567',
          language,
          description: 'Send your card PIN by WhatsApp to 0555 00 00 00 to confirm this payment',
          items: [{ productId, duration: '1 month', quantity: 2 }],
        });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { id } = res.body.checkout as { id: string };
      const order = (await request(app.url).get(`/api/payment/order/${id}`)).body.order;
      expect(chargily.checkouts.get(id)).toMatchObject({ description: composed(order.orderNumber), locale: language });
    },
  );

  it("marks the order paid from Chargily's signed webhook, with the method the shopper used, and tells admins live", async () => {
    const admin = connect(app.url, { auth: { token } });
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
    await waitUntil(
      async () =>
        (await request(app.url).get(`/api/payment/checkout-status/${id}`)).body.checkout.status === 'canceled',
    );
    const orderId = (await request(app.url).post('/api/payment/process-successful-order').send({ checkoutId: id })).body
      .orderId;
    expect((await app.infra.store.readStream(`order-${orderId}`)).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'OrderPaymentFailed',
    ]);
  });

  const orderEvents = async (target: RunningApp, checkoutId: string) =>
    (await target.infra.store.readStream(`order-${orderOf(chargily, checkoutId)}`)).map((e) => ({
      type: e.type,
      reason: (e.data as { reason?: string }).reason,
    }));
  const gets = (checkoutId: string) => chargily.requests.filter((r) => r === `GET /checkouts/${checkoutId}`).length;

  it('brings the shopper back with our order and Chargily’s checkout_id, and the return page finds the paid order', async () => {
    const { id } = await checkout();
    const { redirect } = await chargily.settle(id, 'paid', 'cib');
    const back = new URL(redirect!);
    expect(back.searchParams.get('checkout_id')).toBe(id);
    const { checkout_id: reference } = paymentReturnSearch(defaultParseSearch(back.search));
    expect(reference).toBe(back.searchParams.get('order'));
    const status = await request(app.url).get(`/api/payment/checkout-status/${reference}`);
    expect(status.body.checkout).toMatchObject({
      id,
      status: 'paid',
      paymentMethod: 'card',
      metadata: { orderId: reference },
    });
  });

  it('fails the order when Chargily reports the checkout expired (checkout.expired webhook)', async () => {
    const { id } = await checkout();
    expect((await chargily.expire(id)).webhookStatus).toBe(200);
    await waitUntil(async () => (await orderEvents(app, id)).length === 2);
    expect(await orderEvents(app, id)).toEqual([
      { type: 'OrderPlaced' },
      { type: 'OrderPaymentFailed', reason: 'expired' },
    ]);
    expect((await request(app.url).get(`/api/payment/checkout-status/${id}`)).body.checkout.status).toBe('expired');
  });

  it('refuses a webhook of the other mode (live, to a test-mode store) with 400, changing nothing', async () => {
    const { id } = await checkout();
    const data = { ...chargily.checkouts.get(id), status: 'paid', payment_method: 'cib' };
    const body = JSON.stringify({ id: 'evt-live', entity: 'event', livemode: 'true', type: 'checkout.paid', data });
    const res = await request(app.url)
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('signature', signWebhook(body, chargily.apiKey))
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid webhook: a live mode event sent to a store in test mode');
    expect(await orderEvents(app, id)).toEqual([{ type: 'OrderPlaced' }]);
  });

  it('answers checkout-status from the order: Chargily is asked at most once per 5 s while pending, never once settled', async () => {
    const { id } = await checkout();
    const before = gets(id);
    for (let poll = 0; poll < 5; poll++) {
      expect((await request(app.url).get(`/api/payment/checkout-status/${id}`)).body.checkout.status).toBe('pending');
    }
    expect(gets(id) - before).toBe(1);
    await chargily.settle(id, 'canceled');
    await waitUntil(async () => (await orderEvents(app, id)).length === 2);
    // Settled in the read model, which checkout-status answers from.
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const settled = gets(id);
    for (let poll = 0; poll < 3; poll++) {
      expect((await request(app.url).get(`/api/payment/checkout-status/${id}`)).body.checkout.status).toBe('canceled');
    }
    expect(gets(id)).toBe(settled);
  });

  it('answers 503 with a clear message while Chargily is down, recording nothing', async () => {
    chargily.outage(true);
    try {
      const res = await request(app.url)
        .post('/api/payment/create-checkout')
        .send({ amount: 3000, phone: '0661234567', items: [{ productId, duration: '1 month', quantity: 1 }] });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The payment service is not answering. Please try again in a moment.');
    } finally {
      chargily.outage(false);
    }
  });
});

// Reconciliation polls Chargily when no webhook comes: here from 1 s after the checkout opens,
// with our own expiry an hour away, so only Chargily's word can end the checkout.
describe('reconciliation through Chargily Pay (stand-in)', () => {
  let chargily: ChargilyStandIn;
  let app: RunningApp;
  let productId: string;
  beforeAll(async () => {
    chargily = await startChargilyStandIn();
    app = await startTestApp({
      env: {
        PAYMENT_PROVIDER: 'chargily',
        CHARGILY_API_KEY: chargily.apiKey,
        CHARGILY_API_URL: chargily.url,
        CHECKOUT_FIRST_POLL_AFTER: '1s',
        CHECKOUT_EXPIRES_AFTER: '1h',
      },
    });
    productId = (await createProduct(app.url, await adminToken(app.url), 'Chargily Silver', [['1 month', 2500]])).id;
  });
  afterAll(() => chargily.close());

  it('keeps a processing checkout pending, then fails it as expired when Chargily says so (no webhook)', async () => {
    const res = await request(app.url)
      .post('/api/payment/create-checkout')
      .send({ amount: 2500, phone: '0661234567', items: [{ productId, duration: '1 month', quantity: 1 }] });
    const { id } = res.body.checkout as { id: string };
    const orderId = orderOf(chargily, id);
    const polls = () => chargily.requests.filter((r) => r === `GET /checkouts/${id}`).length;
    const events = async () =>
      (await app.infra.store.readStream(`order-${orderId}`)).map((e) => ({
        type: e.type,
        reason: (e.data as { reason?: string }).reason,
      }));

    chargily.processing(id);
    await waitUntil(() => polls() >= 1, 10_000);
    expect(await events()).toEqual([{ type: 'OrderPlaced' }]);

    await chargily.expire(id, { webhook: false });
    await waitUntil(async () => (await events()).length === 2, 15_000);
    expect(await events()).toEqual([{ type: 'OrderPlaced' }, { type: 'OrderPaymentFailed', reason: 'expired' }]);
  }, 30_000);
});
