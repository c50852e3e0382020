import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { LanguageStore } from '../../i18n/language-store';
import { settingsQuery } from '../api/settings';
import { languageFollower, type LanguageChoices } from './language-choice';
import { useChooseLanguage } from './settings-writes';

/**
 * For as long as an admin is signed in: their settings stay loaded (language, dates and
 * notifications read them), the back office takes the language they call for (the one chosen on
 * any device, else English), and a choice in the header's menu is saved as their setting.
 */
export function useSettingsLanguage(userId: string, language: LanguageStore, choices: LanguageChoices): void {
  const answer = useQuery(settingsQuery(userId)).data;
  const follow = useMemo(() => languageFollower(language), [language]);
  useEffect(() => {
    if (answer) follow(answer);
  }, [answer, follow]);

  const { mutate: choose } = useChooseLanguage(userId);
  useEffect(() => choices.onChoose((locale) => choose(locale)), [choices, choose]);
}
