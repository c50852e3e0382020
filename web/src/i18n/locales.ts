import {
  DEFAULT_STORE_LANGUAGE,
  STORE_LANGUAGES,
  directionOf,
  intlLocaleOf,
  isStoreLanguage,
} from '@shared/locale/constants';
import type { Direction, StoreLanguage } from '@shared/locale/types';
import { parseStoredChoice, readStored } from '../lib/storage';

// The storefront's languages, shared with the server's own pages (src/shared/locale).
export const LOCALES = STORE_LANGUAGES;
export type Locale = StoreLanguage;
export type { Direction };

/** localStorage key of the storefront language (the admin area keeps its own key). */
export const STORE_LANGUAGE_KEY = 'store-language';
export const DEFAULT_STORE_LOCALE: Locale = DEFAULT_STORE_LANGUAGE;

export const isLocale = isStoreLanguage;
export { directionOf, intlLocaleOf };

/** Each language's own name, shown in the language menu whatever the current language is. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  ar: 'العربية',
  fr: 'Français',
  en: 'English',
};

/** The language a storefront address asks for (`?lang=fr`: a shared link, a search result), if any. */
export function languageInAddress(search: string): Locale | null {
  const asked = new URLSearchParams(search).get('lang');
  return isLocale(asked) ? asked : null;
}

/** Restores a stored language; anything but ar, fr or en is discarded. */
export function parseStoredLocale(raw: string | null): Locale | null {
  return parseStoredChoice(raw, isLocale);
}

export function readStoredLocale(key: string, fallback: Locale): Locale {
  return parseStoredLocale(readStored(key)) ?? fallback;
}
