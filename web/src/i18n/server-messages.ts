import { phoneMessages } from '@shared/ordering/constants';
import type { IntlShape } from 'react-intl';
import type { MessageId } from './messages';

// The server and the payment flow speak English (docs/product.md#messages). Messages the shopper can meet are
// shown in the page language; anything else is shown as the server wrote it.
const KNOWN: Record<string, MessageId> = {
  [keyOf(phoneMessages.required)]: 'phone.required',
  [keyOf(phoneMessages.invalid)]: 'phone.invalid',
  'no checkout id found in url': 'payment.error.noCheckoutId',
  'payment verification failed or payment is still processing': 'payment.error.notPaid',
  'payment verification failed': 'payment.error.verification',
  'a technical error occurred': 'payment.error.technical',
  'an unknown error occurred': 'payment.error.unknown',
  'failed to create checkout session': 'payment.error.createFailed',
  'we were unable to process your payment': 'payment.failure.text',
  'your cart is empty': 'cart.empty',
  'failed to fetch': 'payment.error.network',
  'network error': 'payment.error.network',
  'unexpected response from the server': 'payment.error.technical',
};

function keyOf(message: string): string {
  return message.trim().replace(/\.$/, '').toLowerCase();
}

export function knownMessageId(message: string): MessageId | null {
  return KNOWN[keyOf(message)] ?? null;
}

/** The message in the page language when it is a known one; "Error 502: Bad Gateway" is translated too. */
export function translateServerMessage(intl: IntlShape, message: string): string {
  const id = knownMessageId(message);
  if (id) return intl.formatMessage({ id });
  const http = /^Error (\d{3}): (.*)$/.exec(message.trim());
  if (http) return intl.formatMessage({ id: 'payment.error.http' }, { status: http[1], text: http[2] });
  return message;
}
