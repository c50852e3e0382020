import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/support/app';
import type { RunningApp } from '../../main';

// The throttles count every request, before its body is read: these requests are refused as
// incomplete (400) or unknown (404) once counted, so no order is placed and no provider is called.
describe('checkout throttles per address', () => {
  let app: RunningApp;
  beforeAll(async () => {
    // The default limits (test apps otherwise lift them).
    app = await startTestApp({
      env: {
        TRUST_PROXY: 'loopback',
        CHECKOUTS_PER_MINUTE: '10',
        CHECKOUT_STATUS_PER_MINUTE: '120',
        PHONE_CHANGES_PER_10_MINUTES: '5',
      },
    });
  });
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const tally = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((t, r) => ({ ...t, [r.status]: (t[r.status] ?? 0) + 1 }), {});

  it('allows 10 create-checkout requests a minute from one address, even in parallel', async () => {
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        request(app.url).post('/api/payment/create-checkout').set(from('10.60.0.1')).send({}),
      ),
    );
    expect(tally(answers)).toEqual({ 400: 10, 429: 5 });
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body).toEqual({
      status: 429,
      message: expect.stringMatching(/^Too many checkouts from your address\. Try again in \d+ seconds?\.$/),
      retryAfterSeconds: expect.any(Number),
    });
    expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
    expect((await request(app.url).post('/api/payment/create-checkout').set(from('10.60.0.2')).send({})).status).toBe(
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
