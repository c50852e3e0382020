import type { MessageFormatElement } from 'react-intl';
import { writeStored } from '../lib/storage';
import type { MessageId, Messages } from './messages';
import { directionOf, intlLocaleOf, readStoredLocale, type Locale } from './locales';

/** Messages as the browser receives them: precompiled ICU ASTs (see web/vite.config.ts). */
export type CompiledMessages = Record<MessageId, MessageFormatElement[]>;

// `satisfies Messages` makes a missing translation a type error. The JSON's TypeScript type shows
// the source strings; the build turns each into its AST.
const compiled = (messages: Messages) => messages as unknown as CompiledMessages;

// Each language's messages live in their own chunk, so a shopper downloads only the one in use.
const loaders: Record<Locale, () => Promise<CompiledMessages>> = {
  ar: () =>
    Promise.all([import('./messages/ar.json'), import('./errors/ar.json')]).then(([m, e]) =>
      compiled({ ...m.default, ...e.default } satisfies Messages),
    ),
  fr: () =>
    Promise.all([import('./messages/fr.json'), import('./errors/fr.json')]).then(([m, e]) =>
      compiled({ ...m.default, ...e.default } satisfies Messages),
    ),
  en: () =>
    Promise.all([import('./messages/en.json'), import('./errors/en.json')]).then(([m, e]) =>
      compiled({ ...m.default, ...e.default } satisfies Messages),
    ),
};

const loaded = new Map<Locale, CompiledMessages>();

export async function loadMessages(locale: Locale): Promise<CompiledMessages> {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const messages = await loaders[locale]();
  loaded.set(locale, messages);
  return messages;
}

export interface LanguageState {
  locale: Locale;
  /** Tag for Intl formatting (Latin digits everywhere). */
  intlLocale: string;
  messages: CompiledMessages;
}

export interface LanguageStore {
  getState(): LanguageState;
  subscribe(listener: () => void): () => void;
  /** Loads the language's messages, then switches, saves the choice and updates <html>. */
  setLocale(locale: Locale): Promise<void>;
}

/** Sets `lang` and `dir` on <html> (the inline script in index.html does the same before load). */
export function applyLanguageToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = locale;
  root.dir = directionOf(locale);
}

/**
 * Creates the language store for one area of the app (the storefront uses `store-language`,
 * default Arabic). The language the address asks for comes first (the server's page was written
 * in it, docs/product.md#link-previews), then the stored choice, restored only when it is ar, fr
 * or en. Resolves once the initial language's messages are loaded, so the first render never shows
 * raw message ids.
 */
export async function createLanguageStore(options: {
  storageKey: string;
  defaultLocale: Locale;
  /** The messages of a language (the admin area adds its own to the store's). */
  load?: (locale: Locale) => Promise<CompiledMessages>;
  /** The language the address asks for (`?lang=`): taken as the shopper's choice, and kept. */
  asked?: Locale | null;
}): Promise<LanguageStore> {
  const load = options.load ?? loadMessages;
  if (options.asked) writeStored(options.storageKey, options.asked);
  const initial = options.asked ?? readStoredLocale(options.storageKey, options.defaultLocale);
  let state: LanguageState = {
    locale: initial,
    intlLocale: intlLocaleOf(initial),
    messages: await load(initial),
  };
  applyLanguageToDocument(initial);
  const listeners = new Set<() => void>();
  let latestRequest: Locale = initial;

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async setLocale(locale) {
      latestRequest = locale;
      writeStored(options.storageKey, locale);
      const messages = await load(locale);
      // A quicker, later choice wins over a slower, earlier one.
      if (latestRequest !== locale || state.locale === locale) return;
      state = { locale, intlLocale: intlLocaleOf(locale), messages };
      applyLanguageToDocument(locale);
      listeners.forEach((listener) => listener());
    },
  };
}
