import { createHmac } from 'node:crypto';
import { englishOf } from '../../platform/error-text';
import { deliveredSubscriptionSchema } from '../../shared/subscriptions';
import type { Activation } from '../../shared/subscriptions/types';

// The store's side of the provisioning contract (docs/product.md#provisioning-contract): one signed
// POST per subscription, answered with its activation details in the store's shape. Every failure
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
    const response = await send(options, body, request.subscriptionId);
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

async function send(options: ProvisioningClientOptions, body: string, subscriptionId: string): Promise<Response> {
  try {
    return await fetch(options.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Signature': signBody(body, options.secret),
        // The service answers the same details for the same key: a retry never opens a second line.
        'Idempotency-Key': subscriptionId,
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
