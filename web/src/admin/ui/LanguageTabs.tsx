import { CATALOGUE_LANGUAGES } from '@shared/catalogue/constants';
import type { Language } from '@shared/identity/constants';
import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { Tabs } from './Tabs';

// The language tabs of a product's or a category's form (docs/product.md#catalogue-languages): Arabic, French,
// English, each saying whether its text is filled, the shop's default language marked required,
// and a language whose text has a problem marked so. The selected tab's panel holds that
// language's fields.

export interface LanguageTabsProps {
  selected: Language;
  onSelect: (language: Language) => void;
  /** The shop's default language: its text is required. */
  required: Language;
  filled: Record<Language, boolean>;
  /** Languages whose text has a problem to show. */
  invalid: Partial<Record<Language, unknown>>;
  testId: string;
  children: ReactNode;
}

export function LanguageTabs({ selected, onSelect, required, filled, invalid, testId, children }: LanguageTabsProps) {
  const t = useAdminText();
  const tabs = CATALOGUE_LANGUAGES.map((language) => {
    const state = invalid[language] ? 'invalid' : filled[language] ? 'filled' : 'empty';
    const said = t(`admin.language.state.${state}`);
    return {
      key: language,
      label: t(`admin.language.${language}`),
      badge: (
        <>
          {language === required && <span className="admin-lang-required">{t('admin.language.required')}</span>}
          <span
            className="admin-lang-state"
            data-state={state}
            title={said}
            data-testid={`${testId}-state-${language}`}
          >
            {state === 'invalid' ? (
              <AlertIcon size={16} />
            ) : state === 'filled' ? (
              <CheckCircleIcon size={16} />
            ) : (
              <span className="admin-lang-empty" aria-hidden="true" />
            )}
            <span className="visually-hidden">{said}</span>
          </span>
        </>
      ),
    };
  });
  return (
    <Tabs label={t('admin.language.tabs')} tabs={tabs} selected={selected} onSelect={onSelect} testId={testId}>
      {children}
    </Tabs>
  );
}
