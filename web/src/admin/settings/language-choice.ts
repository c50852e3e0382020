import type { SettingsAnswer } from '@shared/identity/types';
import type { LanguageStore } from '../../i18n/language-store';
import type { Locale } from '../../i18n/locales';

// The back office's language is the admin's display-language setting, one choice made either on
// Settings > Language & Region or in the header's language menu, and kept on the server so it
// follows them to every device they sign in on. Until they have chosen, the back office is in
// English, although the language kept by default is ar (docs/product.md#settings).

/**
 * The back office's language for these settings: the one chosen, else the language the device
 * shows (`device`: English unless it kept one from before choices were saved, see languageFollower).
 */
export function languageOf(answer: Pick<SettingsAnswer, 'settings' | 'languageChosen'>, device: Locale): Locale {
  return answer.languageChosen ? answer.settings.language : device;
}

export interface LanguageChoices {
  /** The admin's language store as the header's menu gets it: a choice there is applied, then announced. */
  menu: LanguageStore;
  /** Listens to the menu's choices (the shell saves each on the server); returns the unsubscribe. */
  onChoose(listener: (locale: Locale) => void): () => void;
}

/** Wraps the admin's language store so that the header's menu, choosing a language, also saves it. */
export function languageChoices(store: LanguageStore): LanguageChoices {
  const listeners = new Set<(locale: Locale) => void>();
  return {
    menu: {
      getState: store.getState,
      subscribe: store.subscribe,
      async setLocale(locale) {
        const applied = store.setLocale(locale);
        listeners.forEach((listener) => listener(locale));
        await applied;
      },
    },
    onChoose(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Applies the language each new settings answer has chosen, on the store itself (so nothing is
 * saved again), once per choice: an answer naming the language last applied leaves the store
 * alone, so a refetch that brings back an older answer cannot undo a choice just made in the
 * menu, and a choice whose save failed stays on this device. Until the admin has chosen, the
 * device keeps its language: English (the shell resets it to English whenever an admin
 * signs out, so the next one starts in English), or one this device kept from before choices
 * were saved on the server.
 */
export function languageFollower(store: Pick<LanguageStore, 'getState' | 'setLocale'>) {
  let applied: Locale | undefined;
  return (answer: Pick<SettingsAnswer, 'settings' | 'languageChosen'>) => {
    if (!answer.languageChosen) return;
    const wanted = answer.settings.language;
    if (wanted === applied) return;
    applied = wanted;
    if (store.getState().locale !== wanted) void store.setLocale(wanted);
  };
}
