import type { Direction, StoreLanguage } from './types';

// The storefront's languages and how an amount reads in each: shared by the web app and the
// server's own pages (the link previews of docs/architecture.md#the-web-app-as-served), so a price
// reads the same in a shared link as on the page.

export const STORE_LANGUAGES = ['ar', 'fr', 'en'] as const satisfies readonly StoreLanguage[];
/** The language a shopper gets until they choose one (docs/product.md: the storefront starts in Arabic). */
export const DEFAULT_STORE_LANGUAGE: StoreLanguage = 'ar';

export function isStoreLanguage(value: unknown): value is StoreLanguage {
  return typeof value === 'string' && (STORE_LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(language: StoreLanguage): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The BCP 47 tag used for formatting numbers, plurals and dates. All three languages use Latin
 * digits (as Algerian shoppers read prices); grouping follows the regional convention. French
 * times use the 24-hour clock (docs/product.md#bidirectional-text): ICU's fr-DZ alone writes "4:05 PM".
 */
export function intlLocaleOf(language: StoreLanguage): string {
  switch (language) {
    case 'ar':
      return 'ar-DZ-u-nu-latn';
    case 'fr':
      return 'fr-DZ-u-hc-h23';
    case 'en':
      return 'en';
  }
}

/** The currency label shown after every amount, in every language. */
export const CURRENCY_LABEL = 'Da';

const priceFormats = new Map<StoreLanguage, Intl.NumberFormat>();

function priceFormat(language: StoreLanguage): Intl.NumberFormat {
  let format = priceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleOf(language), { maximumFractionDigits: 0, numberingSystem: 'latn' });
    priceFormats.set(language, format);
  }
  return format;
}

/**
 * Formats an amount in dinars with Latin digits and the language's grouping, then " Da":
 * ar "2.000 Da", fr "2 000 Da", en "2,000 Da". Amounts are rounded to whole dinars; a value that
 * is not a finite number shows as 0.
 */
export function formatPrice(amount: number, language: StoreLanguage): string {
  const value = Number.isFinite(amount) ? amount : 0;
  // A no-break space keeps the label on the same line as the number.
  return `${priceFormat(language).format(value)}\u00a0${CURRENCY_LABEL}`;
}
