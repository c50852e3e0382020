import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import type { RunningApp } from '../../main';
import type { AuditEntry } from '../../shared/audit';
import { signWebhook } from './payment/chargily';

const SANDBOX_SECRET = 'sandbox-webhook-secret-for-tests-0123';

// Money is checked twice: a correctly signed `checkout.paid` whose amount or currency is not the
// order's completes nothing. The order waits as payment_mismatch, out of the revenue, until an
// admin accepts the payment or cancels the order.

describe('a payment that does not match its order', () => {
  let app: RunningApp;
  let token: string;
  let gold: { id: string };
  const api = () => request(app.url);
  const adminGet = (path: string) => api().get(path).set(bearer(token));
  const decide = (orderId: string, decision: string) =>
    api().post(`/api/admin/orders/${orderId}/payment-decision`).set(bearer(token)).send({ decision });

  beforeAll(async () => {
    app = await startTestApp({ env: { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET } });
    token = await adminToken(app.url, TEST_ADMIN);
    gold = await createProduct(app.url, token, 'Gold', [['12 months', 16_000]]);
  });

  /** A 16,000 Da order, pending: its id and checkout id. */
  async function placeOrder(): Promise<{ orderId: string; checkoutId: string }> {
    const res = await api()
      .post('/api/payment/create-checkout')
      .send({
        amount: 16_000,
        phone: '0550123456',
        items: [{ productId: gold.id, duration: '12 months', quantity: 1 }],
      });
    expect(res.status, res.text).toBe(200);
    const checkoutId = res.body.checkout.id as string;
    const { orderId } = (await api().post('/api/payment/process-successful-order').send({ checkoutId })).body;
    return { orderId, checkoutId };
  }

  /** The provider's correctly signed `checkout.paid`, carrying the amount and currency given. */
  async function paidWebhook(checkoutId: string, orderId: string, amount: number, currency = 'dzd') {
    const body = JSON.stringify({
      id: `evt-${checkoutId}-paid`,
      livemode: false,
      type: 'checkout.paid',
      data: { id: checkoutId, status: 'paid', amount, currency, payment_method: 'edahabia', metadata: { orderId } },
    });
    const res = await api()
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('signature', signWebhook(body, SANDBOX_SECRET))
      .send(body);
    expect(res.status, res.text).toBe(200);
    await caughtUp();
  }

  /** The read models have every event written so far (generous: other test files load the machine). */
  async function caughtUp() {
    expect(await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 30_000 })).toBe(true);
  }

  const revenue = async () => (await adminGet('/api/admin/dashboard/stats?range=7')).body;
  const orderIn = async (status: string) =>
    (await adminGet(`/api/admin/orders?status=${status}&limit=100`)).body.orders.map((o: { id: string }) => o.id);
  const auditOf = async (orderId: string): Promise<AuditEntry[]> =>
    (await adminGet(`/api/admin/audit?entityType=order&entityId=${orderId}`)).body.entries;

  it('flags a paid webhook of 1 Da for a 16,000 Da order, out of the revenue, until an admin accepts it', async () => {
    const before = await revenue();
    const { orderId, checkoutId } = await placeOrder();
    await paidWebhook(checkoutId, orderId, 1);

    const detail = await adminGet(`/api/admin/orders/${orderId}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.order).toMatchObject({
      status: 'payment_mismatch',
      total_amount: 16_000,
      paid_at: null,
      payment_mismatch: { amount: 1, currency: 'dzd', expectedAmount: 16_000, expectedCurrency: 'dzd' },
    });
    expect(await orderIn('payment_mismatch')).toContain(orderId);
    expect(await orderIn('completed')).not.toContain(orderId);
    const flagged = await revenue();
    expect(flagged.stats.revenue).toBe(before.stats.revenue);
    expect(flagged.stats.paymentMismatchCount).toBe(before.stats.paymentMismatchCount + 1);
    // The shopper is not told the order is paid.
    const status = await api().get(`/api/payment/checkout-status/${checkoutId}`);
    expect(status.body.checkout.status).not.toBe('paid');

    // The same news again changes nothing.
    await paidWebhook(checkoutId, orderId, 1);
    expect((await adminGet(`/api/admin/orders/${orderId}`)).body.order.version).toBe(detail.body.order.version);

    const accepted = await decide(orderId, 'accept').set('If-Match', detail.headers.etag!);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.order).toMatchObject({ status: 'completed', paid_at: expect.any(String) });
    const after = await revenue();
    expect(after.stats.revenue).toBe(before.stats.revenue + 16_000);
    expect(after.stats.paymentMismatchCount).toBe(before.stats.paymentMismatchCount);

    await caughtUp();
    const entries = await auditOf(orderId);
    const mismatch = entries.find((e) => e.action === 'order.payment_mismatched');
    expect(mismatch).toMatchObject({ actor: { type: 'payment' } });
    expect(mismatch!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'pending', after: 'payment_mismatch' },
        { field: 'amount', before: null, after: 1 },
      ]),
    );
    const decision = entries.find((e) => e.action === 'order.payment_accepted');
    expect(decision).toMatchObject({ actor: { type: 'admin', name: 'Administrator' } });
    expect(decision!.changes).toEqual([{ field: 'status', before: 'payment_mismatch', after: 'completed' }]);
  });

  it('flags a payment in another currency; cancelling the order fails it and keeps it out of the revenue', async () => {
    const before = await revenue();
    const { orderId, checkoutId } = await placeOrder();
    await paidWebhook(checkoutId, orderId, 16_000, 'eur');
    expect((await adminGet(`/api/admin/orders/${orderId}`)).body.order).toMatchObject({
      status: 'payment_mismatch',
      payment_mismatch: { amount: 16_000, currency: 'eur' },
    });

    const canceled = await decide(orderId, 'cancel');
    expect(canceled.status, canceled.text).toBe(200);
    expect(canceled.body.order).toMatchObject({ status: 'failed', paid_at: null });
    expect((await revenue()).stats.revenue).toBe(before.stats.revenue);
    // The provider's news again does not bring the order back.
    await paidWebhook(checkoutId, orderId, 16_000, 'eur');
    expect((await adminGet(`/api/admin/orders/${orderId}`)).body.order.status).toBe('failed');

    await caughtUp();
    const actions = (await auditOf(orderId)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['order.payment_mismatched', 'order.payment_rejected']));
  });

  it('lets one of two admins deciding at once win; the other gets 409', async () => {
    const { orderId, checkoutId } = await placeOrder();
    await paidWebhook(checkoutId, orderId, 15_000);
    const { etag } = (await adminGet(`/api/admin/orders/${orderId}`)).headers;
    const answers = await Promise.all([
      decide(orderId, 'accept').set('If-Match', etag!),
      decide(orderId, 'cancel').set('If-Match', etag!),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    // Without If-Match, a decision on a decided order is refused too.
    expect((await decide(orderId, 'accept')).status).toBe(409);
    expect((await decide(orderId, 'maybe')).status).toBe(400);
  });

  it('completes an order paid exactly, as before', async () => {
    const { orderId, checkoutId } = await placeOrder();
    await paidWebhook(checkoutId, orderId, 16_000);
    expect((await adminGet(`/api/admin/orders/${orderId}`)).body.order.status).toBe('completed');
    expect((await decide(orderId, 'accept')).status).toBe(409);
  });
});
