import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { createLanguageStore, loadMessages, type CompiledMessages } from '../../i18n/language-store';
import type { Locale } from '../../i18n/locales';
import type { MessageId } from '../../i18n/messages';
import { isolate } from '../../lib/bidi';
import type shell from './en.json';
import type activity from './activity/en.json';
import type categories from './categories/en.json';
import type customers from './customers/en.json';
import type customerPage from './customer-page/en.json';
import type history from './history/en.json';
import type notes from './notes/en.json';
import type orders from './orders/en.json';
import type orderContact from './order-contact/en.json';
import type orderRefund from './order-refund/en.json';
import type products from './products/en.json';
import type projections from './projections/en.json';
import type settings from './settings/en.json';
import type subscriptions from './subscriptions/en.json';
import type users from './users/en.json';

// The back office's own messages (ids start with "admin."), loaded only by the admin chunk and
// added to the store's messages of the same language, so the shared chrome (language menu, theme
// toggle, toasts) speaks the admin's language. Like the store's, they are precompiled at build
// time (web/vite.config.ts). The shell's are in this folder's {en,fr,ar}.json, each screen's in a
// folder of its own (orders/en.json…), so a screen brings its texts with it; i18n.unit.spec.ts
// checks that every language has every id.

export type AdminMessageId =
  | keyof typeof shell
  | keyof typeof activity
  | keyof typeof categories
  | keyof typeof customers
  | keyof typeof customerPage
  | keyof typeof history
  | keyof typeof notes
  | keyof typeof orders
  | keyof typeof orderContact
  | keyof typeof orderRefund
  | keyof typeof products
  | keyof typeof projections
  | keyof typeof settings
  | keyof typeof subscriptions
  | keyof typeof users;

/** localStorage key of the admin's language, apart from the store's; index.html reads it too. */
export const ADMIN_LANGUAGE_KEY = 'admin-language';
/** The admin starts in English (docs/product.md#back-office). */
export const DEFAULT_ADMIN_LOCALE: Locale = 'en';

const messageFiles = import.meta.glob<{ default: Record<string, string> }>(['./*.json', './*/*.json']);

/** Every admin message of one language: the shell's and each screen's files, merged. */
async function adminMessagesOf(locale: Locale): Promise<Record<string, string>> {
  const files = Object.entries(messageFiles).filter(([path]) => path.endsWith(`/${locale}.json`));
  const loadedFiles = await Promise.all(files.map(([, load]) => load()));
  return Object.assign({}, ...loadedFiles.map((file) => file.default)) as Record<string, string>;
}

const loaded = new Map<Locale, Promise<CompiledMessages>>();

/** The store's and the admin's messages of one language, loaded once. */
export function loadAdminMessages(locale: Locale): Promise<CompiledMessages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = Promise.all([loadMessages(locale), adminMessagesOf(locale)]).then(([store, admin]) => ({
      ...store,
      ...(admin as unknown as CompiledMessages),
    }));
    // A failed download may be tried again.
    messages.catch(() => loaded.delete(locale));
    loaded.set(locale, messages);
  }
  return messages;
}

let language: ReturnType<typeof createLanguageStore> | undefined;

/** The admin's language store (created once; its messages loaded before it resolves). */
export function adminLanguage(): ReturnType<typeof createLanguageStore> {
  if (!language) {
    language = createLanguageStore({
      storageKey: ADMIN_LANGUAGE_KEY,
      defaultLocale: DEFAULT_ADMIN_LOCALE,
      load: loadAdminMessages,
    });
    language.catch(() => (language = undefined));
  }
  return language;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/**
 * `t(id, values)`: an admin message as text, its id checked against en.json. Text values are
 * isolated, so a name or a price keeps its own order inside a sentence of the other direction.
 */
export function useAdminText(): (id: AdminMessageId, values?: MessageValues) => string {
  const intl = useIntl();
  return useCallback(
    (id, values) =>
      // react-intl's ids are typed as the store's; admin ids are checked by AdminMessageId instead.
      intl.formatMessage(
        { id: id as MessageId },
        values &&
          Object.fromEntries(
            Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? isolate(value) : value]),
          ),
      ),
    [intl],
  );
}
