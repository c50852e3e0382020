import { phoneProblem } from '@shared/ordering/constants';
import type { AdminOrderItemView } from '@shared/ordering/types';
import type { Activation, AdminSubscriptionView } from '@shared/subscriptions/types';
import { createIntl } from 'react-intl';
import { whatsappLink } from '../../../config';
import { durationMessageId } from '../../../i18n/durations';
import { intlLocaleOf, isLocale, type Locale } from '../../../i18n/locales';
import { KIND_FIELDS, detailValue, type DetailField } from '../delivery/delivery-form';

// The WhatsApp message an administrator sends a shopper about their order (docs/product.md#orders),
// written in the language the shopper checked out in, whatever the admin's own: a greeting, the
// order's number and packages, its private link and, only when asked, the activation details.
// Each value (a link, a username, a password) stands alone on its line: in an Arabic message a
// Latin value sharing a line with Arabic words may be shown out of order, and it copies whole.

/** The words of one language: the layout is the same in every language (whatsappMessage). */
interface Words {
  hello(name: string): string;
  order(number: string): string;
  link: string;
  details: string;
  fields: Record<DetailField | 'note', string>;
}

const WORDS: Record<Locale, Words> = {
  ar: {
    hello: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    order: (number) => `شكرًا على طلبك رقم ${number}:`,
    link: 'تابع طلبك على صفحته الخاصة (لا تشاركها مع أحد):',
    details: 'تفاصيل التفعيل (احتفظ بها لنفسك):',
    fields: {
      serverUrl: 'عنوان الخادم:',
      username: 'اسم المستخدم:',
      password: 'كلمة المرور:',
      playlistUrl: 'رابط قائمة التشغيل:',
      portalUrl: 'رابط البوابة:',
      mac: 'عنوان MAC:',
      code: 'رمز التفعيل:',
      note: 'ملاحظة:',
    },
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    order: (number) => `Merci pour votre commande ${number} :`,
    link: 'Suivez votre commande sur sa page privée (ne la partagez avec personne) :',
    details: 'Vos détails d’activation (gardez-les pour vous) :',
    fields: {
      serverUrl: 'Adresse du serveur :',
      username: 'Nom d’utilisateur :',
      password: 'Mot de passe :',
      playlistUrl: 'Adresse de la playlist :',
      portalUrl: 'Adresse du portail :',
      mac: 'Adresse MAC :',
      code: 'Code d’activation :',
      note: 'Note :',
    },
  },
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    order: (number) => `Thank you for your order ${number}:`,
    link: 'Follow your order on its private page (share it with no one):',
    details: 'Your activation details (keep them to yourself):',
    fields: {
      serverUrl: 'Server URL:',
      username: 'Username:',
      password: 'Password:',
      playlistUrl: 'Playlist URL:',
      portalUrl: 'Portal URL:',
      mac: 'MAC address:',
      code: 'Activation code:',
      note: 'Note:',
    },
  },
};

/** The language the shopper checked out in: ar for orders older than the choice (null) or an unknown one. */
export function shopperLanguage(language: string | null | undefined): Locale {
  return isLocale(language) ? language : 'ar';
}

/**
 * The WhatsApp chat that opens on the order's phone with `text` typed in: wa.me with the number in
 * international form (0661 23 45 67 → 213661234567). Null when the phone breaks the store's phone
 * rule (an Algerian mobile): older orders may hold anything.
 */
export function whatsappChat(phone: string, text: string): string | null {
  return phoneProblem(phone) ? null : whatsappLink(text, phone);
}

/** Durations ("1 month") in one language, with the storefront's own words for them (its messages of that language). */
export function durationsIn(locale: Locale, messages: Record<string, unknown>): (duration: string) => string {
  const intl = createIntl({ locale: intlLocaleOf(locale), messages: messages as Record<string, string> });
  return (duration) => {
    const id = durationMessageId(duration);
    return id && messages[id] ? intl.formatMessage({ id }) : duration;
  };
}

export interface WhatsAppOrder {
  number: number;
  customer_name: string;
  items: Pick<AdminOrderItemView, 'product_name' | 'quantity' | 'selected_duration'>[];
  subscriptions?: Pick<AdminSubscriptionView, 'id' | 'packageName' | 'duration' | 'status' | 'activation'>[];
}

/** The subscriptions whose details a message may carry: delivered, not cancelled. */
export function deliveredSubscriptions(order: Pick<WhatsAppOrder, 'subscriptions'>) {
  return (order.subscriptions ?? []).filter(
    (subscription): subscription is typeof subscription & { activation: Activation } =>
      subscription.status !== 'cancelled' && subscription.activation !== null,
  );
}

/** The message, in `language`; the activation details only when `withDetails` (and delivered). */
export function whatsappMessage(
  order: WhatsAppOrder,
  options: { language: Locale; link: string; withDetails: boolean; duration: (duration: string) => string },
): string {
  const words = WORDS[options.language];
  const { duration } = options;
  const lines = [
    words.hello(order.customer_name.trim()),
    words.order(`#${order.number}`),
    ...order.items.map((item) => `• ${item.product_name} × ${item.quantity} (${duration(item.selected_duration)})`),
    '',
    words.link,
    options.link,
  ];
  const delivered = options.withDetails ? deliveredSubscriptions(order) : [];
  if (delivered.length) lines.push('', words.details);
  delivered.forEach((subscription, index) => {
    const number = delivered.length > 1 ? `${index + 1}. ` : '';
    lines.push('', `${number}${subscription.packageName} (${duration(subscription.duration)})`);
    const { activation } = subscription;
    for (const field of KIND_FIELDS[activation.kind]) lines.push(words.fields[field], detailValue(activation, field));
    if (activation.note) lines.push(words.fields.note, activation.note);
  });
  return lines.join('\n');
}
