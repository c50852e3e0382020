import { createHmac } from 'node:crypto';
import http from 'node:http';
import express from 'express';
import request from 'supertest';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { listenLocally } from '../../../../test/support/chargily-stand-in';
import { freshDatabase } from '../../../../test/support/database';
import { openDatabase } from '../../../platform/db/database';
import { waitUntil } from '../../../../test/support/wait';
import { errorHandler } from '../../../platform/http/errors';
import {
  CheckoutNotFound,
  InvalidSignature,
  ProviderRejected,
  type CreateCheckoutRequest,
  type WebhookNotification,
} from './provider';
import { createSandboxProvider, type SandboxDeps, type SandboxProvider } from './sandbox';
import { sandboxPageRouter } from './sandbox-page';

const SECRET = 'sandbox-webhook-secret-for-tests';
const EXPIRES_AFTER_MS = 30 * 60_000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/28', cvv: '123' };

describe('sandbox provider and its hosted page', () => {
  // Every time the sandbox and the page read comes from here, so a test can move time on.
  let clock = new Date('2026-06-15T10:00:00Z');
  let databaseUrl: string;
  let deps: SandboxDeps;
  let sandbox: SandboxProvider;
  let site: { url: string; close: () => Promise<void> };
  const webhooks: { raw: Buffer; signature: string; notification: WebhookNotification }[] = [];
  let webhookFailures = 0;

  beforeAll(async () => {
    const database = await freshDatabase();
    databaseUrl = database.url;
    const app = express();
    site = await listenLocally(http.createServer(app));
    deps = {
      db: database.db,
      publicUrl: site.url,
      webhookSecret: SECRET,
      expiresAfterMs: EXPIRES_AFTER_MS,
      now: () => clock,
      webhookRetryDelaysMs: [20, 20],
    };
    sandbox = createSandboxProvider(deps);
    app.use(sandboxPageRouter(sandbox, { now: () => clock }));
    // The shop's webhook endpoint: it fails while webhookFailures lasts, then reads what it gets.
    app.post('/webhook', express.raw({ type: 'application/json' }), (req, res) => {
      if (webhookFailures > 0) {
        webhookFailures--;
        return res.status(503).end();
      }
      const notification = sandbox.parseWebhook(req.body, req.headers);
      webhooks.push({ raw: req.body, signature: String(req.headers.signature), notification });
      res.json({ received: true });
    });
    app.use(errorHandler({ error: () => {} }));
  });
  afterAll(() => site.close());

  const checkoutRequest = (change: Partial<CreateCheckoutRequest> = {}): CreateCheckoutRequest => ({
    amount: 2000,
    description: 'Premium · 3 months',
    paymentMethod: 'baridi_mob',
    successUrl: `${site.url}/payment/return?order=order-1`,
    failureUrl: `${site.url}/payment/return?order=order-1&declined=1`,
    webhookUrl: `${site.url}/webhook`,
    metadata: { order_id: 'order-1' },
    locale: 'fr',
    ...change,
  });
  const pagePath = (id: string) => `/sandbox/checkout/${id}`;
  const submit = (id: string, form: Record<string, string>) =>
    request(site.url).post(pagePath(id)).type('form').send(form);
  const webhooksFor = (id: string) => webhooks.filter((w) => w.notification.checkoutId === id);
  const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  describe('the provider', () => {
    it('creates a pending checkout on its hosted page, expiring after the configured time', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      expect(checkout).toEqual({
        id: expect.any(String),
        checkoutUrl: `${site.url}/sandbox/checkout/${checkout.id}`,
        status: 'pending',
        amount: 2000,
        currency: 'dzd',
        paymentMethod: null,
        metadata: { order_id: 'order-1' },
        expiresAt: new Date(clock.getTime() + EXPIRES_AFTER_MS).toISOString(),
      });
      expect(await sandbox.getCheckout(checkout.id)).toEqual(checkout);
    });

    it('is shared by every app instance through PostgreSQL', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const other = openDatabase(databaseUrl, { max: 2 });
      try {
        const elsewhere = createSandboxProvider({ ...deps, db: other.db });
        expect(await elsewhere.getCheckout(checkout.id)).toEqual(checkout);
      } finally {
        await other.close();
      }
    });

    it('throws CheckoutNotFound for an unknown id', async () => {
      await expect(sandbox.getCheckout('no-such-checkout')).rejects.toBeInstanceOf(CheckoutNotFound);
    });

    it('refuses relative return URLs, as Chargily would', async () => {
      await expect(sandbox.createCheckout(checkoutRequest({ successUrl: '/payment/return' }))).rejects.toBeInstanceOf(
        ProviderRejected,
      );
    });

    it('reports expired once the configured time has passed, and then takes no payment', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      clock = new Date(clock.getTime() + EXPIRES_AFTER_MS - 1000);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe('pending');
      clock = new Date(clock.getTime() + 1000);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe('expired');

      const page = await request(site.url).get(pagePath(checkout.id)).query({ lang: 'en' });
      expect(page.text).toContain('This payment page has expired.');
      const res = await submit(checkout.id, { outcome: 'paid', method: 'baridi_mob' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${site.url}/payment/return?order=order-1&declined=1`);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe('expired');
      expect(webhooksFor(checkout.id)).toHaveLength(0);
    });

    it('refuses a webhook signed with another secret', async () => {
      const body = Buffer.from('{"id":"evt","type":"checkout.paid","data":{}}');
      const signature = createHmac('sha256', 'not-the-sandbox-secret').update(body).digest('hex');
      expect(() => sandbox.parseWebhook(body, { signature })).toThrow(InvalidSignature);
    });
  });

  describe('GET /sandbox/checkout/:id', () => {
    it('shows the amount and the description, escaped, in the checkout’s language', async () => {
      const checkout = await sandbox.createCheckout(
        checkoutRequest({ amount: 2000, description: '<img src=x onerror=alert(1)> & "Premium"' }),
      );
      const res = await request(site.url).get(pagePath(checkout.id));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('<html lang="fr" dir="ltr">');
      expect(spaces(res.text)).toContain('2 000 Da');
      expect(res.text).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;Premium&#34;');
      expect(res.text).not.toContain('<img');
      for (const outcome of ['paid', 'failed', 'canceled'])
        expect(res.text).toContain(`name="outcome" value="${outcome}"`);
      for (const method of ['baridi_mob', 'card'])
        expect(res.text).toContain(`name="method" id="method-${method}" value="${method}"`);
      for (const field of ['cardNumber', 'expiry', 'cvv']) expect(res.text).toContain(`name="${field}"`);
    });

    it.each([
      ['en', 'TEST PAYMENT', 'no money is taken'],
      ['fr', 'PAIEMENT DE TEST', 'aucun montant n’est débité'],
      ['ar', 'دفع تجريبي', 'لن يُقتطع أي مبلغ'],
    ])('says loudly, before anything else, that it is a test payment (%s)', async (lang, title, text) => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      for (const page of [
        await request(site.url).get(pagePath(checkout.id)).query({ lang }),
        await request(site.url).get(pagePath('no-such-checkout')).query({ lang }),
      ]) {
        expect(page.text).toMatch(
          new RegExp(`<body>\\s*<div class="test-banner" role="note"><strong>${title}</strong><span>[^<]*${text}`),
        );
        expect(page.text).toContain(`<title>${title} · `);
      }
    });

    it('follows ?lang=, right to left in Arabic', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const res = await request(site.url).get(pagePath(checkout.id)).query({ lang: 'ar' });
      expect(res.text).toContain('<html lang="ar" dir="rtl">');
      expect(res.text).toContain('دفع آمن');
      expect(res.text).toContain(`action="/sandbox/checkout/${checkout.id}?lang=ar"`);
    });

    it('holds nothing the CSP would block: no inline script or style; the CSS has its own route', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const page = await request(site.url).get(pagePath(checkout.id));
      expect(page.text).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
      const css = await request(site.url).get('/sandbox/sandbox.css');
      expect(css.status).toBe(200);
      expect(css.headers['content-type']).toMatch(/^text\/css/);
      expect(css.text).toContain('#method-card:checked ~ .card-fields');
    });

    it('answers a 404 page for an unknown checkout', async () => {
      const res = await request(site.url).get(pagePath('no-such-checkout')).query({ lang: 'en' });
      expect(res.status).toBe(404);
      expect(res.text).toContain('Payment not found');
      expect((await submit('no-such-checkout', { outcome: 'paid', method: 'baridi_mob' })).status).toBe(404);
    });
  });

  describe('POST /sandbox/checkout/:id', () => {
    it('pays with BaridiMob: 303 to the success URL, then a webhook signed like Chargily’s', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const res = await submit(checkout.id, { outcome: 'paid', method: 'baridi_mob' });
      expect(res.status).toBe(303);
      // As Chargily does, the checkout's own id is appended to the success URL.
      expect(res.headers.location).toBe(`${site.url}/payment/return?order=order-1&checkout_id=${checkout.id}`);
      await waitUntil(() => webhooksFor(checkout.id).length === 1);
      const [webhook] = webhooksFor(checkout.id);
      expect(webhook!.signature).toBe(createHmac('sha256', SECRET).update(webhook!.raw).digest('hex'));
      expect(JSON.parse(webhook!.raw.toString())).toMatchObject({
        type: 'checkout.paid',
        data: { id: checkout.id, status: 'paid', amount: 2000, currency: 'dzd', payment_method: 'edahabia' },
      });
      expect(webhook!.notification).toEqual({
        checkoutId: checkout.id,
        status: 'paid',
        paymentMethod: 'baridi_mob',
        amount: 2000,
        currency: 'dzd',
        eventId: expect.any(String),
      });
      expect(await sandbox.getCheckout(checkout.id)).toMatchObject({ status: 'paid', paymentMethod: 'baridi_mob' });
    });

    it('pays by card with plausible card details, and reports the method the shopper used', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest({ paymentMethod: 'baridi_mob' }));
      const res = await submit(checkout.id, { outcome: 'paid', method: 'card', ...GOOD_CARD });
      expect(res.status).toBe(303);
      await waitUntil(() => webhooksFor(checkout.id).length === 1);
      expect(webhooksFor(checkout.id)[0]!.notification.paymentMethod).toBe('card');
      expect(await sandbox.getCheckout(checkout.id)).toMatchObject({ status: 'paid', paymentMethod: 'card' });
    });

    it('refuses invalid card details with 400 and records nothing, without echoing them', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const res = await submit(checkout.id, {
        outcome: 'paid',
        method: 'card',
        cardNumber: '4242 4242 4242 4241',
        expiry: '01/20',
        cvv: '12',
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain('Saisissez un numéro de carte valide.');
      expect(res.text).toContain('Saisissez une date d’expiration (MM/AA) non dépassée.');
      expect(res.text).toContain('Le CVV correspond aux 3 chiffres au dos de la carte.');
      expect(res.text).toContain('aria-invalid="true"');
      expect(res.text).not.toContain('4241');
      expect(res.text).toMatch(/id="method-card" value="card" checked/);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe('pending');
      expect(webhooksFor(checkout.id)).toHaveLength(0);
    });

    it('refuses a form without a known outcome or method with 400', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      expect((await submit(checkout.id, { outcome: 'refunded', method: 'baridi_mob' })).status).toBe(400);
      expect((await submit(checkout.id, { outcome: 'paid', method: 'cash' })).status).toBe(400);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe('pending');
    });

    it.each([
      ['declines', { outcome: 'failed', method: 'card', ...GOOD_CARD }, 'failed'],
      ['cancels without needing card details', { outcome: 'canceled', method: 'card', cardNumber: 'x' }, 'canceled'],
    ])('%s: 303 to the failure URL and a webhook', async (_name, form, status) => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const res = await submit(checkout.id, form);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${site.url}/payment/return?order=order-1&declined=1`);
      await waitUntil(() => webhooksFor(checkout.id).length === 1);
      expect(webhooksFor(checkout.id)[0]!.notification.status).toBe(status);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe(status);
    });

    it('keeps the first outcome when the form is sent again', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      await submit(checkout.id, { outcome: 'paid', method: 'baridi_mob' });
      const again = await submit(checkout.id, { outcome: 'canceled', method: 'baridi_mob' });
      expect(again.status).toBe(303);
      expect(again.headers.location).toBe(`${site.url}/payment/return?order=order-1&checkout_id=${checkout.id}`);
      expect((await sandbox.getCheckout(checkout.id)).status).toBe('paid');
      const page = await request(site.url).get(pagePath(checkout.id)).query({ lang: 'en' });
      expect(page.text).toContain('This payment is complete.');
      await waitUntil(() => webhooksFor(checkout.id).length === 1);
      expect(webhooksFor(checkout.id)).toHaveLength(1);
    });

    it('records one outcome and sends one webhook when submits race (from any instance)', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      const outcomes = ['paid', 'failed', 'canceled', 'paid'] as const;
      const results = await Promise.all(
        outcomes.map((outcome) => sandbox.complete(checkout.id, outcome, 'baridi_mob')),
      );
      const { status } = await sandbox.getCheckout(checkout.id);
      expect(results.map((result) => result!.status)).toEqual(outcomes.map(() => status));
      // complete() waits for the first delivery attempt, so every webhook sent has arrived by now.
      expect(webhooksFor(checkout.id).map((w) => w.notification.status)).toEqual([status]);
    });

    it('retries a webhook the shop did not take, with backoff', async () => {
      const checkout = await sandbox.createCheckout(checkoutRequest());
      webhookFailures = 2;
      expect((await submit(checkout.id, { outcome: 'paid', method: 'baridi_mob' })).status).toBe(303);
      await waitUntil(() => webhooksFor(checkout.id).length === 1);
      expect(webhookFailures).toBe(0);
    });
  });
});
