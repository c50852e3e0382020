import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/messages/ar.json';
import en from '../../../i18n/messages/en.json';
import fr from '../../../i18n/messages/fr.json';
import { durationsIn, shopperLanguage, whatsappChat, whatsappMessage, type WhatsAppOrder } from './message';

// The WhatsApp message in each of the shopper's languages, with the storefront's words for
// durations; the activation details only when the admin asks for them; wa.me's number form.

const LINK = 'https://shop.example.dz/orders/tok_abc';

const order: WhatsAppOrder = {
  number: 1042,
  customer_name: 'Yacine',
  items: [
    { product_name: 'Gold', quantity: 2, selected_duration: '1 month' },
    { product_name: 'Sport', quantity: 1, selected_duration: '3 months' },
  ],
  subscriptions: [
    {
      id: 's1',
      packageName: 'Gold',
      duration: '1 month',
      status: 'active',
      activation: {
        kind: 'xtream',
        serverUrl: 'http://tv.example.dz:8080',
        username: 'client-1042',
        password: 's3cret!',
        note: 'IPTV Smarters',
      },
    },
    {
      id: 's2',
      packageName: 'Gold',
      duration: '1 month',
      status: 'active',
      activation: { kind: 'mag', portalUrl: 'http://portal.example.dz/c/', mac: '00:1A:79:AB:CD:EF' },
    },
    { id: 's3', packageName: 'Sport', duration: '3 months', status: 'awaiting_delivery', activation: null },
    {
      id: 's4',
      packageName: 'Sport',
      duration: '3 months',
      status: 'cancelled',
      activation: { kind: 'code', code: 'OLD-CODE' },
    },
  ],
};

const MESSAGES = { ar, fr, en };
const message = (language: 'ar' | 'fr' | 'en', withDetails: boolean, of: WhatsAppOrder = order) =>
  whatsappMessage(of, { language, link: LINK, withDetails, duration: durationsIn(language, MESSAGES[language]) });

describe('the WhatsApp message', () => {
  it('greets, names the order and its packages, and gives the link, in French', () => {
    expect(message('fr', false)).toBe(
      [
        'Bonjour Yacine,',
        'Merci pour votre commande #1042 :',
        '• Gold × 2 (1 mois)',
        '• Sport × 1 (3 mois)',
        '',
        'Suivez votre commande sur sa page privée (ne la partagez avec personne) :',
        LINK,
      ].join('\n'),
    );
  });

  it('in Arabic, durations in Arabic and each Latin value on a line of its own', () => {
    expect(message('ar', true)).toBe(
      [
        'مرحبًا Yacine،',
        'شكرًا على طلبك رقم #1042:',
        '• Gold × 2 (شهر واحد)',
        '• Sport × 1 (3 أشهر)',
        '',
        'تابع طلبك على صفحته الخاصة (لا تشاركها مع أحد):',
        LINK,
        '',
        'تفاصيل التفعيل (احتفظ بها لنفسك):',
        '',
        '1. Gold (شهر واحد)',
        'عنوان الخادم:',
        'http://tv.example.dz:8080',
        'اسم المستخدم:',
        'client-1042',
        'كلمة المرور:',
        's3cret!',
        'ملاحظة:',
        'IPTV Smarters',
        '',
        '2. Gold (شهر واحد)',
        'رابط البوابة:',
        'http://portal.example.dz/c/',
        'عنوان MAC:',
        '00:1A:79:AB:CD:EF',
      ].join('\n'),
    );
  });

  it('in English, without a name when the order has none', () => {
    const text = message('en', false, { ...order, customer_name: '  ' });
    expect(text.split('\n').slice(0, 3)).toEqual(['Hello,', 'Thank you for your order #1042:', '• Gold × 2 (1 month)']);
    expect(text).toContain('Follow your order on its private page (share it with no one):\n' + LINK);
  });

  it('carries the activation details only when asked, never a cancelled or undelivered one', () => {
    for (const language of ['ar', 'fr', 'en'] as const) {
      const without = message(language, false);
      const withDetails = message(language, true);
      for (const secret of ['s3cret!', 'client-1042', '00:1A:79:AB:CD:EF', 'IPTV Smarters'])
        expect(without, `${language} without details`).not.toContain(secret);
      expect(withDetails, language).toContain('\ns3cret!\n');
      expect(withDetails, language).not.toContain('OLD-CODE');
      expect(withDetails.startsWith(without), language).toBe(true);
    }
    expect(message('fr', true)).toContain('Mot de passe :\ns3cret!');
    expect(message('en', true)).toContain('1. Gold (1 month)\nServer URL:\nhttp://tv.example.dz:8080');
    // Nothing delivered yet: ticked or not, the same message.
    const awaiting = { ...order, subscriptions: order.subscriptions!.slice(2, 3) };
    expect(message('en', true, awaiting)).toBe(message('en', false, awaiting));
  });

  it('numbers the details only when there are several, and writes a code and a playlist', () => {
    const one: WhatsAppOrder = {
      ...order,
      items: [{ product_name: 'Gold', quantity: 1, selected_duration: 'life time' }],
      subscriptions: [
        {
          id: 's1',
          packageName: 'Gold',
          duration: 'life time',
          status: 'active',
          activation: { kind: 'code', code: 'ABCD-1234' },
        },
      ],
    };
    expect(message('fr', true, one).split('\n').slice(-3)).toEqual([
      'Gold (À vie)',
      'Code d’activation :',
      'ABCD-1234',
    ]);
    const playlist = {
      ...one,
      subscriptions: [{ ...one.subscriptions![0]!, activation: { kind: 'm3u', playlistUrl: 'http://p.dz/x.m3u' } }],
    } as WhatsAppOrder;
    expect(message('en', true, playlist)).toContain('Playlist URL:\nhttp://p.dz/x.m3u');
  });

  it('keeps a duration the store has no words for as it was sent', () => {
    expect(durationsIn('fr', fr)('2 weeks')).toBe('2 weeks');
    expect(durationsIn('ar', ar)('12 months')).toBe('12 شهرًا');
  });
});

describe('the shopper’s language and number', () => {
  it('falls back to Arabic for older orders and unknown languages', () => {
    expect(shopperLanguage('fr')).toBe('fr');
    expect(shopperLanguage(null)).toBe('ar');
    expect(shopperLanguage('de')).toBe('ar');
  });

  it('opens the chat on the order’s phone in international form, the message encoded', () => {
    expect(whatsappChat('0550123456', 'Bonjour Yacine,\n#1042 & co')).toBe(
      'https://wa.me/213550123456?text=Bonjour%20Yacine%2C%0A%231042%20%26%20co',
    );
    expect(whatsappChat('0771 23 45 67', 'Salam')).toBe('https://wa.me/213771234567?text=Salam');
  });

  it('opens none for a phone that is not an Algerian mobile', () => {
    for (const phone of ['021123456', '0450123456', '', '+33612345678'])
      expect(whatsappChat(phone, 'Hi'), phone).toBeNull();
  });
});
