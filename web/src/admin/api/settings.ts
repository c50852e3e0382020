import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_NOTIFICATIONS,
  DEFAULT_TIMEZONE,
  type DateFormat,
  type Timezone,
} from '@shared/identity/constants';
import type { PasswordChanged, Settings, SettingsAnswer, SettingsSaved } from '@shared/identity/types';
import { adminSession, useAdminSession } from '../session/session';
import { adminApi, adminRetry } from './client';
import { settingsKeys } from './keys';

// The signed-in admin's own settings (docs/product.md#settings, saved on the server): one query per
// admin, kept in the cache for as long as they are signed in, which the Settings screen, the
// language of the back office, every date shown and the live notifications all read.

export const SETTINGS_PATH = '/api/admin/settings';
export const SETTINGS_LANGUAGE_PATH = '/api/admin/settings/language';
export const SETTINGS_PASSWORD_PATH = '/api/admin/settings/password';

export type { PasswordChanged, Settings, SettingsAnswer, SettingsSaved };

/** `GET /api/admin/settings` for the admin `userId`. */
export const settingsQuery = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.of(userId),
    retry: adminRetry,
    queryFn: ({ signal }) => adminApi.json<SettingsAnswer>(SETTINGS_PATH, { signal }),
  });

/** The signed-in admin's settings answer, once loaded (undefined while it loads, or signed out). */
export function useMySettings(): SettingsAnswer | undefined {
  const userId = useAdminSession().session?.user.id;
  return useQuery({ ...settingsQuery(userId ?? ''), enabled: userId !== undefined }).data;
}

/** What every screen shows before the settings are loaded: the default timezone and date format. */
export const DEFAULT_REGION: { timezone: Timezone; dateFormat: DateFormat } = {
  timezone: DEFAULT_TIMEZONE,
  dateFormat: DEFAULT_DATE_FORMAT,
};

/** The notifications the admin wants, the defaults until their settings are loaded. */
export function cachedNotifications(queryClient: QueryClient, userId: string): Settings['notifications'] {
  return (
    queryClient.getQueryData<SettingsAnswer>(settingsKeys.of(userId))?.settings.notifications ?? {
      ...DEFAULT_NOTIFICATIONS,
    }
  );
}

/**
 * A saved answer becomes the cached one at once: a fetch still under way (which may have started
 * before the save) is cancelled so it cannot bring the old settings back, and the header shows
 * the profile's name (the admin's name) at once.
 */
export async function keepSavedSettings(queryClient: QueryClient, userId: string, saved: SettingsSaved) {
  const answer: SettingsAnswer = {
    settings: saved.settings,
    languageChosen: saved.languageChosen,
    version: saved.version,
  };
  await queryClient.cancelQueries({ queryKey: settingsKeys.of(userId) });
  queryClient.setQueryData(settingsKeys.of(userId), answer);
  const session = adminSession.get().session;
  if (session?.user.id === userId && session.user.name !== answer.settings.profile.name)
    adminSession.signIn({ ...session, user: { ...session.user, name: answer.settings.profile.name } });
}
