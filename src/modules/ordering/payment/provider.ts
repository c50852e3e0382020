import { HttpError } from '../../../platform/http/errors';
import { RuleError } from '../../../platform/rule-error';
import type { CheckoutLanguage, CheckoutStatus, PaymentMethod } from '../../../shared/ordering';
import { coded } from '../../../shared/errors';

// The port the ordering module pays through. Two adapters implement it: the sandbox (our own hosted
// page, the default) and Chargily Pay V2. Both speak Chargily's webhook format, so one parser serves.

export interface ProviderCheckout {
  id: string;
  checkoutUrl: string;
  status: CheckoutStatus;
  /** Whole dinars, in `currency`. */
  amount: number;
  /** Chargily's lower-case currency code: the store's is dzd; another means the payment is not the order's. */
  currency: string;
  /** The method the shopper actually used, in our words when we know it ('baridi_mob', 'card'). */
  paymentMethod: string | null;
  metadata: Record<string, string>;
  /** When the provider stops accepting payment (ISO 8601); the status stays what it reports. */
  expiresAt?: string;
}

export interface CreateCheckoutRequest {
  /** Whole dinars. */
  amount: number;
  description: string;
  paymentMethod: PaymentMethod;
  /** Where the shopper lands after paying, and after a decline or cancel. */
  successUrl: string;
  failureUrl: string;
  webhookUrl?: string;
  metadata: Record<string, string>;
  locale: CheckoutLanguage;
}

export interface WebhookNotification {
  checkoutId: string;
  status: CheckoutStatus;
  paymentMethod: string | null;
  /** What the checkout asked, in `currency`: compared with the order before it is paid. */
  amount: number;
  currency: string;
  /** The provider's event id: the same event delivered twice carries the same id. */
  eventId: string;
}

export interface PaymentProvider {
  name: 'sandbox' | 'chargily';
  createCheckout(req: CreateCheckoutRequest): Promise<ProviderCheckout>;
  /** For reconciliation polling; throws CheckoutNotFound for an unknown id. */
  getCheckout(id: string): Promise<ProviderCheckout>;
  /** Verifies the signature over the RAW body and parses it; throws InvalidSignature when it does not verify. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookNotification;
}

/**
 * The webhook is not from our provider (or was altered): answer 401 and change nothing.
 * An HttpError rather than a RuleError because RuleError's statuses have no 401.
 */
export class InvalidSignature extends HttpError {
  constructor() {
    super(401, coded('payment.invalid_signature'));
    this.name = 'InvalidSignature';
  }
}

/** Signed correctly but not a checkout event we can read. */
export class InvalidWebhook extends RuleError {
  constructor(reason: string) {
    super(400, coded('payment.invalid_webhook', { reason }));
  }
}

export class CheckoutNotFound extends RuleError {
  constructor(readonly checkoutId: string) {
    super(404, coded('checkout.not_found'), { checkoutId });
  }
}

/** The provider could not be reached or failed on its side: worth retrying later. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * The provider refused the request (bad key, invalid field): retrying the same request cannot
 * help. `status` is the provider's HTTP status, `errors` its field messages.
 */
export class ProviderRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ProviderRejected';
  }
}
