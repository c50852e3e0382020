import { DEFAULT_NOTIFICATIONS } from '@shared/identity/constants';
import type { SettingsAnswer } from '@shared/identity/types';
import { describe, expect, it, vi } from 'vitest';
import type { LanguageState, LanguageStore } from '../../i18n/language-store';
import type { Locale } from '../../i18n/locales';
import { languageChoices, languageFollower, languageOf } from './language-choice';
import { afterSave, discard, edit, saveOf, shown, type Drafts, type Server } from './settings-draft';

const answer = (changes: Partial<SettingsAnswer['settings']> = {}, languageChosen = false, version = 4) =>
  ({
    settings: {
      profile: { name: 'Amina', email: '', phone: '' },
      notifications: { ...DEFAULT_NOTIFICATIONS },
      language: 'ar',
      timezone: 'Africa/Algiers',
      dateFormat: 'DD/MM/YYYY',
      ...changes,
    },
    languageChosen,
    version,
  }) satisfies SettingsAnswer;

describe('the language the settings call for', () => {
  it("is the chosen one, else the device's (English), though ar is kept by default", () => {
    expect(languageOf(answer(), 'en')).toBe('en');
    expect(languageOf(answer({ language: 'fr' }), 'en')).toBe('en');
    expect(languageOf(answer({}, true), 'en')).toBe('ar');
    expect(languageOf(answer({ language: 'fr' }, true), 'ar')).toBe('fr');
  });
});

/** A language store that records what it was set to. */
function fakeStore(initial: Locale = 'en') {
  let state = { locale: initial } as LanguageState;
  const set: Locale[] = [];
  const store: LanguageStore = {
    getState: () => state,
    subscribe: () => () => undefined,
    setLocale: vi.fn(async (locale: Locale) => {
      set.push(locale);
      state = { ...state, locale };
    }),
  };
  return { store, set };
}

describe("the back office's language and the settings", () => {
  it('follows each choice once: a stale answer cannot undo a choice just made in the menu', () => {
    const { store, set } = fakeStore('en');
    const follow = languageFollower(store);
    // An admin who never chose: the device keeps its language (English after any sign-out).
    follow(answer());
    expect(set).toEqual([]);
    // Signed in on another device where they chose French before: French here too.
    follow(answer({ language: 'fr' }, true));
    expect(set).toEqual(['fr']);
    // They pick Arabic in the menu (applied at once); a refetch started before brings back French.
    void store.setLocale('ar');
    follow(answer({ language: 'fr' }, true));
    expect(store.getState().locale).toBe('ar');
    // Their save's answer arrives: Arabic chosen, already shown.
    follow(answer({ language: 'ar' }, true));
    expect(set).toEqual(['fr', 'ar']);
    // English chosen on another device later (a refetch brings it): applied here too.
    follow(answer({ language: 'en' }, true));
    expect(store.getState().locale).toBe('en');
  });

  it("saves the header menu's choice: applied, then handed to whoever saves it", async () => {
    const { store, set } = fakeStore('en');
    const choices = languageChoices(store);
    const chosen: Locale[] = [];
    const stop = choices.onChoose((locale) => chosen.push(locale));
    await choices.menu.setLocale('ar');
    expect(set).toEqual(['ar']);
    expect(chosen).toEqual(['ar']);
    expect(choices.menu.getState().locale).toBe('ar');
    stop();
    await choices.menu.setLocale('fr');
    expect(chosen).toEqual(['ar']);
  });
});

/** The server's settings as the screen has them, the back office shown in `shownLanguage`. */
const server = (settings: SettingsAnswer, shownLanguage: Locale = 'en'): Server => ({
  answer: settings,
  shownLanguage,
});

describe('the Settings drafts', () => {
  it('shows the server until edited, and in Language & Region the language in force (the one shown until chosen)', () => {
    expect(shown({}, server(answer()), 'region')).toEqual({
      language: 'en',
      timezone: 'Africa/Algiers',
      dateFormat: 'DD/MM/YYYY',
    });
    expect(shown({}, server(answer(), 'fr'), 'region').language).toBe('fr');
    expect(shown({}, server(answer({}, true), 'fr'), 'region').language).toBe('ar');
    const drafts = edit({}, server(answer()), 'profile', { name: 'Amina B', email: '', phone: '' });
    expect(shown(drafts, server(answer()), 'profile').name).toBe('Amina B');
    // Typed back to what the server has: no draft left, the server's changes show again.
    expect(edit(drafts, server(answer()), 'profile', answer().settings.profile)).toEqual({});
  });

  it('saves one section within the server settings, with the version its editing started from', () => {
    let drafts: Drafts = edit({}, server(answer()), 'notifications', {
      ...DEFAULT_NOTIFICATIONS,
      productUpdates: true,
    });
    // The server moved on meanwhile (version 5): the draft keeps the version it was edited from.
    drafts = edit(drafts, server(answer({}, false, 5)), 'notifications', {
      ...DEFAULT_NOTIFICATIONS,
      orderUpdates: false,
    });
    const save = saveOf(drafts, server(answer({}, false, 5)), 'notifications');
    expect(save.version).toBe(4);
    expect(save.languageChosen).toBe(false);
    expect(save.settings).toEqual({
      ...answer().settings,
      notifications: { ...DEFAULT_NOTIFICATIONS, orderUpdates: false },
    });
    // Untouched sections send the server's values (the stored ar, still not chosen).
    expect(saveOf({}, server(answer()), 'profile')).toEqual({
      settings: answer().settings,
      languageChosen: false,
      version: 4,
    });
  });

  it('chooses the language with a Language & Region save, as it is shown', () => {
    const drafts = edit({}, server(answer()), 'region', {
      language: 'en',
      timezone: 'Europe/Paris',
      dateFormat: 'YYYY-MM-DD',
    });
    expect(saveOf(drafts, server(answer()), 'region')).toEqual({
      settings: { ...answer().settings, language: 'en', timezone: 'Europe/Paris', dateFormat: 'YYYY-MM-DD' },
      languageChosen: true,
      version: 4,
    });
  });

  it("moves the other drafts onto the admin's own saved version, not older ones", () => {
    const drafts: Drafts = {
      profile: { values: { name: 'Amina B', email: '', phone: '' }, base: 4 },
      notifications: { values: { ...DEFAULT_NOTIFICATIONS, newCustomers: false }, base: 4 },
      region: { values: { language: 'fr', timezone: 'Europe/Paris', dateFormat: 'MM/DD/YYYY' }, base: 2 },
    };
    const next = afterSave(drafts, 'profile', 4, answer({}, false, 5));
    expect(next.profile).toBeUndefined();
    expect(next.notifications?.base).toBe(5);
    // Edited from a version someone else changed since: still a conflict when saved.
    expect(next.region?.base).toBe(2);
    expect(discard(next, 'region').region).toBeUndefined();
  });
});
