import { describe, expect, it } from 'vitest';
import {
  customerDurations,
  customerLanguage,
  daysUntilEnd,
  dueDay,
  isStepDone,
  reminderHref,
  reminderStep,
  reminderText,
  renewalLink,
  type Reminder,
} from './reminder';

// The WhatsApp reminders of the subscriptions screen: the step due at each edge of the worklist,
// the message in the customer's language whatever the admin's, and the link it carries.

const ALGIERS = 'Africa/Algiers';
// Ends at 10:00 UTC, 11:00 in Algiers, on Saturday 28 February 2026.
const END = '2026-02-28T10:00:00.000Z';
/** An instant in Algiers (UTC+1 all year). */
const algiers = (local: string) => new Date(`${local}+01:00`);

describe('the reminder step due', () => {
  it('is 7d from 7 to 2 days before the end day, 1d the day before, 0d on the day until the end, ended after', () => {
    const step = (local: string) => reminderStep(END, algiers(local), ALGIERS);
    expect(step('2026-02-20T23:59:59')).toBeNull();
    expect(step('2026-02-21T00:00:00')).toBe('7d');
    expect(step('2026-02-26T23:59:59')).toBe('7d');
    expect(step('2026-02-27T00:00:00')).toBe('1d');
    expect(step('2026-02-27T23:59:59')).toBe('1d');
    expect(step('2026-02-28T00:00:00')).toBe('0d');
    expect(step('2026-02-28T10:59:59')).toBe('0d');
    expect(step('2026-02-28T11:00:00')).toBe('ended');
    expect(step('2026-03-20T09:00:00')).toBe('ended');
  });

  it('counts calendar days in the admin’s timezone, not 24-hour periods', () => {
    // 23:30 the day before is 1 day, though the end is under 12 hours away.
    expect(daysUntilEnd(END, algiers('2026-02-27T23:30:00'), ALGIERS)).toBe(1);
    // 00:30 on the end day in Algiers is still the day before in New York.
    expect(daysUntilEnd(END, algiers('2026-02-28T00:30:00'), ALGIERS)).toBe(0);
    expect(daysUntilEnd(END, algiers('2026-02-28T00:30:00'), 'America/New_York')).toBe(1);
    expect(daysUntilEnd(END, algiers('2026-03-02T12:00:00'), ALGIERS)).toBe(-2);
  });

  it('groups the worklist by the end day: days before it, or since it once ended', () => {
    const due = (local: string) => dueDay(END, algiers(local), ALGIERS);
    expect(due('2026-02-21T09:00:00')).toEqual({ ended: false, days: 7 });
    expect(due('2026-02-28T10:00:00')).toEqual({ ended: false, days: 0 });
    expect(due('2026-02-28T12:00:00')).toEqual({ ended: true, days: 0 });
    expect(due('2026-03-01T08:00:00')).toEqual({ ended: true, days: 1 });
  });

  it('is done once the latest reminder is that step or a later one', () => {
    expect(isStepDone(undefined, '7d')).toBe(false);
    expect(isStepDone('7d', '7d')).toBe(true);
    expect(isStepDone('7d', '1d')).toBe(false);
    expect(isStepDone('0d', '1d')).toBe(true);
    expect(isStepDone('0d', 'ended')).toBe(false);
  });
});

describe('the reminder message', () => {
  const link = renewalLink('https://shop.example.dz', 'tok_en-43', 'sub:1/0');
  const base: Omit<Reminder, 'language' | 'duration'> = {
    step: '7d',
    customerName: 'Yacine',
    packageName: 'Gold',
    endsAt: END,
    timeZone: ALGIERS,
    link,
  };
  const inLanguage = async (language: string | null, changes: Partial<Reminder> = {}) => {
    const duration = (await customerDurations(customerLanguage(language)))('1 month');
    return reminderText({ ...base, language, duration, ...changes });
  };

  it('links to the order page, on renewing that subscription', () => {
    expect(link).toBe('https://shop.example.dz/orders/tok_en-43?renew=sub%3A1%2F0');
  });

  it('is written in Arabic, and in Arabic when the checkout’s language is unknown', async () => {
    const text = await inLanguage('ar');
    expect(text).toBe(
      [
        'مرحبًا Yacine،',
        'اشتراكك في Gold (شهر واحد) ينتهي يوم 28 فيفري 2026.',
        'جدّده بنقرة واحدة من هنا:',
        link,
        'شكرًا لثقتك!',
      ].join('\n'),
    );
    expect(await inLanguage(null)).toBe(text);
    expect(await inLanguage('de')).toBe(text);
  });

  it('is written in French', async () => {
    expect(await inLanguage('fr', { step: '1d', customerName: null })).toBe(
      [
        'Bonjour,',
        'Votre abonnement Gold (1 mois) se termine demain (28 février 2026).',
        'Renouvelez-le en un clic ici\u00a0:',
        link,
        'Merci de votre confiance\u00a0!',
      ].join('\n'),
    );
  });

  it('is written in English, on the day and after the end', async () => {
    expect(await inLanguage('en', { step: '0d' })).toContain(
      'Your Gold (1 month) subscription ends today (February 28, 2026).',
    );
    expect(await inLanguage('en', { step: 'ended' })).toBe(
      [
        'Hello Yacine,',
        'Your Gold (1 month) subscription ended on February 28, 2026.',
        'Renew it in one click here:',
        link,
        'Thank you for your trust!',
      ].join('\n'),
    );
  });

  it('opens a chat with the customer’s number, the message typed in', async () => {
    const reminder = { ...base, language: 'fr', duration: '1 mois' };
    const href = reminderHref('0550 12 34 56', reminder);
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/213550123456');
    expect(url.searchParams.get('text')).toBe(reminderText(reminder));
  });
});
