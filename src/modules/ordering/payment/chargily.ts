import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  CheckoutNotFound,
  InvalidSignature,
  InvalidWebhook,
  ProviderRejected,
  ProviderUnavailable,
  type CreateCheckoutRequest,
  type PaymentProvider,
  type ProviderCheckout,
  type WebhookNotification,
} from './provider';
import { STORE_CURRENCY, type CheckoutStatus, type PaymentMethod } from '../../../shared/ordering';

// Chargily Pay V2 (https://dev.chargily.com/pay-v2): its wire format and the adapter. The sandbox
// sends webhooks in this same format, so the signature check and the parsing live here, once.

const API_URLS = { test: 'https://pay.chargily.net/test/api/v2', live: 'https://pay.chargily.net/api/v2' };

/** "By default, a Checkout expires automatically after 30 minutes" (Chargily, Expire a checkout). */
const CHECKOUT_LIFETIME_MS = 30 * 60_000;

const METHOD_TO_CHARGILY: Record<PaymentMethod, string> = { baridi_mob: 'edahabia', card: 'cib' };

export function toChargilyMethod(method: PaymentMethod): string {
  return METHOD_TO_CHARGILY[method];
}

/** Chargily's method in our words; one we have no word for (chargily_app) is kept as it is. */
export function fromChargilyMethod(method: string | null | undefined): string | null {
  if (!method) return null;
  const ours = Object.entries(METHOD_TO_CHARGILY).find(([, theirs]) => theirs === method);
  return ours ? ours[0] : method;
}

/**
 * Chargily's statuses: 'processing' is a payment under way, still pending for us; 'expired' (its
 * SDKs' status and `checkout.expired` webhook, though the API reference lists only the others)
 * ends the checkout unpaid.
 */
const STATUS_FROM_CHARGILY = {
  pending: 'pending',
  processing: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
} as const satisfies Record<string, CheckoutStatus>;

export type ChargilyStatus = keyof typeof STATUS_FROM_CHARGILY;

export function fromChargilyStatus(status: ChargilyStatus): CheckoutStatus {
  return STATUS_FROM_CHARGILY[status];
}

const chargilyStatus = z.enum(Object.keys(STATUS_FROM_CHARGILY) as [ChargilyStatus, ...ChargilyStatus[]]);

/** Live or test mode: a boolean in checkout objects, the text "false" in the documented webhook event. */
const livemode = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/** The fields of Chargily's checkout object we read. */
const checkoutObject = z.object({
  id: z.string().min(1),
  amount: z.number(),
  /**
   * Chargily's checkouts are in dzd (the only currency its API takes) and its objects say so; the
   * sample event of its webhook documentation leaves it out, so a missing one reads as dzd. Any
   * other currency is kept as said: the order is then not paid (see the order decider).
   */
  currency: z
    .string()
    .min(1)
    .transform((code) => code.toLowerCase())
    .optional()
    .default(STORE_CURRENCY),
  status: chargilyStatus,
  payment_method: z.string().nullish(),
  metadata: z.unknown(),
  created_at: z.number().optional(),
  livemode: livemode.optional(),
});

const webhookEvent = z.object({
  id: z.string().min(1),
  livemode,
  type: z.string().startsWith('checkout.', 'not a checkout event'),
  data: checkoutObject,
});

const modeName = (live: boolean) => (live ? 'live' : 'test');

/** The mode we run in; news of the other mode is refused and told to the logger (keys or URL mixed up). */
export interface ModeCheck {
  live: boolean;
  logger?: Pick<Logger, 'warn'>;
}

/** Hex HMAC-SHA256 of the exact body bytes, as Chargily puts it in the `signature` header. */
export function signWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function verifySignature(rawBody: Buffer, signature: string | string[] | undefined, secret: string): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(signWebhook(rawBody, secret));
  const received = Buffer.from(signature);
  // timingSafeEqual throws on buffers of different lengths; such a signature is simply wrong.
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * A webhook in Chargily's format, signed with `secret`: verified over the raw bytes (re-serialised
 * JSON would not match), then read. Header names are Node's, lowercased. An event of the other
 * mode than `live` is refused: a test payment must never pay a live store's order.
 */
export function parseSignedWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  mode: ModeCheck,
): WebhookNotification {
  if (!verifySignature(rawBody, headers.signature, secret)) throw new InvalidSignature();
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new InvalidWebhook('the body is not JSON');
  }
  const event = webhookEvent.safeParse(json);
  if (!event.success) throw new InvalidWebhook(describe(event.error));
  const { id, data } = event.data;
  const theirs = [event.data.livemode, data.livemode].find((said) => said !== undefined && said !== mode.live);
  if (theirs !== undefined) {
    const reason = `a ${modeName(theirs)} mode event sent to a store in ${modeName(mode.live)} mode`;
    mode.logger?.warn({ checkoutId: data.id, eventId: id }, `webhook refused: ${reason}`);
    throw new InvalidWebhook(reason);
  }
  return {
    checkoutId: data.id,
    status: fromChargilyStatus(data.status),
    paymentMethod: fromChargilyMethod(data.payment_method),
    amount: data.amount,
    currency: data.currency,
    eventId: id,
  };
}

/** Metadata comes back as an object, null, or (PHP's empty array) []: we keep string pairs. */
function readMetadata(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

const answeredCheckout = checkoutObject.extend({ checkout_url: z.string().min(1), livemode });

function readCheckout(body: unknown, mode: ModeCheck): ProviderCheckout {
  const parsed = answeredCheckout.safeParse(body);
  // An answer we cannot read is treated like no answer: the caller retries, its own expiry ends it.
  if (!parsed.success)
    throw new ProviderUnavailable(`Chargily answered a checkout we cannot read: ${describe(parsed.error)}`);
  const checkout = parsed.data;
  // A checkout of the other mode (a test key with CHARGILY_MODE=live, or the reverse) says nothing
  // about real money here: as good as no answer.
  if (checkout.livemode !== mode.live) {
    const reason = `Chargily answered a ${modeName(checkout.livemode)} mode checkout to a store in ${modeName(mode.live)} mode`;
    mode.logger?.warn({ checkoutId: checkout.id }, `${reason}: ignored`);
    throw new ProviderUnavailable(reason);
  }
  return {
    id: checkout.id,
    checkoutUrl: checkout.checkout_url,
    status: fromChargilyStatus(checkout.status),
    amount: checkout.amount,
    currency: checkout.currency,
    paymentMethod: fromChargilyMethod(checkout.payment_method),
    metadata: readMetadata(checkout.metadata),
    ...(checkout.created_at === undefined
      ? {}
      : { expiresAt: new Date(checkout.created_at * 1000 + CHECKOUT_LIFETIME_MS).toISOString() }),
  };
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid';
}

export interface ChargilyOptions {
  /** The API secret key: it authenticates our calls and signs Chargily's webhooks. */
  apiKey: string;
  mode: 'test' | 'live';
  /** Overrides the mode's URL (a local stand-in in tests). */
  apiUrl?: string;
  timeoutMs?: number;
  /** Told about answers of the wrong mode, which are refused. */
  logger?: Pick<Logger, 'warn'>;
}

export function createChargilyProvider(options: ChargilyOptions): PaymentProvider {
  const baseUrl = (options.apiUrl ?? API_URLS[options.mode]).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const mode: ModeCheck = { live: options.mode === 'live', logger: options.logger };

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(`Chargily could not be reached: ${(error as Error).message}`, { cause: error });
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (response.ok) return answer;
    if (response.status >= 500 || response.status === 429) {
      throw new ProviderUnavailable(`Chargily answered ${response.status} to ${method} ${path}`);
    }
    // Chargily's errors are Laravel's: {message, errors: {field: [messages]}}.
    const { message, errors } = (answer ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
    const reason = typeof message === 'string' && message ? message : response.statusText;
    throw new ProviderRejected(
      response.status,
      `Chargily refused ${method} ${path} (${response.status}): ${reason}`,
      errors ?? {},
    );
  }

  return {
    name: 'chargily',

    async createCheckout(req: CreateCheckoutRequest) {
      return readCheckout(
        await call('POST', '/checkouts', {
          amount: req.amount,
          currency: STORE_CURRENCY,
          payment_method: toChargilyMethod(req.paymentMethod),
          success_url: req.successUrl,
          failure_url: req.failureUrl,
          webhook_endpoint: req.webhookUrl,
          description: req.description,
          locale: req.locale,
          metadata: req.metadata,
        }),
        mode,
      );
    },

    async getCheckout(id: string) {
      try {
        return readCheckout(await call('GET', `/checkouts/${encodeURIComponent(id)}`), mode);
      } catch (error) {
        if (error instanceof ProviderRejected && error.status === 404) throw new CheckoutNotFound(id);
        throw error;
      }
    },

    parseWebhook(rawBody, headers) {
      return parseSignedWebhook(rawBody, headers, options.apiKey, mode);
    },
  };
}
