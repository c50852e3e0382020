import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useMatch, useRouter } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { MAIN_CONTENT_ID, NewPageFocus, SkipLink } from '../../components/layout/StoreLayout';
import { Spinner } from '../../components/ui/Spinner';
import { I18nProvider, useLanguage } from '../../i18n/I18nProvider';
import type { LanguageStore } from '../../i18n/language-store';
import { applyLanguageToDocument } from '../../i18n/language-store';
import { applyThemeToDocument } from '../../theme/theme';
import { themeStore } from '../../theme/useTheme';
import { signOut } from '../api/auth';
import { adminKeys } from '../api/keys';
import { DEFAULT_ADMIN_LOCALE } from '../i18n';
import { ADMIN_LOGIN } from '../session/redirect';
import { useAdminSession, type AdminSession } from '../session/session';
import { languageChoices, type LanguageChoices } from '../settings/language-choice';
import { useSettingsLanguage } from '../settings/useSettingsLanguage';
import { adminTheme } from '../theme';
import { AdminToaster } from '../ui/AdminToaster';
import { ConflictDialog } from '../ui/ConflictDialog';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { useAdminLive } from './useAdminLive';
import '../admin.css';

/**
 * The back office around every /admin page: its own language (English by default, kept apart from
 * the store's) and theme, applied to the document while it shows and handed back to the store's
 * when it goes; the sign-in page alone, forced to English; every other page in the chrome with the
 * live connection, and back to the sign-in page (keeping the location when the session ended
 * rather than the admin logging out) once signed out.
 */
export function AdminShell({ language }: { language: LanguageStore }) {
  const signingIn = useMatch({ from: '/admin/login', shouldThrow: false }) !== undefined;
  const store = useLanguage();
  const locale = useSyncExternalStore(language.subscribe, () => language.getState().locale);
  const theme = adminTheme();
  // The header's language menu and Settings > Language & Region are one choice, saved on the server.
  const choices = useMemo(() => languageChoices(language), [language]);

  useLayoutEffect(() => {
    applyLanguageToDocument(signingIn ? 'en' : locale);
  }, [signingIn, locale]);
  useLayoutEffect(() => {
    applyThemeToDocument(theme.getTheme());
    return () => {
      applyLanguageToDocument(store.locale);
      applyThemeToDocument(themeStore().getTheme());
    };
  }, [theme, store.locale]);

  return (
    <I18nProvider store={choices.menu}>
      {signingIn ? <Outlet /> : <SignedIn language={language} choices={choices} />}
      <AdminToaster />
      <ConflictDialog />
    </I18nProvider>
  );
}

interface AdminLanguage {
  language: LanguageStore;
  choices: LanguageChoices;
}

function SignedIn(languages: AdminLanguage) {
  const { session, signedOut } = useAdminSession();
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (session) return;
    // Nothing of this admin's stays for the next one, their language neither: the next starts in
    // English (docs/product.md#back-office) until their own settings call for the language they chose.
    queryClient.removeQueries({ queryKey: adminKeys.all });
    if (signedOut) void languages.language.setLocale(DEFAULT_ADMIN_LOCALE);
    const here = router.state.location.href;
    void router.navigate({
      to: ADMIN_LOGIN,
      search: signedOut === 'expired' ? { redirect: here } : {},
      replace: true,
    });
  }, [session, signedOut, router, queryClient, languages.language]);

  if (!session) return <FullPageSpinner />;
  return <AdminLayout session={session} {...languages} />;
}

export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="admin-full-page" role="status">
      <Spinner size="lg" />
      {label && <p>{label}</p>}
    </div>
  );
}

/** Tablet widths and below start with the sidebar collapsed to its icons. */
const NARROW = '(max-width: 1023px)';

function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(NARROW);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(NARROW).matches,
  );
}

function AdminLayout({ session, language, choices }: { session: AdminSession } & AdminLanguage) {
  const narrow = useNarrowScreen();
  // The admin's own choice holds until the screen crosses the tablet width.
  const [choice, setChoice] = useState<{ collapsed: boolean; narrow: boolean } | null>(null);
  const collapsed = choice && choice.narrow === narrow ? choice.collapsed : narrow;
  const live = useAdminLive(session);
  useSettingsLanguage(session.user.id, language, choices);

  return (
    <div className="admin-app" data-sidebar={collapsed ? 'collapsed' : 'expanded'}>
      <SkipLink />
      <Sidebar collapsed={collapsed} />
      <div className="admin-main-column">
        <Header
          user={session.user}
          live={live}
          sidebarCollapsed={collapsed}
          onToggleSidebar={() => setChoice({ collapsed: !collapsed, narrow })}
          onLogout={() => void signOut()}
        />
        <main id={MAIN_CONTENT_ID} className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      <NewPageFocus />
    </div>
  );
}
