import { intlLocaleOf, type Locale } from './locales';

/** The currency label shown after every amount, in every language. */
export const CURRENCY_LABEL = 'Da';

const priceFormats = new Map<Locale, Intl.NumberFormat>();

function priceFormat(locale: Locale): Intl.NumberFormat {
  let format = priceFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocaleOf(locale), {
      maximumFractionDigits: 0,
      numberingSystem: 'latn',
    });
    priceFormats.set(locale, format);
  }
  return format;
}

/**
 * Formats an amount in dinars with Latin digits and the locale's grouping, then " Da":
 * ar "2.000 Da", fr "2 000 Da", en "2,000 Da". Amounts are rounded to whole dinars; a value that
 * is not a finite number shows as 0.
 */
export function formatPrice(amount: number, locale: Locale): string {
  const value = Number.isFinite(amount) ? amount : 0;
  // A no-break space keeps the label on the same line as the number.
  return `${priceFormat(locale).format(value)}\u00a0${CURRENCY_LABEL}`;
}
