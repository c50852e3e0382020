import type { CheckoutLanguage } from '../../shared/ordering';
import type { OrderLine } from './events';

// What the payment page and the provider show as a checkout's description: composed here from the
// order, in the page's language. The shopper's own `description` is never used: a text of their
// choosing ("send your card PIN by WhatsApp to …") would be shown on the payment page as ours.

/** The most a description holds; longer lists of packages end with an ellipsis. */
export const DESCRIPTION_MAX = 200;

const WORDS: Record<CheckoutLanguage, { order: (number: number) => string; separator: string }> = {
  ar: { order: (number) => `طلب رقم ${number}: `, separator: '، ' },
  fr: { order: (number) => `Commande n° ${number} : `, separator: ', ' },
  en: { order: (number) => `Order #${number}: `, separator: ', ' },
};

/** "Order #1042: 2 × Gold (1 month), 1 × Sport (3 months)", in the checkout's language, at most DESCRIPTION_MAX characters. */
export function checkoutDescription(number: number, lines: OrderLine[], language: CheckoutLanguage): string {
  const words = WORDS[language];
  const text =
    words.order(number) + lines.map((l) => `${l.quantity} × ${l.productName} (${l.duration})`).join(words.separator);
  // Cut by code points, so a cut never splits a character in two.
  const chars = Array.from(text);
  return chars.length <= DESCRIPTION_MAX
    ? text
    : `${chars
        .slice(0, DESCRIPTION_MAX - 1)
        .join('')
        .trimEnd()}…`;
}
