import { parseStoredChoice, readStored } from '../lib/storage';

export const LOCALES = ['ar', 'fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** localStorage key of the storefront language (the admin area keeps its own key). */
export const STORE_LANGUAGE_KEY = 'store-language';
export const DEFAULT_STORE_LOCALE: Locale = 'ar';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export type Direction = 'rtl' | 'ltr';

export function directionOf(locale: Locale): Direction {
  return locale === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The BCP 47 tag used for formatting numbers, plurals and dates. All three languages use Latin
 * digits (as Algerian shoppers read prices); grouping follows the regional convention.
 */
export function intlLocaleOf(locale: Locale): string {
  switch (locale) {
    case 'ar':
      return 'ar-DZ-u-nu-latn';
    case 'fr':
      return 'fr-DZ';
    case 'en':
      return 'en';
  }
}

/** Each language's own name, shown in the language menu whatever the current language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  ar: 'العربية',
  fr: 'Français',
  en: 'English',
};

/** Restores a stored language; anything but ar, fr or en is discarded. */
export function parseStoredLocale(raw: string | null): Locale | null {
  return parseStoredChoice(raw, isLocale);
}

export function readStoredLocale(key: string, fallback: Locale): Locale {
  return parseStoredLocale(readStored(key)) ?? fallback;
}
