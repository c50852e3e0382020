import { createHmac } from 'node:crypto';
import { englishOf } from '../../platform/error-text';
import { deliveredSubscriptionSchema } from '../../shared/subscriptions';
import type { Activation } from '../../shared/subscriptions/types';

// The store's side of the provisioning contract (docs/product.md#provisioning-contract): one signed
// POST per subscription, answered with its activation details in the store's shape, and one signed
// POST to `…/extend` per renewed subscription, answered 2xx. Every failure
// is a ProvisioningFailure whose message is a reason safe to record on the order and to show an
// administrator: it never holds the secret, the service's address or what the service answered.

/** What the store asks the provisioning service for one subscription. */
export interface ProvisioningRequest {
  subscriptionId: string;
  orderId: string;
  orderNumber: number;
  /** The package's name, as the order has it. */
  package: string;
  productId: string;
  duration: string;
  /** How many devices the package allows; null when the catalogue did not say. */
  devices: number | null;
  quality: string;
}

/** What the store asks the service when a paid renewal extends a subscription. */
export interface ExtensionRequest {
  subscriptionId: string;
  /** The subscription's order (the one its line was opened for), and its number. */
  orderId: string;
  orderNumber: number;
  /** The renewal's order, and its number. */
  renewalOrderId: string;
  renewalOrderNumber: number;
  package: string;
  productId: string;
  /** What the renewal bought ('3 months'). */
  duration: string;
  /** The subscription's new end (ISO time); null when bought for life. */
  endsAt: string | null;
}

/** One try that failed, with a reason safe to record. */
export class ProvisioningFailure extends Error {
  override name = 'ProvisioningFailure';
}

export interface ProvisioningClientOptions {
  url: string;
  secret: string;
  timeoutMs: number;
}

/** The `X-Signature` of a body: hex HMAC-SHA256 of its bytes with the shared secret. */
export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Asks the service for one subscription's details; throws a ProvisioningFailure when it cannot. */
export function provisioningClient(options: ProvisioningClientOptions) {
  return async (request: ProvisioningRequest): Promise<Activation> => {
    const body = JSON.stringify(request);
    const response = await send(options, options.url, body, request.subscriptionId);
    if (response.status !== 200) throw new ProvisioningFailure(refusal(response.status));
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw new ProvisioningFailure('the provisioning service answered something that is not JSON');
    }
    return activationOf(answer);
  };
}

/**
 * Asks the service to extend a renewed subscription's line; resolves on any 2xx (its body is not
 * read: the details stay as they are), else throws a ProvisioningFailure.
 */
export function extensionClient(options: ProvisioningClientOptions) {
  const url = extensionUrl(options.url);
  return async (request: ExtensionRequest): Promise<void> => {
    const key = extensionKey(request.subscriptionId, request.renewalOrderId);
    const response = await send(options, url, JSON.stringify(request), key);
    await response.body?.cancel();
    if (!response.ok) throw new ProvisioningFailure(refusal(response.status));
  };
}

/** `{PROVISIONING_URL}/extend`: the path gets `/extend`, a query string stays as it is. */
export function extensionUrl(provisioningUrl: string): string {
  const url = new URL(provisioningUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/extend`;
  return url.toString();
}

/** One key per renewal of a subscription: the service extends a line once for it, however often asked. */
export const extensionKey = (subscriptionId: string, renewalOrderId: string) => `${subscriptionId}:${renewalOrderId}`;

async function send(options: ProvisioningClientOptions, url: string, body: string, key: string): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Signature': signBody(body, options.secret),
        // The service answers the same for the same key: a retry never opens a second line, nor extends one twice.
        'Idempotency-Key': key,
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ProvisioningFailure(unreachable(error, options.timeoutMs));
  }
}

function refusal(status: number): string {
  if (status === 401 || status === 403)
    return `the provisioning service refused the request (${status}): check PROVISIONING_SECRET`;
  return `the provisioning service answered ${status}`;
}

function unreachable(error: unknown, timeoutMs: number): string {
  if (error instanceof DOMException && error.name === 'TimeoutError')
    return `the provisioning service did not answer within ${timeoutMs} ms`;
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return `the provisioning service could not be reached${typeof code === 'string' ? ` (${code})` : ''}`;
}

/**
 * The answer checked by the very rules an administrator's delivery follows (the shared delivery
 * schema). A refusal names the fields and what is wrong with them, never their values.
 */
export function activationOf(answer: unknown): Activation {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new ProvisioningFailure('the provisioning service answered something that is not activation details');
  // The subscription's id is the store's own: only the details are the service's.
  const parsed = deliveredSubscriptionSchema.safeParse({ ...answer, subscriptionId: 'provisioned' });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      [issue.path.join('.'), englishOf(issue.message)].filter(Boolean).join(': '),
    );
    throw new ProvisioningFailure(`the provisioning service's details are not valid: ${problems.join('; ')}`);
  }
  const { subscriptionId: _ours, ...activation } = parsed.data;
  return activation;
}
