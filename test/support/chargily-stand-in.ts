import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/**
 * A local Chargily Pay V2, written from its documentation (dev.chargily.com/pay-v2) and not from our
 * adapter: POST /checkouts and GET /checkouts/{id} behind `Authorization: Bearer <secret key>`,
 * Laravel-style errors ({message, errors}), and webhooks signed with the secret key (hex
 * HMAC-SHA256 of the raw body in a `signature` header). Tests drive the shopper's side with `settle`.
 */
export interface ChargilyStandIn {
  /** The API base URL, as CHARGILY_API_URL. */
  url: string;
  apiKey: string;
  /** Chargily's checkout objects by id, as it would answer them. */
  checkouts: Map<string, Record<string, unknown>>;
  /** Every API call received, as "METHOD /path" (authenticated or not), to count what we cost. */
  requests: string[];
  /**
   * The shopper pays, is declined or cancels: updates the checkout, posts the signed webhook, and
   * answers where the shopper's browser is sent: failure_url, or success_url with Chargily's own
   * `checkout_id` appended.
   */
  settle(
    id: string,
    status: 'paid' | 'failed' | 'canceled',
    paymentMethod?: string,
  ): Promise<{ webhookStatus: number | undefined; redirect: string | undefined }>;
  /** The shopper's payment is under way: the checkout answers 'processing' (no webhook). */
  processing(id: string): void;
  /** The checkout's life ends unpaid: 'expired', and a checkout.expired webhook unless told not to. */
  expire(id: string, options?: { webhook?: boolean }): Promise<{ webhookStatus: number | undefined }>;
  /** While on, every API call answers 503, as during an outage. */
  outage(on: boolean): void;
  close(): Promise<void>;
}

export interface StandInOptions {
  /** Live mode instead of test mode: what a live secret key gets (livemode true everywhere). */
  livemode?: boolean;
}

const METHODS = ['edahabia', 'cib', 'chargily_app'];
const LOCALES = ['ar', 'en', 'fr'];
// Chargily V1 documents "amount ... must be greater than or equal to 75"; V2 documents no minimum.
const MIN_AMOUNT = 75;

/** Chargily's ids look like ULIDs in lower case: 26 characters of Crockford base32. */
function chargilyId(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from(randomBytes(26), (byte) => alphabet[byte % 32]).join('');
}

const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/** The checks Chargily documents for POST /checkouts, with Laravel's messages. */
function validate(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!Number.isInteger(body.amount)) fail('amount', 'The amount field must be an integer.');
  else if ((body.amount as number) < MIN_AMOUNT) fail('amount', `The amount field must be at least ${MIN_AMOUNT}.`);
  if (body.currency !== 'dzd') fail('currency', 'The selected currency is invalid.');
  if (body.payment_method !== undefined && !METHODS.includes(body.payment_method as string)) {
    fail('payment_method', 'The selected payment method is invalid.');
  }
  if (!isUrl(body.success_url)) fail('success_url', 'The success url field must be a valid URL.');
  for (const field of ['failure_url', 'webhook_endpoint']) {
    if (body[field] !== undefined && !isUrl(body[field]))
      fail(field, `The ${field.replace('_', ' ')} field must be a valid URL.`);
  }
  if (body.locale !== undefined && !LOCALES.includes(body.locale as string))
    fail('locale', 'The selected locale is invalid.');
  return errors;
}

/** Listens on a free port of 127.0.0.1; answers the base URL and a close that drops open connections. */
export async function listenLocally(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (server instanceof http.Server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startChargilyStandIn(
  apiKey = `test_sk_${randomBytes(20).toString('hex')}`,
  options: StandInOptions = {},
): Promise<ChargilyStandIn> {
  const livemode = options.livemode ?? false;
  const checkouts = new Map<string, Record<string, unknown>>();
  const requests: string[] = [];
  // What the shop asked for; the shopper "can always change the payment method at the checkout page".
  const requestedMethods = new Map<string, string>();
  let down = false;
  const now = () => Math.floor(Date.now() / 1000);

  const server = http.createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
      requests.push(`${req.method} ${path}`);
      if (down) return answer(503, { message: 'Service Unavailable' });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return answer(401, { message: 'Unauthenticated.' });
      const found = /^\/checkouts\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && found) {
        const checkout = checkouts.get(decodeURIComponent(found[1]!));
        return checkout ? answer(200, checkout) : answer(404, { message: 'Not Found' });
      }
      if (req.method !== 'POST' || path !== '/checkouts') return answer(404, { message: 'Not Found' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, { message: 'Malformed JSON.' });
      }
      const errors = validate(body);
      const messages = Object.values(errors).flat();
      if (messages.length) {
        const more =
          messages.length > 1 ? ` (and ${messages.length - 1} more error${messages.length > 2 ? 's' : ''})` : '';
        return answer(422, { message: `${messages[0]}${more}`, errors });
      }
      const id = chargilyId();
      const checkout = {
        id,
        entity: 'checkout',
        livemode,
        amount: body.amount,
        currency: 'dzd',
        fees: 0,
        status: 'pending',
        locale: body.locale ?? 'ar',
        description: body.description ?? null,
        metadata: body.metadata ?? null,
        success_url: body.success_url,
        failure_url: body.failure_url ?? null,
        webhook_endpoint: body.webhook_endpoint ?? null,
        // "The payment method used to make the payment": none yet.
        payment_method: null,
        invoice_id: null,
        customer_id: null,
        payment_link_id: null,
        created_at: now(),
        updated_at: now(),
        checkout_url: `https://pay.chargily.dz/test/checkouts/${id}/pay`,
      };
      checkouts.set(id, checkout);
      requestedMethods.set(id, (body.payment_method as string | undefined) ?? 'edahabia');
      answer(200, checkout);
    });
  });
  const { url, close } = await listenLocally(server);

  /** Posts the documented event for the checkout as it now stands, signed with the secret key. */
  async function sendWebhook(checkout: Record<string, unknown>): Promise<number | undefined> {
    if (typeof checkout.webhook_endpoint !== 'string') return undefined;
    const { checkout_url: _url, ...data } = checkout;
    // The documented event: {id, entity, livemode (as text), type, data: the checkout (with `url`), created_at, updated_at}.
    const event = JSON.stringify({
      id: chargilyId(),
      entity: 'event',
      livemode: String(livemode),
      type: `checkout.${String(checkout.status)}`,
      data: { ...data, url: checkout.checkout_url },
      created_at: now(),
      updated_at: now(),
    });
    const signature = createHmac('sha256', apiKey).update(event).digest('hex');
    const response = await fetch(checkout.webhook_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', signature },
      body: event,
    });
    return response.status;
  }

  const found = (id: string) => {
    const checkout = checkouts.get(id);
    if (!checkout) throw new Error(`The stand-in has no checkout ${id}`);
    return checkout;
  };

  return {
    url,
    apiKey,
    checkouts,
    requests,
    outage: (on) => {
      down = on;
    },
    async settle(id, status, paymentMethod) {
      const checkout = found(id);
      Object.assign(checkout, { status, payment_method: paymentMethod ?? requestedMethods.get(id), updated_at: now() });
      const webhookStatus = await sendWebhook(checkout);
      let redirect = (status === 'paid' ? checkout.success_url : checkout.failure_url) as string | null;
      if (redirect && status === 'paid') {
        const success = new URL(redirect);
        success.searchParams.append('checkout_id', id);
        redirect = success.toString();
      }
      return { webhookStatus, redirect: redirect ?? undefined };
    },
    processing(id) {
      Object.assign(found(id), { status: 'processing', updated_at: now() });
    },
    async expire(id, { webhook = true } = {}) {
      const checkout = found(id);
      Object.assign(checkout, { status: 'expired', updated_at: now() });
      return { webhookStatus: webhook ? await sendWebhook(checkout) : undefined };
    },
    close,
  };
}
