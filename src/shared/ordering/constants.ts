import { coded } from '../errors/coded';
import { westernDigits } from '../text/constants';

// Rules and messages of checkout, payment and orders, shared by the server and the web app.

/**
 * `payment_mismatch`: the provider confirmed a payment whose amount or currency is not the order's;
 * the order waits for an admin to accept the payment (completed) or cancel the order (failed).
 */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'dispatched', 'payment_mismatch', 'refunded'] as const;
/** How an administrator refunded a shopper, outside the store (docs/product.md#refunds). */
export const REFUND_METHODS = ['baridi_mob', 'ccp', 'card', 'cash', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
/** The longest refund reason, in characters. */
export const REFUND_REASON_MAX = 500;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The store's one currency, as Chargily names it: every checkout is opened in it. */
export const STORE_CURRENCY = 'dzd';
/** An admin's answer to a payment that does not match its order. */
export const PAYMENT_DECISIONS = ['accept', 'cancel'] as const;
export type PaymentDecision = (typeof PAYMENT_DECISIONS)[number];
/**
 * The customer name and e-mail the storefront sends at checkout are fixed values the
 * shopper never sees; the back office offers no mail draft to that address.
 */
export const PLACEHOLDER_CUSTOMER = { fullName: 'Nova IPTV Customer', email: 'customer@nova-iptv.dz' } as const;
export const PAYMENT_METHODS = ['baridi_mob', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** The method the storefront's checkout sends (the provider's page then offers BaridiMob or card). */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'baridi_mob';
/** A checkout's status as the payment provider reports it (and checkout-status answers it). */
export const CHECKOUT_STATUSES = ['pending', 'paid', 'failed', 'canceled', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
/** The languages a checkout's payment page can be shown in. */
export const CHECKOUT_LANGUAGES = ['ar', 'fr', 'en'] as const;
export type CheckoutLanguage = (typeof CHECKOUT_LANGUAGES)[number];

export const phoneMessages = {
  required: coded('phone.required'),
  invalid: coded('phone.invalid'),
} as const;

/** The phone rule (docs/product.md#validation): strip non-digits; 10 digits starting 05, 06 or 07. Returns the digits. */
export function normalisePhone(raw: string): string {
  return westernDigits(raw).replace(/\D/g, '');
}

/** A phone as wa.me and tel: links want it: international digits, an Algerian 0XXXXXXXXX as 213XXXXXXXXX. */
export function internationalPhone(raw: string): string {
  const digits = normalisePhone(raw);
  return /^0\d{9}$/.test(digits) ? `213${digits.slice(1)}` : digits;
}

/** Which of phoneMessages a phone number breaks, or undefined when it is valid. */
export function phoneProblem(raw: string | undefined | null): keyof typeof phoneMessages | undefined {
  if (!raw || !raw.trim()) return 'required';
  return /^0[567]\d{8}$/.test(normalisePhone(raw)) ? undefined : 'invalid';
}

export function phoneError(raw: string | undefined | null): string | undefined {
  const problem = phoneProblem(raw);
  return problem && phoneMessages[problem];
}

/** An order number as people write it (1042, "1042" or "#1042"), or undefined when it is not one. */
export function orderNumberOf(value: string | number): number | undefined {
  const digits = /^#?\s*(\d{1,9})$/.exec(westernDigits(String(value)).trim())?.[1];
  return digits === undefined ? undefined : Number(digits);
}

export const orderNumberMessage = coded('order.lookup_number');

export const QUANTITY_MAX = 100;
/** The most lines one order may hold. */
export const CART_LINES_MAX = 50;
/** The most one order may cost: far beyond any real cart, and far below what the sums can hold. */
export const ORDER_TOTAL_MAX = 10_000_000;

/**
 * The catalogue's free trial duration (docs/product.md#free-trials): a line in it is always priced
 * 0, ordered on its own, one unit, one per phone in TRIAL_COOLDOWN, and opens no provider checkout.
 */
export const TRIAL_DURATION = 'free trial';
export const isTrialDuration = (duration: string): boolean => duration === TRIAL_DURATION;
/** The payment method an order placed as a free trial records: nothing was paid. */
export const TRIAL_PAYMENT_METHOD = 'free_trial';

export const orderMessages = {
  quantity: coded('cart.quantity', { max: QUANTITY_MAX }),
  overMax: coded('cart.over_max', { max: ORDER_TOTAL_MAX }),
} as const;
