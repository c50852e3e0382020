import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import type { RunningApp } from '../../main';

// The checkout's throttles, at their default limits: accepted checkouts per phone (5 in 10
// minutes) and per address (60 a minute); refused ones apart per address (30 a minute).
describe('checkout throttles', () => {
  let app: RunningApp;
  let productId: string;
  beforeAll(async () => {
    // The default limits (test apps otherwise lift them).
    app = await startTestApp({
      env: {
        TRUST_PROXY: 'loopback',
        CHECKOUTS_PER_MINUTE: '60',
        CHECKOUTS_PER_PHONE_PER_10_MINUTES: '5',
        REJECTED_CHECKOUTS_PER_MINUTE: '30',
        CHECKOUT_STATUS_PER_MINUTE: '120',
        PHONE_CHANGES_PER_10_MINUTES: '5',
      },
    });
    productId = (await createProduct(app.url, await adminToken(app.url), 'Throttled Gold', [['1 month', 2000]])).id;
  });
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const tally = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});
  const phoneOf = (n: number) => `0550${String(n).padStart(6, '0')}`;
  const checkout = (address: string, phone: string, amount = 2000) =>
    request(app.url)
      .post('/api/payment/create-checkout')
      .set(from(address))
      .send({ amount, phone, items: [{ productId, duration: '1 month', quantity: 1 }] });
  const codes = (answers: { status: number; body: { code?: string } }[]) => [
    ...new Set(answers.filter((r) => r.status === 429).map((r) => r.body.code)),
  ];

  it('lets 50 shoppers behind one address check out at once', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => checkout('10.60.0.1', phoneOf(i))));
    expect(tally(answers)).toEqual({ 200: 50 });
  });

  it('stops one phone at 5 checkouts in 10 minutes, whatever its addresses', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => checkout(`10.60.1.${i % 3}`, '0661000001')));
    expect(tally(answers)).toEqual({ 200: 5, 429: 7 });
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body).toEqual({
      status: 429,
      code: 'checkout.rate_limited_phone',
      params: { seconds: expect.any(Number) },
      message: expect.stringMatching(/^Too many checkouts for this phone number\. Try again in \d+ seconds?\.$/),
      retryAfterSeconds: expect.any(Number),
    });
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(60);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
    expect((await checkout('10.60.1.0', '0661000002')).status).toBe(200);
  });

  it('stops one address at 60 accepted checkouts a minute', async () => {
    const answers = await Promise.all(Array.from({ length: 70 }, (_, i) => checkout('10.60.2.1', phoneOf(1000 + i))));
    expect(tally(answers)).toEqual({ 200: 60, 429: 10 });
    expect(codes(answers)).toEqual(['checkout.rate_limited']);
    expect((await checkout('10.60.2.2', phoneOf(2000))).status).toBe(200);
  });

  it('stops a script sending refused checkouts at 30 a minute, without eating the budget of the shoppers behind its address', async () => {
    const junk = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        request(app.url).post('/api/payment/create-checkout').set(from('10.60.3.1')).send({}),
      ),
      // Mispriced: the real total would be answered (409) until the limit.
      ...Array.from({ length: 20 }, (_, i) => checkout('10.60.3.1', phoneOf(3000 + i), 1)),
    ]);
    expect(junk.filter((r) => r.status === 400 || r.status === 409)).toHaveLength(30);
    expect(junk.filter((r) => r.status === 429)).toHaveLength(10);
    const refused = junk.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({
      code: 'checkout.rejected_rate_limited',
      message: expect.stringMatching(/^Too many refused checkouts from your address\. Try again in \d+ seconds?\.$/),
    });
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
    // The shoppers behind that address still have all of their 60.
    const shoppers = await Promise.all(Array.from({ length: 60 }, (_, i) => checkout('10.60.3.1', phoneOf(4000 + i))));
    expect(tally(shoppers)).toEqual({ 200: 60 });
    expect((await request(app.url).post('/api/payment/create-checkout').set(from('10.60.3.2')).send({})).status).toBe(
      400,
    );
  });

  it('allows 5 phone changes per 10 minutes from one address, even in parallel', async () => {
    const change = (address: string) =>
      request(app.url).post('/api/payment/update-customer-phone').set(from(address)).send({});
    const answers = await Promise.all(Array.from({ length: 8 }, () => change('10.62.0.1')));
    expect(tally(answers)).toEqual({ 400: 5, 429: 3 });
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many phone changes from your address\. Try again in \d+ seconds?\.$/);
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(60);
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
    expect((await change('10.62.0.2')).status).toBe(400);
  });

  it('allows 120 checkout-status requests a minute from one address, even in parallel', async () => {
    const ask = (address: string) =>
      request(app.url).get('/api/payment/checkout-status/no-such-checkout').set(from(address));
    const answers = await Promise.all(Array.from({ length: 130 }, () => ask('10.61.0.1')));
    expect(tally(answers)).toEqual({ 404: 120, 429: 10 });
    expect(answers.find((res) => res.status === 429)!.body.message).toMatch(
      /^Too many payment status checks from your address\. Try again in \d+ seconds?\.$/,
    );
    expect((await ask('10.61.0.2')).status).toBe(404);
  });
});
