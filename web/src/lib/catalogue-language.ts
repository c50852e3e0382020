import { catalogueTextIn, inLanguage, type Localized } from '@shared/catalogue/constants';
import type { Language } from '@shared/identity/constants';
import { useCallback } from 'react';
import { useLanguage } from '../i18n/I18nProvider';

// Catalogue items as the page's reader sees them (docs/product.md#catalogue-languages): every product and
// category comes with its texts in each language it has, and is shown in the page's language when
// it has it, else in the shop's default one, else in the first it has; `language` says which, for
// the `lang` of the elements that show it. The server picks the same way (the shared inLanguage).

/** Shows an item in the page's language. */
export function useInPageLanguage(): <V extends Localized>(item: V) => V {
  const { locale } = useLanguage();
  return useCallback(<V extends Localized>(item: V) => inLanguage(item, locale), [locale]);
}

/** A name kept by language (a cart's line), in `asked` as inLanguage would pick it; `fallback` when none. */
export function nameIn(
  names: Partial<Record<Language, string>> | undefined,
  defaultLanguage: Language | undefined,
  asked: Language,
  fallback: string,
): { name: string; language?: Language } {
  const shown = names && defaultLanguage && catalogueTextIn(names, asked, defaultLanguage);
  return shown ? { name: shown.text, language: shown.language } : { name: fallback };
}

/** A cart's product as the page's reader names it: in their language when it kept that name (nameIn). */
export function useCartProductName(): (product: {
  name: string;
  names?: Partial<Record<Language, string>>;
  defaultLanguage?: Language;
}) => { name: string; language?: Language } {
  const { locale } = useLanguage();
  return useCallback((product) => nameIn(product.names, product.defaultLanguage, locale, product.name), [locale]);
}
