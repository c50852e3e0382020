import { IntlMessageFormat } from 'intl-messageformat';
import { REMINDER_STEPS } from '@shared/subscriptions/constants';
import type { ReminderStep } from '@shared/subscriptions/types';
import { whatsappLink } from '../../config';
import { durationMessageId } from '../../i18n/durations';
import { loadMessages } from '../../i18n/language-store';
import { intlLocaleOf, isLocale, type Locale } from '../../i18n/locales';
import { today } from '../activity/day-range';

// The renewal reminder an admin sends a customer on WhatsApp (docs/product.md#subscriptions-screen):
// which step of the worklist is due, and the message in the customer's language (the checkout's),
// whatever the admin's: a greeting, the package and its duration, the end date, the renewal link.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Calendar days from `now` to `endsAt` in `timeZone`: 0 on the same day, 1 the day before it, -2 two days after it. */
export function daysUntilEnd(endsAt: string, now: Date, timeZone: string): number {
  const dayNumber = (at: Date) => Date.parse(today(timeZone, at)) / DAY_MS;
  return Math.round(dayNumber(new Date(endsAt)) - dayNumber(now));
}

/**
 * Where a subscription's end stands at `now`, as the worklist groups it: `days` until its end day,
 * or once it has ended `days` since that day (0: it ended today).
 */
export function dueDay(endsAt: string, now: Date, timeZone: string): { ended: boolean; days: number } {
  const days = daysUntilEnd(endsAt, now, timeZone);
  // Once ended: the days since its end day (0, not -0, on that day itself).
  return Date.parse(endsAt) <= now.getTime() ? { ended: true, days: Math.abs(days) } : { ended: false, days };
}

/**
 * The step a reminder sent at `now` is: `ended` once the end has passed, `0d` on its day, `1d`
 * the day before, `7d` from 7 to 2 days before; none earlier (nothing to remind yet).
 */
export function reminderStep(endsAt: string, now: Date, timeZone: string): ReminderStep | null {
  const { ended, days } = dueDay(endsAt, now, timeZone);
  if (ended) return 'ended';
  if (days === 0) return '0d';
  if (days === 1) return '1d';
  return days <= 7 ? '7d' : null;
}

/** Whether the latest reminder already covers the step due (steps only move forward). */
export const isStepDone = (latest: ReminderStep | undefined, due: ReminderStep): boolean =>
  latest !== undefined && REMINDER_STEPS.indexOf(latest) >= REMINDER_STEPS.indexOf(due);

/** The language a customer is written to: the checkout's, Arabic when it is unknown. */
export const customerLanguage = (language: string | null): Locale => (isLocale(language) ? language : 'ar');

/** The order page, opened on renewing this subscription. */
export const renewalLink = (origin: string, token: string, subscriptionId: string): string =>
  `${origin}/orders/${encodeURIComponent(token)}?renew=${encodeURIComponent(subscriptionId)}`;

interface Template {
  greeting: (name: string | null) => string;
  /** What happens to the subscription, by step, around its end date. */
  end: Record<ReminderStep, (date: string) => string>;
  /** `subscription`: the package and its duration. */
  body: (parts: { subscription: string; end: string; link: string }) => string[];
}

// Each language's own wording (not a translation of the admin's screen): the admin may read
// English while the customer reads Arabic. French puts a no-break space before : and !.
const TEMPLATES: Record<Locale, Template> = {
  ar: {
    greeting: (name) => (name ? `مرحبًا ${name}،` : 'مرحبًا،'),
    end: {
      '7d': (date) => `ينتهي يوم ${date}`,
      '1d': (date) => `ينتهي غدًا (${date})`,
      '0d': (date) => `ينتهي اليوم (${date})`,
      ended: (date) => `انتهى يوم ${date}`,
    },
    body: ({ subscription, end, link }) => [
      `اشتراكك في ${subscription} ${end}.`,
      `جدّده بنقرة واحدة من هنا:`,
      link,
      'شكرًا لثقتك!',
    ],
  },
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    end: {
      '7d': (date) => `se termine le ${date}`,
      '1d': (date) => `se termine demain (${date})`,
      '0d': (date) => `se termine aujourd’hui (${date})`,
      ended: (date) => `a pris fin le ${date}`,
    },
    body: ({ subscription, end, link }) => [
      `Votre abonnement ${subscription} ${end}.`,
      'Renouvelez-le en un clic ici\u00a0:',
      link,
      'Merci de votre confiance\u00a0!',
    ],
  },
  en: {
    greeting: (name) => (name ? `Hello ${name},` : 'Hello,'),
    end: {
      '7d': (date) => `ends on ${date}`,
      '1d': (date) => `ends tomorrow (${date})`,
      '0d': (date) => `ends today (${date})`,
      ended: (date) => `ended on ${date}`,
    },
    body: ({ subscription, end, link }) => [
      `Your ${subscription} subscription ${end}.`,
      'Renew it in one click here:',
      link,
      'Thank you for your trust!',
    ],
  },
};

export interface Reminder {
  step: ReminderStep;
  /** The checkout's language (ar, fr, en; anything else is Arabic). */
  language: string | null;
  customerName: string | null;
  packageName: string;
  /** The duration already in the customer's language (customerDurations). */
  duration: string;
  endsAt: string;
  /** Where the end date is read (the admin's timezone). */
  timeZone: string;
  link: string;
}

/** The reminder's text, in the customer's language. */
export function reminderText(reminder: Reminder): string {
  const language = customerLanguage(reminder.language);
  const template = TEMPLATES[language];
  const date = new Intl.DateTimeFormat(intlLocaleOf(language), {
    dateStyle: 'long',
    timeZone: reminder.timeZone,
  }).format(new Date(reminder.endsAt));
  const lines = template.body({
    subscription: `${reminder.packageName} (${reminder.duration})`,
    end: template.end[reminder.step](date),
    link: reminder.link,
  });
  return [template.greeting(reminder.customerName), ...lines].join('\n');
}

/** The wa.me link that opens a chat with the customer (0550… is 213550…), the reminder typed in. */
export const reminderHref = (phone: string, reminder: Reminder): string => whatsappLink(reminderText(reminder), phone);

/**
 * How durations ("1 month") read in a language, from the storefront's own texts (loaded once per
 * language); a duration it does not know stays as stored.
 */
export async function customerDurations(language: Locale): Promise<(duration: string) => string> {
  const messages = await loadMessages(language);
  return (duration) => {
    const id = durationMessageId(duration);
    const message = id ? messages[id] : undefined;
    return message ? String(new IntlMessageFormat(message, intlLocaleOf(language)).format()) : duration;
  };
}
