import { normalisePhone, phoneProblem } from '@shared/ordering/constants';
import type { MessageId } from '../i18n/messages';
import { readStored, writeStored } from './storage';

// The phone rule (docs/product.md#validation), the server's own (src/shared/ordering), with the messages as ids so they
// show in the shopper's language.

/** localStorage key of the shopper's phone number, prefilled at checkout. */
export const CUSTOMER_PHONE_KEY = 'customerPhone';
/** An example number, in digits only: "05XXXXXXXX" put Latin letters on the Arabic page (no English on an Arabic page). */
export const PHONE_PLACEHOLDER = '0550123456';

/** The message id of what is wrong with a phone number, or null when it is valid. */
export function phoneErrorId(raw: string | null | undefined): MessageId | null {
  const problem = phoneProblem(raw);
  return problem ? `phone.${problem}` : null;
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
  return phoneErrorId(value) === null ? normalisePhone(value) : '';
}

export function savePhone(phone: string): void {
  writeStored(CUSTOMER_PHONE_KEY, normalisePhone(phone));
}
