import { englishOf } from '../../platform/error-text';
import { defaultParseSearch } from '@tanstack/react-router';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { paymentReturnSearch } from '../../../web/src/lib/search';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';
import { phoneMessages } from '../../shared/ordering';
import { signWebhook } from './payment/chargily';

const SANDBOX_SECRET = 'sandbox-webhook-secret-for-tests-0123';

describe('checkout, payment and orders', () => {
  let app: RunningApp;
  let token: string;
  let gold: { id: string };
  let sport: { id: string };
  const api = () => request(app.url);
  const admin = (method: 'get' | 'put' | 'post' | 'delete', path: string) => api()[method](path).set(bearer(token));

  beforeAll(async () => {
    app = await startTestApp({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
    token = await adminToken(app.url, TEST_ADMIN);
    const category = (
      await api()
        .post('/api/admin/categories')
        .set(bearer(token))
        .send({ name: 'Premium', description: 'Premium packs' })
    ).body.category;
    const create = async (name: string, prices: [string, number][]) =>
      (
        await api()
          .post('/api/admin/products')
          .set(bearer(token))
          .send({
            name,
            category_id: category.id,
            quality: 'HD',
            devices: 2,
            channels: 1000,
            price_durations: prices.map(([duration, price]) => ({ duration, price })),
          })
      ).body.product;
    gold = await create('Gold محمد', [
      ['1 month', 2000],
      ['3 months', 5400],
    ]);
    sport = await create('Sport', [['1 month', 1500]]);
  });

  const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
    amount: 2 * 2000 + 1500,
    email: 'customer@iptv-store.dz',
    fullName: 'Client',
    phone: '0550123456',
    description: 'IPTV packages',
    items: [
      { productId: gold.id, duration: '1 month', quantity: 2 },
      { productId: sport.id, duration: '1 month', quantity: 1 },
    ],
    ...overrides,
  });

  async function openCheckout(overrides: Record<string, unknown> = {}) {
    const res = await api().post('/api/payment/create-checkout').send(checkoutBody(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The checkout answers before the read models have the order; the admin lists come a moment later.
    expect(await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 20_000 })).toBe(true);
    return { ...res.body.checkout, token: res.body.orderAccessToken } as {
      id: string;
      checkoutUrl: string;
      token: string;
    };
  }

  const orderEvents = async (orderId: string) =>
    (await app.infra.store.readStream(`order-${orderId}`)).map((e) => e.type);

  /** The provider's signed news about a checkout, as its webhook brings it. */
  const providerSays = (checkoutId: string, orderId: string, status: 'paid' | 'failed') => {
    const body = JSON.stringify({
      id: `evt-${checkoutId}-${status}`,
      livemode: false,
      type: `checkout.${status}`,
      data: {
        id: checkoutId,
        status,
        amount: 5500,
        currency: 'dzd',
        payment_method: 'edahabia',
        metadata: { orderId },
      },
    });
    return api()
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('signature', signWebhook(body, SANDBOX_SECRET))
      .send(body);
  };

  it('prices the checkout on the server and records a pending order', async () => {
    const res = await api().post('/api/payment/create-checkout').send(checkoutBody());
    expect(res.body).toMatchObject({
      success: true,
      checkout: { id: expect.any(String), checkoutUrl: expect.stringMatching(/\/sandbox\/checkout\//) },
    });
    const status = await api().get(`/api/payment/checkout-status/${res.body.checkout.id}`);
    expect(status.body).toMatchObject({
      success: true,
      checkout: {
        status: 'pending',
        amount: 5500,
        metadata: { customer_name: 'Client', customer_email: 'customer@iptv-store.dz' },
      },
    });
    const order = (await api().get(`/api/payment/order/${res.body.checkout.id}`)).body.order;
    expect(order).toMatchObject({
      status: 'pending',
      total: 5500,
      phone: '0550123456',
      adminContact: { phone: expect.any(String), whatsapp: expect.any(String), email: expect.any(String) },
    });
    expect(order.items).toEqual([
      {
        product: { name: 'Gold محمد', price: 2000, duration: '1 month', quality: 'HD' },
        quantity: 2,
        selectedPrice: 2000,
        selectedDuration: '1 month',
      },
      {
        product: { name: 'Sport', price: 1500, duration: '1 month', quality: 'HD' },
        quantity: 1,
        selectedPrice: 1500,
        selectedDuration: '1 month',
      },
    ]);
  });

  it('refuses a tampered amount with 409 and the real total, creating nothing', async () => {
    const before = (await admin('get', '/api/admin/orders')).body.pagination.total;
    const res = await api()
      .post('/api/payment/create-checkout')
      .send(checkoutBody({ amount: 10 }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ total: 5500, message: expect.stringContaining('5500 Da') });
    expect((await admin('get', '/api/admin/orders')).body.pagination.total).toBe(before);
  });

  it('prices with the catalogue as an admin has just changed it', async () => {
    const changed = await admin('put', `/api/admin/products/${sport.id}`).send({
      price_durations: [{ duration: '1 month', price: 1700 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const old = await api().post('/api/payment/create-checkout').send(checkoutBody());
    expect(old.status).toBe(409);
    expect(old.body.total).toBe(5700);
    expect(
      (
        await api()
          .post('/api/payment/create-checkout')
          .send(checkoutBody({ amount: 5700 }))
      ).status,
    ).toBe(200);
    await admin('put', `/api/admin/products/${sport.id}`).send({
      price_durations: [{ duration: '1 month', price: 1500 }],
    });
  });

  it.each([
    [
      { items: [{ productId: 'no-such-product', duration: '1 month', quantity: 1 }], amount: 100 },
      'A package in your cart is no longer available',
    ],
    [
      { items: [{ productId: 'GOLD', duration: '12 months', quantity: 1 }], amount: 100 },
      'The duration "12 months" is not available',
    ],
    [{ items: [] }, 'Your cart is empty'],
    [{ phone: '' }, phoneMessages.required],
    [{ phone: '0450123456' }, phoneMessages.invalid],
    [{ phone: '055012345' }, phoneMessages.invalid],
  ])('refuses bad input with 400 and its message: %o', async (overrides, message) => {
    const items = (overrides as { items?: { productId: string }[] }).items?.map((i) =>
      i.productId === 'GOLD' ? { ...i, productId: gold.id } : i,
    );
    const res = await api()
      .post('/api/payment/create-checkout')
      .send(checkoutBody({ ...overrides, ...(items ? { items } : {}) }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(englishOf(message));
  });

  it('pays an order exactly once when webhooks, polls and the return page race', async () => {
    const checkout = await openCheckout();
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.id }))
      .body;
    // The shopper pays on the hosted page: that records the outcome and sends one webhook.
    const paid = await api()
      .post(`/sandbox/checkout/${checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    expect(paid.status).toBe(303);
    const body = JSON.stringify({
      id: `evt-${checkout.id}`,
      livemode: false,
      type: 'checkout.paid',
      data: {
        id: checkout.id,
        status: 'paid',
        amount: 5500,
        currency: 'dzd',
        payment_method: 'edahabia',
        metadata: { orderId },
      },
    });
    const webhook = () =>
      api()
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('signature', signWebhook(body, SANDBOX_SECRET))
        .send(body);
    const racers = [
      ...Array.from({ length: 10 }, webhook),
      ...Array.from({ length: 5 }, () => api().get(`/api/payment/checkout-status/${checkout.id}`)),
      ...Array.from({ length: 5 }, () =>
        api()
          .post('/api/payment/process-successful-order')
          .send({ checkoutId: checkout.id, totalAmount: 1, orderItems: [] }),
      ),
    ];
    const answers = await Promise.all(racers);
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    expect(new Set(answers.slice(15).map((a) => a.body.orderId))).toEqual(new Set([orderId]));
    await waitUntil(async () => (await orderEvents(orderId)).includes('OrderPaid'));
    expect((await orderEvents(orderId)).filter((t) => t === 'OrderPaid')).toHaveLength(1);
    expect((await api().get(`/api/payment/checkout-status/${checkout.id}`)).body.checkout.status).toBe('paid');
    expect((await admin('get', `/api/admin/orders/${orderId}`)).body.order.status).toBe('completed');
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const checkout = await openCheckout();
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.id }))
      .body;
    const body = JSON.stringify({
      id: 'evt-forged',
      livemode: false,
      type: 'checkout.paid',
      data: { id: checkout.id, status: 'paid', amount: 5500, currency: 'dzd', metadata: { orderId } },
    });
    for (const signature of ['', 'deadbeef', signWebhook(body, 'another-secret-entirely')]) {
      const res = await api()
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('signature', signature)
        .send(body);
      expect(res.status).toBe(401);
    }
    expect(await orderEvents(orderId)).toEqual(['OrderPlaced']);
  });

  it('marks the order failed when the shopper declines, and keeps its phone as placed', async () => {
    const checkout = await openCheckout();
    await api().post(`/sandbox/checkout/${checkout.id}`).type('form').send({ outcome: 'failed', method: 'baridi_mob' });
    const status = await api().get(`/api/payment/checkout-status/${checkout.id}`);
    expect(status.body.checkout.status).toBe('failed');
    const orderId = status.body.checkout.metadata.orderId;
    expect((await admin('get', `/api/admin/orders/${orderId}`)).body.order.status).toBe('failed');
    const accessToken = checkout.token;
    const bad = await api().post('/api/payment/update-customer-phone').send({ accessToken, phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(englishOf(phoneMessages.invalid));
    const refused = await api().post('/api/payment/update-customer-phone').send({ accessToken, phone: '0770000000' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/was not paid/);
    const order = (await api().get(`/api/payment/order/${checkout.id}`)).body.order;
    expect(order).toMatchObject({ phone: '0550123456', phoneChangeUntil: null });
    expect(await orderEvents(orderId)).toEqual(['OrderPlaced', 'OrderPaymentFailed']);
  });

  it('takes the shopper’s phone once after payment, then refuses every other change with 409', async () => {
    const checkout = await openCheckout();
    await api().post(`/sandbox/checkout/${checkout.id}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
    const orderId = (await api().get(`/api/payment/checkout-status/${checkout.id}`)).body.checkout.metadata.orderId;
    const before = (await api().get(`/api/payment/order/${checkout.id}`)).body.order;
    expect(before.status).toBe('completed');
    // The confirmation page offers its form until then: an hour after the payment.
    expect(Date.parse(before.phoneChangeUntil)).toBeGreaterThan(Date.now() + 59 * 60_000);
    const accessToken = checkout.token;
    // The order's id alone proves nothing: the private link's token does.
    const withoutToken = await api().post('/api/payment/update-customer-phone').send({ orderId, phone: '0770000000' });
    expect(withoutToken.status).toBe(400);
    const otherOrder = await openCheckout();
    const wrongPair = await api()
      .post('/api/payment/update-customer-phone')
      .send({ accessToken: otherOrder.token, orderId, phone: '0770000000' });
    expect(wrongPair.status).toBe(404);
    const good = await api()
      .post('/api/payment/update-customer-phone')
      .send({ orderId, accessToken, phone: ' 07 70 00 00 00 ' });
    expect(good.body).toMatchObject({ success: true, phone: '0770000000' });
    const after = (await api().get(`/api/payment/order/${checkout.id}`)).body.order;
    expect(after).toMatchObject({ phone: '0770000000', phoneChangeUntil: null });
    for (let i = 0; i < 20; i++) {
      const again = await api()
        .post('/api/payment/update-customer-phone')
        .send({ accessToken, phone: `066000000${i % 10}` });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already been changed once/);
    }
    await admin('put', `/api/admin/orders/${orderId}/status`).send({ status: 'dispatched' }).expect(200);
    const dispatched = await api()
      .post('/api/payment/update-customer-phone')
      .send({ accessToken, phone: '0660000000' });
    expect(dispatched.status).toBe(409);
    expect(await orderEvents(orderId)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderPhoneUpdated', 'OrderDispatched']);
  });

  it('refuses a phone for a dispatched order or one still awaiting payment', async () => {
    const pending = await openCheckout();
    const pendingId = (await api().get(`/api/payment/order/${pending.id}`)).body.order.dbOrderId;
    const early = await api()
      .post('/api/payment/update-customer-phone')
      .send({ accessToken: pending.token, phone: '0660000000' });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/not paid yet/);

    const paid = await openCheckout();
    await api().post(`/sandbox/checkout/${paid.id}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
    const paidId = (await api().get(`/api/payment/order/${paid.id}`)).body.order.dbOrderId;
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    await admin('put', `/api/admin/orders/${paidId}/status`).send({ status: 'dispatched' }).expect(200);
    const late = await api()
      .post('/api/payment/update-customer-phone')
      .send({ accessToken: paid.token, phone: '0660000000' });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already been dispatched/);
    expect(await orderEvents(pendingId)).toEqual(['OrderPlaced']);
    expect(await orderEvents(paidId)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderDispatched']);
  });

  it('sends the shopper back with our order id, which the return page prefers to the provider’s checkout_id', async () => {
    const checkout = await openCheckout();
    const paid = await api()
      .post(`/sandbox/checkout/${checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' });
    const back = new URL(paid.headers.location!);
    expect(back.pathname).toBe('/payment/return');
    expect(back.searchParams.get('checkout_id')).toBe(checkout.id);
    // The web app's router parses the search; the return page then asks about the id it picked.
    const { checkout_id: id } = paymentReturnSearch(defaultParseSearch(back.search));
    expect(id).toBe(back.searchParams.get('order'));
    const status = await api().get(`/api/payment/checkout-status/${id}`);
    expect(status.body.checkout).toMatchObject({ id: checkout.id, status: 'paid', metadata: { orderId: id } });
    expect((await api().get(`/api/payment/order/${id}`)).body.order).toMatchObject({
      dbOrderId: id,
      orderNumber: expect.any(Number),
      status: 'completed',
    });
  });

  it('answers 404 for an unknown checkout', async () => {
    expect((await api().get('/api/payment/checkout-status/nope')).status).toBe(404);
    expect((await api().post('/api/payment/process-successful-order').send({ checkoutId: 'nope' })).status).toBe(404);
  });

  describe('admin', () => {
    it('lists, searches, filters and pages orders, newest first', async () => {
      await openCheckout({ phone: '0661112233', fullName: 'Yacine Searchable' });
      const all = await admin('get', '/api/admin/orders');
      expect(all.body.pagination).toMatchObject({ page: 1, limit: 10 });
      const dates = all.body.orders.map((o: { created_at: string }) => o.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const found = await admin('get', '/api/admin/orders?search=searchable');
      expect(found.body.orders.map((o: { customer_name: string }) => o.customer_name)).toEqual(['Yacine Searchable']);
      expect((await admin('get', '/api/admin/orders?search=0661112233')).body.orders).toHaveLength(1);
      const completed = await admin('get', '/api/admin/orders?status=completed');
      expect(completed.body.orders.every((o: { status: string }) => o.status === 'completed')).toBe(true);
      const paged = await admin('get', '/api/admin/orders?limit=2&page=2');
      expect(paged.body.orders).toHaveLength(2);
      // Past the last page: no orders, and still how many there are (the count comes with the page).
      const past = await admin('get', '/api/admin/orders?limit=2&page=5000');
      expect(past.body).toEqual({ orders: [], pagination: { ...paged.body.pagination, page: 5000 } });
      expect(past.body.pagination.total).toBeGreaterThan(2);
      expect((await admin('get', '/api/admin/orders?status=lost')).status).toBe(400);
    });

    it('offers only dispatched, from completed, keeps a paid order and takes its refund out of the figures', async () => {
      const checkout = await openCheckout();
      const orderId = (await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.id })).body
        .orderId;
      const early = await admin('put', `/api/admin/orders/${orderId}/status`).send({ status: 'dispatched' });
      expect(early.status).toBe(409);
      await api().post(`/sandbox/checkout/${checkout.id}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
      await api().get(`/api/payment/checkout-status/${checkout.id}`);
      const wrong = await admin('put', `/api/admin/orders/${orderId}/status`).send({ status: 'pending' });
      expect(wrong.status).toBe(409);
      const dispatched = await admin('put', `/api/admin/orders/${orderId}/status`).send({ status: 'dispatched' });
      expect(dispatched.body).toMatchObject({
        message: 'Order status updated to dispatched',
        order: { status: 'dispatched' },
      });
      const detail = (await admin('get', `/api/admin/orders/${orderId}`)).body.order;
      expect(detail.items).toEqual([
        expect.objectContaining({
          product_name: 'Gold محمد',
          selected_duration: '1 month',
          selected_price: 2000,
          quantity: 2,
          subtotal: 4000,
        }),
        expect.objectContaining({ product_name: 'Sport', selected_price: 1500, quantity: 1, subtotal: 1500 }),
      ]);
      const statsBefore = (await admin('get', '/api/admin/dashboard/stats?range=7')).body.stats;
      const kept = await admin('delete', `/api/admin/orders/${orderId}`);
      expect(kept.status).toBe(409);
      expect(kept.body.code).toBe('order.delete_paid');
      const refund = {
        amount: 5500,
        reason: 'Wrong package',
        method: 'ccp',
        date: new Date().toISOString().slice(0, 10),
      };
      const refunded = await admin('post', `/api/admin/orders/${orderId}/refund`).send(refund);
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      expect(refunded.body.order).toMatchObject({
        status: 'refunded',
        refund: { amount: 5500, reason: 'Wrong package', method: 'ccp', refundedOn: refund.date },
      });
      // Who recorded it, by name, in the answer and the detail.
      const refunder = (await admin('get', '/api/admin/me')).body.user.name;
      expect(refunded.body.order.refundedByName).toBe(refunder);
      expect((await admin('get', `/api/admin/orders/${orderId}`)).body.order.refundedByName).toBe(refunder);
      expect(detail.refundedByName).toBeNull();
      expect((await admin('post', `/api/admin/orders/${orderId}/refund`).send(refund)).body.code).toBe(
        'order.already_refunded',
      );
      const statsAfter = (await admin('get', '/api/admin/dashboard/stats?range=7')).body.stats;
      expect(statsAfter.revenue).toBe(statsBefore.revenue - 5500);
      expect(statsAfter.dispatchedOrdersCount).toBe(statsBefore.dispatchedOrdersCount - 1);
      const listed = await admin('get', `/api/admin/orders?status=refunded&search=${detail.number}`);
      expect(listed.body.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
      expect(await orderEvents(orderId)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderDispatched', 'OrderRefunded']);
    });

    it('refuses to delete an order whose checkout can still be paid, so a payment never lands on nothing', async () => {
      const checkout = await openCheckout();
      const orderId = (await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.id })).body
        .orderId;
      const refused = await admin('delete', `/api/admin/orders/${orderId}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'This order is still awaiting payment: its checkout can still be paid. It can be deleted if its payment fails.',
      );
      await api().post(`/sandbox/checkout/${checkout.id}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
      expect((await api().get(`/api/payment/checkout-status/${checkout.id}`)).body.checkout.status).toBe('paid');
      expect((await admin('get', `/api/admin/orders/${orderId}`)).body.order.status).toBe('completed');
      expect(await orderEvents(orderId)).toEqual(['OrderPlaced', 'OrderPaid']);
    });

    it('brings back a deleted order that a payment still reaches, flagged for the admins, everywhere', async () => {
      const checkout = await openCheckout({ fullName: 'Late Payer', phone: '0662223344' });
      await api()
        .post(`/sandbox/checkout/${checkout.id}`)
        .type('form')
        .send({ outcome: 'failed', method: 'baridi_mob' });
      const orderId = (await api().get(`/api/payment/checkout-status/${checkout.id}`)).body.checkout.metadata.orderId;
      expect((await admin('delete', `/api/admin/orders/${orderId}`)).status).toBe(200);
      expect((await admin('get', `/api/admin/orders/${orderId}`)).status).toBe(404);

      // The provider confirms a payment after all (it lapsed here first).
      expect((await providerSays(checkout.id, orderId, 'paid')).status).toBe(200);
      await waitUntil(async () => (await orderEvents(orderId)).includes('OrderPaid'));
      expect(await orderEvents(orderId)).toEqual([
        'OrderPlaced',
        'OrderPaymentFailed',
        'OrderDeleted',
        'OrderRestored',
        'OrderPaid',
      ]);
      await app.runner.waitFor(await app.infra.store.lastCommittedPosition());

      expect((await api().get(`/api/payment/checkout-status/${checkout.id}`)).body.checkout.status).toBe('paid');
      expect((await api().get(`/api/payment/order/${checkout.id}`)).body.order).toMatchObject({
        status: 'completed',
        phone: '0662223344',
        total: 5500,
      });
      const detail = (await admin('get', `/api/admin/orders/${orderId}`)).body.order;
      expect(detail).toMatchObject({
        status: 'completed',
        customer_name: 'Late Payer',
        restored_at: expect.any(String),
        paid_at: expect.any(String),
      });
      expect(detail.items).toHaveLength(2);
      const found = (await admin('get', '/api/admin/orders?search=Late Payer')).body.orders;
      expect(found).toEqual([
        expect.objectContaining({ id: orderId, status: 'completed', restored_at: expect.any(String) }),
      ]);
      expect(
        (await admin('get', '/api/admin/orders?status=completed&limit=100')).body.orders.map(
          (o: { id: string }) => o.id,
        ),
      ).toContain(orderId);
    });

    it('answers the order’s version as its ETag and honours If-Match on status changes and deletion', async () => {
      const checkout = await openCheckout();
      const orderId = (await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.id })).body
        .orderId;
      const opened = await admin('get', `/api/admin/orders/${orderId}`);
      expect(opened.headers.etag).toBe('"0"');
      expect(opened.body.order.version).toBe(0);

      // The shopper pays while the admin looks at the pending order.
      await api().post(`/sandbox/checkout/${checkout.id}`).type('form').send({ outcome: 'paid', method: 'baridi_mob' });
      await api().get(`/api/payment/checkout-status/${checkout.id}`);
      const stale = await admin('put', `/api/admin/orders/${orderId}/status`)
        .set('If-Match', opened.headers.etag!)
        .send({ status: 'dispatched' });
      expect(stale.status).toBe(409);
      // Who changed it and when, so the admin's screen can say so.
      expect(stale.body).toMatchObject({
        version: 1,
        change: 'OrderPaid',
        changedBy: 'the payment service or the store itself',
        changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(stale.body.message).toBe(
        `This item was changed by the payment service or the store itself at ${stale.body.changedAt} (OrderPaid), after you opened it. Reload it and try again.`,
      );

      const fresh = await admin('get', `/api/admin/orders/${orderId}`);
      expect(fresh.headers.etag).toBe('"1"');
      const dispatched = await admin('put', `/api/admin/orders/${orderId}/status`)
        .set('If-Match', fresh.headers.etag!)
        .send({ status: 'dispatched' });
      expect(dispatched.status).toBe(200);
      expect(dispatched.headers.etag).toBe('"2"');
      expect(dispatched.body.order).toMatchObject({ status: 'dispatched', version: 2 });

      const staleDelete = await admin('delete', `/api/admin/orders/${orderId}`).set('If-Match', fresh.headers.etag!);
      expect(staleDelete.status).toBe(409);
      expect(staleDelete.body).toMatchObject({ version: 2, change: 'OrderDispatched', changedBy: 'Administrator' });
      expect((await admin('delete', `/api/admin/orders/${orderId}`).set('If-Match', 'soon')).status).toBe(400);
      const refund = { amount: 100, reason: 'Goodwill', method: 'cash', date: new Date().toISOString().slice(0, 10) };
      const staleRefund = await admin('post', `/api/admin/orders/${orderId}/refund`)
        .set('If-Match', '"1"')
        .send(refund);
      expect(staleRefund.status).toBe(409);
      const refunded = await admin('post', `/api/admin/orders/${orderId}/refund`).set('If-Match', '"2"').send(refund);
      expect(refunded.status).toBe(200);
      expect(refunded.headers.etag).toBe('"3"');
      expect(await orderEvents(orderId)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderDispatched', 'OrderRefunded']);
    });

    it('computes the dashboard from the data: revenue from paid orders only', async () => {
      const res = await admin('get', '/api/admin/dashboard/stats?range=30');
      const orders = (await admin('get', '/api/admin/orders?limit=100')).body.orders as {
        status: string;
        total_amount: number;
        refund: { amount: number } | null;
      }[];
      // What was paid and kept: a refund's amount is out of the revenue.
      const paid = orders
        .filter((o) => ['completed', 'dispatched', 'refunded'].includes(o.status))
        .reduce((sum, o) => sum + o.total_amount - (o.refund?.amount ?? 0), 0);
      expect(res.body.stats).toEqual({
        productsCount: 2,
        ordersCount: orders.length,
        dispatchedOrdersCount: orders.filter((o) => o.status === 'dispatched').length,
        revenue: paid,
        paymentMismatchCount: orders.filter((o) => o.status === 'payment_mismatch').length,
        // Nothing delivered here: every paid order awaits its activation details.
        awaitingDeliveryCount: orders.filter((o) => o.status === 'completed' || o.status === 'dispatched').length,
        trialsCount: 0,
        // Nothing delivered: no subscription is active, none ended to be renewed.
        activeSubscriptionsCount: 0,
        expiringSubscriptionsCount: 0,
        renewalRate: null,
        renewalRevenue: 0,
      });
      expect(res.body.revenueByDay).toHaveLength(30);
      expect(res.body.revenueByDay.reduce((sum: number, d: { revenue: number }) => sum + d.revenue, 0)).toBe(paid);
      expect(res.body.trends.revenue).toMatchObject({ current: paid, previous: 0, percent: null });
      expect(res.body.trends.products.added).toBe(2);
      expect(res.body.recentOrders.length).toBeGreaterThan(0);
      expect((await admin('get', '/api/admin/dashboard/stats?range=12')).status).toBe(400);
    });

    it('derives customers from orders, keyed by phone, and exports both as CSV', async () => {
      await openCheckout({ phone: '0799887766', fullName: 'عبد القادر' });
      const customers = (await admin('get', '/api/admin/customers?search=0799887766')).body;
      expect(customers.customers).toEqual([
        {
          id: '0799887766',
          name: 'عبد القادر',
          email: 'customer@iptv-store.dz',
          phone: '0799887766',
          orders: 1,
          totalSpent: 0,
          joinDate: expect.any(String),
        },
      ]);
      const csv = await admin('get', '/api/admin/orders/export.csv?search=0799887766')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const text = (csv.body as Buffer).toString('utf8');
      expect(text.startsWith('\uFEFF"Order number","Order ID"')).toBe(true);
      expect(text).toContain('"عبد القادر"');
      expect(text.trim().split('\r\n')).toHaveLength(2);
      const people = await admin('get', '/api/admin/customers/export.csv');
      expect(people.text).toContain('"0799887766"');
    });
  });
});

describe('the sandbox under NODE_ENV=production (ALLOW_SANDBOX_PAYMENTS=true)', () => {
  it('tells the shopper loudly, on its hosted page, that it is a test payment', async () => {
    const app = await startTestApp({
      env: {
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
        ALLOW_SANDBOX_PAYMENTS: 'true',
        ALLOW_INSECURE_PUBLIC_URL: 'true',
      },
    });
    const product = await createProduct(app.url, await adminToken(app.url), 'Gold', [['1 month', 2000]]);
    const res = await request(app.url)
      .post('/api/payment/create-checkout')
      .send({
        amount: 2000,
        phone: '0550123456',
        language: 'en',
        items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
      });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = await request(app.url).get(new URL(res.body.checkout.checkoutUrl).pathname);
    expect(page.text).toMatch(
      /<body>\s*<div class="test-banner" role="note"><strong>TEST PAYMENT<\/strong><span>[^<]*no money is taken/,
    );
  });
});
