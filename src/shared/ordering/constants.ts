import { coded, type FieldProblem } from '../errors/coded';
import { textProblem, typedNumberOf, westernDigits } from '../text/constants';
import type { TextRule } from '../text/types';

// Rules and messages of checkout, payment and orders, shared by the server and the web app.

/**
 * `payment_mismatch`: the provider confirmed a payment whose amount or currency is not the order's;
 * the order waits for an admin to accept the payment (completed) or cancel the order (failed).
 */
export const ORDER_STATUSES = ['pending', 'completed', 'failed', 'dispatched', 'payment_mismatch', 'refunded'] as const;
/** How an administrator refunded a shopper, outside the store (docs/product.md#refunds). */
export const REFUND_METHODS = ['baridi_mob', 'ccp', 'card', 'cash', 'other'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
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

/** The name the shopper gave, or null when the checkout sent only the placeholder (nobody's name). */
export const givenName = (name: string | null | undefined): string | null =>
  name && name !== PLACEHOLDER_CUSTOMER.fullName ? name : null;

/** The e-mail the shopper gave, or null when the checkout sent only the placeholder. */
export const givenEmail = (email: string | null | undefined): string | null =>
  email && email !== PLACEHOLDER_CUSTOMER.email ? email : null;
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

/** The store's calendar: its days are Algiers' days (the revenue by day, a refund's date). */
export const STORE_TIME_ZONE = 'Africa/Algiers';

const storeDayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: STORE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  numberingSystem: 'latn',
});

/** The store's day (YYYY-MM-DD) at an instant: in Algiers, 00:30 is already tomorrow while UTC says 23:30 today. */
export function storeDay(at: Date): string {
  const parts = Object.fromEntries(storeDayParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A day written YYYY-MM-DD that the calendar has (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

// A refund (docs/product.md#refunds): what the body must hold (refundSchema) and what the order
// allows (the decider), in one place so the back office's form refuses what the server would.

/** The longest refund reason, in characters. */
export const REFUND_REASON_MAX = 500;
export const REFUND_REASON_RULE: TextRule = {
  field: 'Reason',
  max: REFUND_REASON_MAX,
  multiline: true,
  required: coded('text.required', { field: 'Reason' }),
};
export const refundMessages = {
  amount: coded('order.refund_amount'),
  method: coded('order.refund_method', { allowed: REFUND_METHODS.join(', ') }),
  date: coded('order.refund_date'),
} as const;

/** A refund's amount as the body may give it: whole dinars, at least 1 (the order's total caps it). */
export const isRefundAmount = (amount: number): boolean => Number.isInteger(amount) && amount >= 1;
export const isRefundMethod = (method: string): method is RefundMethod =>
  (REFUND_METHODS as readonly string[]).includes(method);

/** A refund as typed in the back office's form. */
export interface RefundDraft {
  amount: string;
  reason: string;
  method: string;
  date: string;
}
export type RefundField = keyof RefundDraft;

/**
 * What the server would refuse in a refund of an order of `total` Da on the store's day `today`,
 * field by field with the code it answers: the body's rules, then the order's (no more than its
 * total, not after today). Empty when the server would take it.
 */
export function refundProblems(
  draft: RefundDraft,
  { total, today }: { total: number; today: string },
): Partial<Record<RefundField, FieldProblem>> {
  const problems: Partial<Record<RefundField, FieldProblem>> = {};
  // As the server reads it (typedNumber): Arabic-Indic digits too; blank is no amount.
  const amount = typedNumberOf(draft.amount);
  if (!isRefundAmount(amount)) problems.amount = { code: 'order.refund_amount' };
  else if (amount > total) problems.amount = { code: 'order.refund_too_much', params: { total } };
  const reason = textProblem(draft.reason, REFUND_REASON_RULE);
  if (reason) problems.reason = reason;
  if (!isRefundMethod(draft.method))
    problems.method = { code: 'order.refund_method', params: { allowed: REFUND_METHODS.join(', ') } };
  if (!isCalendarDay(draft.date) || draft.date > today) problems.date = { code: 'order.refund_date' };
  return problems;
}

// Named by the store's own words, shared with the web app through this file.
export * from './durations';
