// Storefront contact details shown in the footer and the call to action.

/** International number without "+" or spaces, as wa.me expects it. */
export const SUPPORT_WHATSAPP = '213550000000';
export const SUPPORT_PHONE = '+213550000000';
export const SUPPORT_PHONE_DISPLAY = '+213 550 00 00 00';
export const SUPPORT_EMAIL = 'support@nova-iptv.dz';

/** Where the "Download our app" links point (a section anchor until the app page exists). */
export const APP_DOWNLOAD_HREF = '#download';

export function whatsappLink(message: string): string {
  return `https://wa.me/${SUPPORT_WHATSAPP}?text=${encodeURIComponent(message)}`;
}
