import { describe, expect, it } from 'vitest';
import {
  fromChargilyMethod,
  fromChargilyStatus,
  parseSignedWebhook,
  signWebhook,
  toChargilyMethod,
  verifySignature,
  type ChargilyStatus,
} from './chargily';
import { InvalidSignature, InvalidWebhook } from './provider';

const SECRET = 'test_sk_0123456789abcdef';
const TEST_MODE = { live: false };

/** An event as Chargily's webhook documentation shows it. */
const event = (data: Record<string, unknown> = {}, type = 'checkout.paid', envelope: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      id: '01hjjjzf7wbc454te45mwx35fe',
      entity: 'event',
      livemode: 'false',
      type,
      data: {
        id: '01hjjj9aymmrwe664nbzrv84sg',
        entity: 'checkout',
        amount: 2000,
        status: 'paid',
        payment_method: 'edahabia',
        metadata: null,
        ...data,
      },
      created_at: 1703578418,
      updated_at: 1703578418,
      ...envelope,
    }),
  );

const signed = (body: Buffer, secret = SECRET) => ({ signature: signWebhook(body, secret) });

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of the body with the secret key', () => {
    // RFC-style known vector, independent of our code.
    expect(signWebhook('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('verifies a good signature over the raw bytes', () => {
    const body = event();
    expect(verifySignature(body, signed(body).signature, SECRET)).toBe(true);
  });

  it.each([
    [
      'a body changed after signing',
      (body: Buffer) => [Buffer.from(body.toString().replace('2000', '20')), signWebhook(body, SECRET)],
    ],
    ['another secret', (body: Buffer) => [body, signWebhook(body, 'another-secret-key')]],
    ['a missing header', (body: Buffer) => [body, undefined]],
    ['an empty header', (body: Buffer) => [body, '']],
    ['a truncated signature (wrong length)', (body: Buffer) => [body, signWebhook(body, SECRET).slice(0, 40)]],
    ['a longer signature', (body: Buffer) => [body, `${signWebhook(body, SECRET)}00`]],
    ['a repeated header', (body: Buffer) => [body, [signWebhook(body, SECRET), signWebhook(body, SECRET)]]],
    [
      'the same bytes in base64',
      (body: Buffer) => [body, Buffer.from(signWebhook(body, SECRET), 'hex').toString('base64')],
    ],
  ] as const)('refuses %s', (_name, tamper) => {
    const [body, signature] = tamper(event());
    expect(verifySignature(body as Buffer, signature as string | string[] | undefined, SECRET)).toBe(false);
  });
});

describe('parseSignedWebhook', () => {
  it('reads the checkout of a signed event in our words', () => {
    const body = event({ payment_method: 'edahabia' });
    expect(parseSignedWebhook(body, signed(body), SECRET, TEST_MODE)).toEqual({
      checkoutId: '01hjjj9aymmrwe664nbzrv84sg',
      status: 'paid',
      paymentMethod: 'baridi_mob',
      amount: 2000,
      currency: 'dzd',
      eventId: '01hjjjzf7wbc454te45mwx35fe',
    });
  });

  it('reads the currency paid, in lower case; dzd when the event leaves it out, as the documented sample does', () => {
    const euros = event({ currency: 'EUR' });
    expect(parseSignedWebhook(euros, signed(euros), SECRET, TEST_MODE)).toMatchObject({
      amount: 2000,
      currency: 'eur',
    });
    const dinars = event({ currency: 'dzd' });
    expect(parseSignedWebhook(dinars, signed(dinars), SECRET, TEST_MODE)).toMatchObject({ currency: 'dzd' });
    const unsaid = event();
    expect(parseSignedWebhook(unsaid, signed(unsaid), SECRET, TEST_MODE)).toMatchObject({ currency: 'dzd' });
  });

  it('throws InvalidSignature (401) before reading anything', () => {
    const body = event();
    const attempt = () => parseSignedWebhook(body, { signature: 'f'.repeat(64) }, SECRET, TEST_MODE);
    expect(attempt).toThrow(InvalidSignature);
    expect(attempt).toThrow(expect.objectContaining({ status: 401 }));
    expect(() => parseSignedWebhook(body, {}, SECRET, TEST_MODE)).toThrow(InvalidSignature);
  });

  it('reads a checkout.expired event as an expired checkout', () => {
    const body = event({ status: 'expired', payment_method: null }, 'checkout.expired');
    expect(parseSignedWebhook(body, signed(body), SECRET, TEST_MODE)).toMatchObject({
      status: 'expired',
      paymentMethod: null,
    });
  });

  it.each([
    ['a live event (as text) to a test store', event({}, 'checkout.paid', { livemode: 'true' }), false],
    ['a live event (as a boolean) to a test store', event({}, 'checkout.paid', { livemode: true }), false],
    ['a test event to a live store', event(), true],
    ['a live checkout inside a test event, to a test store', event({ livemode: true }), false],
  ])('refuses %s with 400, and tells the logger', (_name, body, live) => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
    const attempt = () => parseSignedWebhook(body, signed(body), SECRET, { live, logger });
    expect(attempt).toThrow(InvalidWebhook);
    expect(attempt).toThrow(/mode event sent to a store in (test|live) mode/);
    expect(warnings.length).toBeGreaterThan(0);
  });

  it('accepts a live event in a live store', () => {
    const body = event({ livemode: true }, 'checkout.paid', { livemode: 'true' });
    expect(parseSignedWebhook(body, signed(body), SECRET, { live: true }).status).toBe('paid');
  });

  it.each([
    ['a body that is not JSON', Buffer.from('not json')],
    ['an event without its mode', event({}, 'checkout.paid', { livemode: undefined })],
    ['an event that is not about a checkout', event({}, 'customer.created')],
    ['a status Chargily does not document', event({ status: 'refunded' })],
    ['a checkout without an id', event({ id: '' })],
  ])('refuses %s with 400, even signed', (_name, body) => {
    expect(() => parseSignedWebhook(body, signed(body), SECRET, TEST_MODE)).toThrow(InvalidWebhook);
  });
});

describe('mapping', () => {
  it.each([
    ['pending', 'pending'],
    ['processing', 'pending'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ] as const)('Chargily status %s is %s', (theirs: ChargilyStatus, ours) => {
    expect(fromChargilyStatus(theirs)).toBe(ours);
  });

  it('maps our methods to Chargily and back; other methods pass through', () => {
    expect(toChargilyMethod('baridi_mob')).toBe('edahabia');
    expect(toChargilyMethod('card')).toBe('cib');
    expect(fromChargilyMethod('edahabia')).toBe('baridi_mob');
    expect(fromChargilyMethod('cib')).toBe('card');
    expect(fromChargilyMethod('chargily_app')).toBe('chargily_app');
    expect(fromChargilyMethod(null)).toBeNull();
  });
});
