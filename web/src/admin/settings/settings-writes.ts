import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@shared/identity/constants';
import type { PasswordChanged, SettingsSaved } from '@shared/identity/types';
import { adminApi } from '../api/client';
import { settingsKeys } from '../api/keys';
import { SETTINGS_LANGUAGE_PATH, SETTINGS_PASSWORD_PATH, SETTINGS_PATH, keepSavedSettings } from '../api/settings';
import { useVersionedWrite } from '../api/versioned';
import { useAdminText } from '../i18n';
import { adminSession } from '../session/session';
import type { SettingsSave } from './settings-draft';

// The three writes of the admin's own settings. Settings and the header's language choice go
// through useVersionedWrite (the settings with the version the screen showed as If-Match, so a
// change made elsewhere meanwhile opens the shared conflict dialog); each answer becomes the
// cached settings at once (the language, dates, notifications and the header's name follow).

/** `PUT /api/admin/settings`: one tab's section, within the settings as the screen had them. */
export function useSaveSettings(userId: string) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<SettingsSave, SettingsSaved>({
    request: ({ settings, languageChosen, version }) => ({
      path: SETTINGS_PATH,
      method: 'PUT',
      body: { ...settings, languageChosen },
      version,
    }),
    invalidates: () => [settingsKeys.of(userId)],
    // 'Settings saved successfully!' shows in the tab for 3 s, not as a toast.
    failure: () => t('admin.settings.saveFailed'),
    onSuccess: (saved) => void keepSavedSettings(queryClient, userId, saved),
  });
}

/** `PUT /api/admin/settings/language`: a choice in the header's menu (the last choice wins: no version). */
export function useChooseLanguage(userId: string) {
  const t = useAdminText();
  const queryClient = useQueryClient();
  return useVersionedWrite<Language, SettingsSaved>({
    request: (language) => ({ path: SETTINGS_LANGUAGE_PATH, method: 'PUT', body: { language } }),
    invalidates: () => [settingsKeys.of(userId)],
    failure: () => t('admin.settings.languageFailed'),
    onSuccess: (saved) => void keepSavedSettings(queryClient, userId, saved),
  });
}

export interface PasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * `PUT /api/admin/settings/password`. The server ends every token issued before the change, so
 * the one it answers becomes the session's: the admin stays signed in (here and on the live
 * connection, which reconnects with it). Its refusal ('Current password is incorrect') is shown
 * in the form, in the admin's language; it names no version (only the admin knows their password).
 */
export function useChangePassword(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<PasswordChanged, Error, PasswordInput>({
    mutationFn: (input) => adminApi.json<PasswordChanged>(SETTINGS_PASSWORD_PATH, { method: 'PUT', body: input }),
    onSuccess: async (answer) => {
      const session = adminSession.get().session;
      if (session?.user.id === userId) adminSession.signIn({ ...session, token: answer.token });
      // The change gave the admin's record a new version: the next save must send it.
      await queryClient.invalidateQueries({ queryKey: settingsKeys.of(userId) });
    },
  });
}
