import http from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, startChargilyStandIn, type ChargilyStandIn } from '../../../../test/support/chargily-stand-in';
import { errorHandler } from '../../../platform/http/errors';
import { createChargilyProvider } from './chargily';
import {
  CheckoutNotFound,
  ProviderRejected,
  ProviderUnavailable,
  type CreateCheckoutRequest,
  type PaymentProvider,
  type WebhookNotification,
} from './provider';

describe('Chargily adapter against the stand-in', () => {
  let chargily: ChargilyStandIn;
  let provider: PaymentProvider;
  let hooks: { url: string; close: () => Promise<void> };
  const received: WebhookNotification[] = [];

  beforeAll(async () => {
    chargily = await startChargilyStandIn();
    provider = createChargilyProvider({ apiKey: chargily.apiKey, mode: 'test', apiUrl: chargily.url });
    // Our side of the webhook, as the ordering module will mount it: the raw body, parsed by the provider.
    const app = express();
    app.post('/webhook', express.raw({ type: '*/*' }), (req, res) => {
      received.push(provider.parseWebhook(req.body, req.headers));
      res.json({ received: true });
    });
    app.use(errorHandler({ error: () => {} }));
    hooks = await listenLocally(http.createServer(app));
  });
  afterAll(async () => {
    await chargily.close();
    await hooks.close();
  });

  const request = (change: Partial<CreateCheckoutRequest> = {}): CreateCheckoutRequest => ({
    amount: 2000,
    description: 'Premium · 3 months',
    paymentMethod: 'baridi_mob',
    successUrl: 'https://store.example/payment/return',
    failureUrl: 'https://store.example/payment/return',
    webhookUrl: `${hooks.url}/webhook`,
    metadata: { order_id: 'order-1', customer_name: 'Customer' },
    locale: 'ar',
    ...change,
  });

  it('creates a checkout with Chargily’s fields and reads it back', async () => {
    const before = Date.now();
    const created = await provider.createCheckout(request());
    expect(created).toMatchObject({
      status: 'pending',
      amount: 2000,
      currency: 'dzd',
      paymentMethod: null,
      metadata: { order_id: 'order-1', customer_name: 'Customer' },
      checkoutUrl: `https://pay.chargily.dz/test/checkouts/${created.id}/pay`,
    });
    // Chargily documents a 30 minute life; the status stays what Chargily says. Its timestamps
    // are whole seconds, so the expiry may land up to a second after our clock's 30 minutes.
    const lifetime = Date.parse(created.expiresAt!) - before;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000 + 1000);
    expect(chargily.checkouts.get(created.id)).toMatchObject({
      currency: 'dzd',
      locale: 'ar',
      description: 'Premium · 3 months',
      success_url: 'https://store.example/payment/return',
      webhook_endpoint: `${hooks.url}/webhook`,
    });
    expect(await provider.getCheckout(created.id)).toEqual(created);
  });

  it('asks for edahabia for BaridiMob and cib for a card', async () => {
    const baridi = await provider.createCheckout(request());
    const card = await provider.createCheckout(request({ paymentMethod: 'card' }));
    await chargily.settle(baridi.id, 'paid');
    await chargily.settle(card.id, 'paid');
    expect((await provider.getCheckout(baridi.id)).paymentMethod).toBe('baridi_mob');
    expect((await provider.getCheckout(card.id)).paymentMethod).toBe('card');
  });

  it('receives the signed webhook and reads what the shopper actually used', async () => {
    const created = await provider.createCheckout(request());
    const { webhookStatus } = await chargily.settle(created.id, 'paid', 'cib');
    expect(webhookStatus).toBe(200);
    expect(received.at(-1)).toEqual({
      checkoutId: created.id,
      status: 'paid',
      paymentMethod: 'card',
      amount: 2000,
      currency: 'dzd',
      eventId: expect.any(String),
    });
    expect(await provider.getCheckout(created.id)).toMatchObject({ status: 'paid', paymentMethod: 'card' });
  });

  it.each(['failed', 'canceled'] as const)('reports a %s checkout by webhook and by polling', async (status) => {
    const created = await provider.createCheckout(request());
    await chargily.settle(created.id, status);
    expect(received.at(-1)).toMatchObject({ checkoutId: created.id, status });
    expect((await provider.getCheckout(created.id)).status).toBe(status);
  });

  it('reports a checkout whose payment is processing as pending', async () => {
    const created = await provider.createCheckout(request());
    chargily.processing(created.id);
    expect((await provider.getCheckout(created.id)).status).toBe('pending');
  });

  it('reports an expired checkout by webhook (checkout.expired) and by polling', async () => {
    const created = await provider.createCheckout(request());
    const { webhookStatus } = await chargily.expire(created.id);
    expect(webhookStatus).toBe(200);
    expect(received.at(-1)).toMatchObject({ checkoutId: created.id, status: 'expired' });
    expect((await provider.getCheckout(created.id)).status).toBe('expired');
  });

  it('refuses what a live-mode Chargily says to a test-mode store: the webhook gets 400, a poll is no answer, both logged', async () => {
    const live = await startChargilyStandIn(chargily.apiKey, { livemode: true });
    const warnings: string[] = [];
    const logger = { warn: (...args: unknown[]) => void warnings.push(String(args[1])) };
    try {
      const testStore = createChargilyProvider({ apiKey: live.apiKey, mode: 'test', apiUrl: live.url, logger });
      const liveStore = createChargilyProvider({ apiKey: live.apiKey, mode: 'live', apiUrl: live.url });
      const created = await liveStore.createCheckout(request());
      await expect(testStore.getCheckout(created.id)).rejects.toBeInstanceOf(ProviderUnavailable);
      expect(warnings.at(-1)).toMatch(/live mode checkout to a store in test mode/);
      const count = received.length;
      // Our webhook endpoint (the test-mode provider of this file) gets the live event.
      expect((await live.settle(created.id, 'paid')).webhookStatus).toBe(400);
      expect(received).toHaveLength(count);
    } finally {
      await live.close();
    }
  });

  it('answers 401 to a webhook signed with another key, and records nothing', async () => {
    const count = received.length;
    const forger = await startChargilyStandIn('test_sk_not_ours');
    try {
      const forged = createChargilyProvider({ apiKey: forger.apiKey, mode: 'test', apiUrl: forger.url });
      const created = await forged.createCheckout(request());
      expect((await forger.settle(created.id, 'paid')).webhookStatus).toBe(401);
      expect(received).toHaveLength(count);
    } finally {
      await forger.close();
    }
  });

  it('throws CheckoutNotFound for an id Chargily does not know', async () => {
    await expect(provider.getCheckout('01hj5n7cqpaf0mt2d0xx85tgz8')).rejects.toBeInstanceOf(CheckoutNotFound);
  });

  it('throws ProviderRejected with Chargily’s message for invalid input', async () => {
    const error = await provider.createCheckout(request({ amount: 50 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRejected);
    expect(error).toMatchObject({ status: 422, errors: { amount: ['The amount field must be at least 75.'] } });
    expect((error as Error).message).toContain('The amount field must be at least 75.');
  });

  it('throws ProviderRejected (not retryable) for a wrong key', async () => {
    const wrongKey = createChargilyProvider({ apiKey: 'test_sk_wrong', mode: 'test', apiUrl: chargily.url });
    const error = await wrongKey.createCheckout(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRejected);
    expect(error).toMatchObject({ status: 401, message: expect.stringContaining('Unauthenticated.') });
  });

  it('throws ProviderUnavailable while Chargily answers 5xx', async () => {
    const created = await provider.createCheckout(request());
    chargily.outage(true);
    try {
      await expect(provider.getCheckout(created.id)).rejects.toBeInstanceOf(ProviderUnavailable);
      await expect(provider.createCheckout(request())).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      chargily.outage(false);
    }
    expect((await provider.getCheckout(created.id)).status).toBe('pending');
  });

  it('throws ProviderUnavailable when Chargily is down', async () => {
    const gone = await startChargilyStandIn();
    await gone.close();
    const provider = createChargilyProvider({ apiKey: gone.apiKey, mode: 'test', apiUrl: gone.url });
    await expect(provider.createCheckout(request())).rejects.toBeInstanceOf(ProviderUnavailable);
  });

  it('throws ProviderUnavailable when Chargily does not answer in time', async () => {
    // Takes the request and never answers.
    const silent = await listenLocally(http.createServer(() => {}));
    try {
      const provider = createChargilyProvider({ apiKey: 'test_sk', mode: 'test', apiUrl: silent.url, timeoutMs: 200 });
      await expect(provider.getCheckout('any')).rejects.toBeInstanceOf(ProviderUnavailable);
    } finally {
      await silent.close();
    }
  });
});
