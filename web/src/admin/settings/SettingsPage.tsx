import { useQuery } from '@tanstack/react-query';
import { profileProblems } from '@shared/identity/constants';
import type { SettingsAnswer } from '@shared/identity/types';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { GlobeIcon, LockIcon, StoreIcon, TagIcon } from '../../components/ui/icons';
import { useLanguage } from '../../i18n/I18nProvider';
import { conflictOf } from '../api/client';
import { settingsQuery } from '../api/settings';
import { useNow } from '../dashboard/time';
import { useAdminText } from '../i18n';
import { useAdminTitle } from '../layout/useAdminTitle';
import { useAdminSession } from '../session/session';
import { UserIcon } from '../ui/icons';
import { ListError } from '../ui/list/ListError';
import { BellIcon } from './icons';
import { NotificationsTab } from './NotificationsTab';
import { PasswordTab } from './PasswordTab';
import { ProfileTab } from './ProfileTab';
import { RegionTab } from './RegionTab';
import { ShopTab } from './ShopTab';
import { CatalogueLanguageSection } from './CatalogueLanguageSection';
import {
  afterSave,
  discard,
  edit,
  saveOf,
  shown,
  type Drafts,
  type Section,
  type SectionValues,
  type Server,
} from './settings-draft';
import { useSaveSettings } from './settings-writes';
import { SignOutEverywhere } from './SignOutEverywhere';
import { Tabs, type TabItem } from '../ui/Tabs';

export const SETTINGS_TABS = ['profile', 'password', 'notifications', 'region', 'shop', 'catalogue'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/**
 * /admin/settings (docs/product.md#settings): the signed-in admin's own settings in four tabs (?tab= keeps the one
 * open), and two for the whole shop: its legal identity (docs/product.md#legal-information) and the catalogue's
 * default language (docs/product.md#shop-settings). Profile, Notifications and Language & Region each save their part of the settings on
 * the server; Password changes the password. Every save says 'Settings saved successfully!' for 3 s.
 */
export function SettingsPage({ tab, onTab }: { tab: SettingsTab; onTab: (tab: SettingsTab) => void }) {
  const t = useAdminText();
  useAdminTitle(t('admin.settings.title'));
  const userId = useAdminSession().session?.user.id ?? '';
  const query = useQuery(settingsQuery(userId));
  // Kept here, so going from tab to tab keeps what was typed and the last save's message.
  const edits = useState<EditState>({ drafts: {}, checked: false, savedAt: {} });
  const tabs: TabItem<SettingsTab>[] = [
    { key: 'profile', label: t('admin.settings.tab.profile'), icon: <UserIcon size={18} /> },
    { key: 'password', label: t('admin.settings.tab.password'), icon: <LockIcon size={18} /> },
    { key: 'notifications', label: t('admin.settings.tab.notifications'), icon: <BellIcon size={18} /> },
    { key: 'region', label: t('admin.settings.tab.region'), icon: <GlobeIcon size={18} /> },
    { key: 'shop', label: t('admin.settings.tab.shop'), icon: <StoreIcon size={18} /> },
    { key: 'catalogue', label: t('admin.settings.tab.catalogue'), icon: <TagIcon size={18} /> },
  ];

  return (
    <div className="admin-page admin-settings" data-testid="settings-page">
      <header className="admin-page-head">
        <div>
          <h1 className="admin-page-title">{t('admin.settings.title')}</h1>
          <p className="admin-page-subtitle">{t('admin.settings.subtitle')}</p>
        </div>
      </header>
      {query.data ? (
        <section className="card admin-panel">
          <Tabs label={t('admin.settings.tabs')} tabs={tabs} selected={tab} onSelect={onTab} testId="settings-panel">
            {tab === 'password' ? (
              <>
                <PasswordTab userId={userId} />
                <SignOutEverywhere />
              </>
            ) : tab === 'shop' ? (
              <ShopTab />
            ) : tab === 'catalogue' ? (
              <CatalogueLanguageSection />
            ) : (
              <SectionTab userId={userId} answer={query.data} section={tab} edits={edits} />
            )}
          </Tabs>
        </section>
      ) : query.isError ? (
        <section className="card admin-panel">
          <ListError
            text={t('admin.settings.loadFailed')}
            onRetry={() => void query.refetch()}
            testId="settings-error"
          />
        </section>
      ) : (
        <SettingsSkeleton />
      )}
    </div>
  );
}

interface EditState {
  drafts: Drafts;
  /** Whether the profile was checked (from its first save on). */
  checked: boolean;
  /** When each section was last saved (its message shows for 3 s). */
  savedAt: Partial<Record<Section, number>>;
}

/** Profile, Notifications or Language & Region: its values (the draft, else the server's) and its save. */
function SectionTab({
  userId,
  answer,
  section,
  edits: [{ drafts, checked, savedAt }, setEdits],
}: {
  userId: string;
  answer: SettingsAnswer;
  section: Section;
  edits: [EditState, Dispatch<SetStateAction<EditState>>];
}) {
  const save = useSaveSettings(userId);
  const now = useNow();
  const server: Server = { answer, shownLanguage: useLanguage().locale };
  const update = (change: (state: EditState) => Partial<EditState>) =>
    setEdits((state) => ({ ...state, ...change(state) }));

  const onChange = <S extends Section>(values: SectionValues[S]) =>
    update((state) => ({ drafts: edit(state.drafts, server, section, values) }));
  const onSave = () => {
    if (section === 'profile') {
      update(() => ({ checked: true }));
      if (Object.keys(profileProblems(shown(drafts, server, 'profile'))).length) return;
    }
    const request = saveOf(drafts, server, section);
    save.mutate(request, {
      onSuccess: (saved) =>
        update((state) => ({
          drafts: afterSave(state.drafts, section, request.version, saved),
          savedAt: { ...state.savedAt, [section]: Date.now() },
        })),
      // Another change came first: the shared dialog offers to reload; this tab then shows it.
      onError: (error) => conflictOf(error) && update((state) => ({ drafts: discard(state.drafts, section) })),
    });
  };
  const common = { onSave, busy: save.isPending, savedAt: savedAt[section] ?? null };

  switch (section) {
    case 'profile':
      return <ProfileTab {...common} values={shown(drafts, server, 'profile')} onChange={onChange} checked={checked} />;
    case 'notifications':
      return <NotificationsTab {...common} values={shown(drafts, server, 'notifications')} onChange={onChange} />;
    case 'region':
      return (
        <RegionTab
          {...common}
          values={shown(drafts, server, 'region')}
          onChange={onChange}
          languageChosen={answer.languageChosen}
          now={now}
        />
      );
  }
}

/** While the settings load: the tabs' and a form's shape. */
export function SettingsSkeleton() {
  const t = useAdminText();
  return (
    <section className="card admin-panel" role="status" aria-busy="true" data-testid="settings-loading">
      <span className="visually-hidden">{t('admin.settings.loading')}</span>
      <div className="skeleton skeleton-title" />
      {[0, 1, 2].map((row) => (
        <div key={row} className="skeleton skeleton-line admin-settings-skeleton-field" />
      ))}
    </section>
  );
}
