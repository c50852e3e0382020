import { internationalPhone } from '@shared/ordering/constants';

// Storefront contact details shown in the footer, the call to action and the support box. The
// server writes the configured ones (SUPPORT_* settings) into the page; the defaults are for a
// page served without them (the Vite dev server).

export const SUPPORT_PHONE = pageSetting('support-phone', '+213550000000');
/** International number without "+" or spaces, as wa.me expects it. */
export const SUPPORT_WHATSAPP = pageSetting('support-whatsapp', '213550000000');
export const SUPPORT_EMAIL = pageSetting('support-email', 'support@nova-iptv.dz');

/** Where the "Download our app" links point (a section anchor until the app page exists). */
export const APP_DOWNLOAD_HREF = '#download';

/**
 * A WhatsApp chat with the store (or with `number`, in any notation: a shopper's 0550 12 34 56 is
 * +213 550 12 34 56) that starts with `message`.
 */
export function whatsappLink(message: string, number = SUPPORT_WHATSAPP): string {
  return `https://wa.me/${internationalPhone(number)}?text=${encodeURIComponent(message)}`;
}

/** An Algerian number grouped as people read it (+213 550 12 34 56, 0550 12 34 56); others as given. */
export function displayPhone(phone: string): string {
  const international = /^\+?213(\d{3})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  if (international) return `+213 ${international.slice(1).join(' ')}`;
  const local = /^(0\d{3})(\d{2})(\d{2})(\d{2})$/.exec(phone);
  return local ? local.slice(1).join(' ') : phone;
}

function pageSetting(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content')?.trim() || fallback;
}
