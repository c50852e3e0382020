import type { MessageId } from '../i18n/messages';
import { readStored, writeStored } from './storage';

// SPEC §5 phone rule, as in src/shared/ordering.ts (phone.unit.spec.ts checks both agree), with
// the messages as ids so they show in the shopper's language.

/** localStorage key of the shopper's phone number, prefilled at checkout. */
export const CUSTOMER_PHONE_KEY = 'customerPhone';
export const PHONE_PLACEHOLDER = '05XXXXXXXX';

export function phoneDigits(raw: string): string {
  return raw.replace(/\D/g, '');
}

/** The message id of what is wrong with a phone number, or null when it is valid. */
export function phoneErrorId(raw: string | null | undefined): MessageId | null {
  if (!raw || !raw.trim()) return 'phone.required';
  return /^0[567]\d{8}$/.test(phoneDigits(raw)) ? null : 'phone.invalid';
}

/** The phone saved by an earlier checkout; only a valid one is restored. */
export function readSavedPhone(): string {
  const stored = readStored(CUSTOMER_PHONE_KEY);
  if (stored === null) return '';
  let value = stored.trim();
  if (value.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(value);
      value = typeof parsed === 'string' ? parsed : '';
    } catch {
      value = '';
    }
  }
  return phoneErrorId(value) === null ? phoneDigits(value) : '';
}

export function savePhone(phone: string): void {
  writeStored(CUSTOMER_PHONE_KEY, phoneDigits(phone));
}
