import type { CheckoutLanguage } from '../../shared/ordering';
import { durationKey, type DurationKey } from '../../shared/ordering/durations';
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

/** The known durations in the page's language (the storefront's words, web/src/i18n/messages). */
const DURATION_WORDS: Record<CheckoutLanguage, Record<DurationKey, string>> = {
  ar: {
    freeTrial: 'تجربة مجانية',
    '1month': 'شهر واحد',
    '3months': '3 أشهر',
    '6months': '6 أشهر',
    '12months': '12 شهرًا',
    '15months': '15 شهرًا',
    lifetime: 'مدى الحياة',
    '1year': 'سنة واحدة',
    day: 'يوم واحد',
    week: 'أسبوع واحد',
  },
  fr: {
    freeTrial: 'Essai gratuit',
    '1month': '1 mois',
    '3months': '3 mois',
    '6months': '6 mois',
    '12months': '12 mois',
    '15months': '15 mois',
    lifetime: 'À vie',
    '1year': '1 an',
    day: '1 jour',
    week: '1 semaine',
  },
  en: {
    freeTrial: 'Free trial',
    '1month': '1 month',
    '3months': '3 months',
    '6months': '6 months',
    '12months': '12 months',
    '15months': '15 months',
    lifetime: 'Lifetime',
    '1year': '1 year',
    day: '1 day',
    week: '1 week',
  },
};

const durationWords = (duration: string, language: CheckoutLanguage) => {
  const key = durationKey(duration);
  return key ? DURATION_WORDS[language][key] : duration;
};

/** "Order #1042: 2 × Gold (1 month), 1 × Sport (3 months)", in the checkout's language, at most DESCRIPTION_MAX characters. */
export function checkoutDescription(number: number, lines: OrderLine[], language: CheckoutLanguage): string {
  const words = WORDS[language];
  const text =
    words.order(number) +
    lines.map((l) => `${l.quantity} × ${l.productName} (${durationWords(l.duration, language)})`).join(words.separator);
  // Cut by code points, so a cut never splits a character in two.
  const chars = Array.from(text);
  return chars.length <= DESCRIPTION_MAX
    ? text
    : `${chars
        .slice(0, DESCRIPTION_MAX - 1)
        .join('')
        .trimEnd()}…`;
}
