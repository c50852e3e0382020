import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { setErrorLanguage } from './error-text';
import { isolate } from '../lib/bidi';
import { formatPrice } from './format';
import type { LanguageStore } from './language-store';
import type { Locale } from './locales';
import type { MessageId } from './messages';

const LanguageContext = createContext<LanguageStore | null>(null);

export function I18nProvider({ store, children }: { store: LanguageStore; children: ReactNode }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  return (
    <LanguageContext.Provider value={store}>
      <IntlProvider locale={state.intlLocale} defaultLocale="en" messages={state.messages}>
        <ErrorLanguage />
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

/** Tells error-text.ts the language errors are shown in now. */
function ErrorLanguage() {
  setErrorLanguage(useIntl());
  return null;
}

function useLanguageStore(): LanguageStore {
  const store = useContext(LanguageContext);
  if (!store) throw new Error('useLanguage must be used inside <I18nProvider>');
  return store;
}

/** The current language and a setter that loads, saves and applies a new one. */
export function useLanguage(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  const store = useLanguageStore();
  const locale = useSyncExternalStore(store.subscribe, () => store.getState().locale);
  return { locale, setLocale: store.setLocale };
}

/**
 * Formats dinar amounts for the current language: "2.000 Da", "2 000 Da", "2,000 Da", each isolated
 * (FSI … PDI), so it reads number-then-Da wherever it lands, an Arabic line too (docs/product.md#bidirectional-text).
 */
export function useFormatPrice(): (amount: number) => string {
  const { locale } = useLanguage();
  return useCallback((amount: number) => isolate(formatPrice(amount, locale)), [locale]);
}

export type { MessageId };
