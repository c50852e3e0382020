import type { DateFormat, Language, Timezone } from '@shared/identity/constants';
import type { Settings, SettingsAnswer } from '@shared/identity/types';
import type { Locale } from '../../i18n/locales';
import { languageOf } from './language-choice';

// What the Settings screen holds while the admin edits: the server's settings (the cached answer,
// which follows every change) and, for each section edited and not yet saved, a draft with the
// version it was edited from. Each tab saves its own section: the server's settings with that
// section replaced, sent with the draft's version as If-Match, so a change made elsewhere in the
// meantime (another device, another admin on the Users screen) is a conflict and never
// overwritten. The admin's own save moves the other drafts onto the new version, since nothing
// else changed in between.

export type Section = 'profile' | 'notifications' | 'region';

export interface Region {
  language: Language;
  timezone: Timezone;
  dateFormat: DateFormat;
}

export interface SectionValues {
  profile: Settings['profile'];
  notifications: Settings['notifications'];
  region: Region;
}

export interface Draft<S extends Section> {
  values: SectionValues[S];
  /** The version of the settings the edit started from (sent as If-Match). */
  base: number;
}

export type Drafts = { [S in Section]?: Draft<S> };

/** What a save sends: the whole settings, whether it chooses the display language, and the version edited. */
export interface SettingsSave {
  settings: Settings;
  languageChosen: boolean;
  version: number;
}

/** The server's settings as the screen has them, and the language the back office shows now. */
export interface Server {
  answer: SettingsAnswer;
  shownLanguage: Locale;
}

/**
 * The sections as the server has them. The display language shown is the one in force: the one
 * chosen, else the one shown (English), not the ar kept by default, so saving Language & Region
 * keeps the back office in the language the admin sees.
 */
export function serverSections({ answer, shownLanguage }: Server): SectionValues {
  const { profile, notifications, timezone, dateFormat } = answer.settings;
  return { profile, notifications, region: { language: languageOf(answer, shownLanguage), timezone, dateFormat } };
}

const same = (a: object, b: object) =>
  Object.keys({ ...a, ...b }).every(
    (key) => (a as Record<string, unknown>)[key] === (b as Record<string, unknown>)[key],
  );

/** The values a section shows: its draft, else the server's. */
export function shown<S extends Section>(drafts: Drafts, server: Server, section: S): SectionValues[S] {
  return (drafts[section] as Draft<S> | undefined)?.values ?? serverSections(server)[section];
}

/** An edit: the section's draft, from the version shown when its editing began; none once it matches the server again. */
export function edit<S extends Section>(drafts: Drafts, server: Server, section: S, values: SectionValues[S]): Drafts {
  const next = { ...drafts };
  if (same(values, serverSections(server)[section])) delete next[section];
  else next[section] = { values, base: drafts[section]?.base ?? server.answer.version } as Drafts[S];
  return next;
}

/**
 * The save of one section: the server's settings with that section as shown. Only Language &
 * Region chooses the display language; the others send the one kept, as kept.
 */
export function saveOf(drafts: Drafts, server: Server, section: Section): SettingsSave {
  const version = drafts[section]?.base ?? server.answer.version;
  const settings = { ...server.answer.settings };
  if (section === 'profile') settings.profile = shown(drafts, server, 'profile');
  if (section === 'notifications') settings.notifications = shown(drafts, server, 'notifications');
  if (section === 'region') Object.assign(settings, shown(drafts, server, 'region'));
  return { settings, languageChosen: section === 'region', version };
}

/** After this admin saved `section` from version `from`: its draft goes, the others move to the saved version. */
export function afterSave(drafts: Drafts, section: Section, from: number, saved: SettingsAnswer): Drafts {
  const next: Drafts = {};
  for (const key of Object.keys(drafts) as Section[]) {
    const draft = drafts[key];
    if (key === section || !draft) continue;
    (next as Record<Section, Draft<Section>>)[key] = draft.base === from ? { ...draft, base: saved.version } : draft;
  }
  return next;
}

/** A conflict: the section's draft is dropped, so it shows the server's settings once reloaded. */
export function discard(drafts: Drafts, section: Section): Drafts {
  const next = { ...drafts };
  delete next[section];
  return next;
}
