import { problemInPageLanguage } from '../../i18n/error-text';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { IntlProvider } from 'react-intl';
import { ApiError } from '../../api/http';
import { LogoMark } from '../../components/layout/Logo';
import { ThemeToggle } from '../../components/layout/ThemeToggle';
import { Spinner } from '../../components/ui/Spinner';
import { AlertIcon, LockIcon } from '../../components/ui/icons';
import type { CompiledMessages } from '../../i18n/language-store';
import { currentAdmin, signIn } from '../api/auth';
import { useAdminText } from '../i18n';
import { FullPageSpinner } from '../layout/AdminShell';
import { useAdminTitle } from '../layout/useAdminTitle';
import { ADMIN_HOME, returnLocation } from '../session/redirect';
import { adminSession, useAdminSession } from '../session/session';
import { adminTheme } from '../theme';

/** /admin/login, in English (docs/product.md#sign-in) whatever the admin's language. */
export function LoginPage({ messages, redirect }: { messages: CompiledMessages; redirect?: string }) {
  return (
    <IntlProvider locale="en" defaultLocale="en" messages={messages}>
      <Login redirect={redirect} />
    </IntlProvider>
  );
}

function Login({ redirect }: { redirect?: string }) {
  const t = useAdminText();
  const router = useRouter();
  const { session, signedOut } = useAdminSession();
  // A stored session is checked with the server before the page decides (spinner meanwhile).
  const [checking, setChecking] = useState(session !== null);
  useAdminTitle(t('admin.login.title'));

  const goBack = () => {
    const target = returnLocation(redirect) ?? ADMIN_HOME;
    void router.navigate({ href: target, replace: true });
  };

  useEffect(() => {
    if (!checking) return;
    const controller = new AbortController();
    currentAdmin(controller.signal)
      // Still good: where the admin was going. Refused: the client has signed out; the form shows.
      .then(() => goBack())
      .catch(() => !controller.signal.aborted && setChecking(false));
    return () => controller.abort();
    // Checked once, when the page opens with a stored session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (checking) return <FullPageSpinner label={t('admin.login.checking')} />;
  return (
    <main id="main-content" className="admin-login" tabIndex={-1}>
      <div className="admin-login-theme">
        <ThemeToggle store={adminTheme()} />
      </div>
      <LoginForm expired={signedOut === 'expired' && !session} onSignedIn={goBack} />
    </main>
  );
}

function LoginForm({ expired, onSignedIn }: { expired: boolean; onSignedIn: () => void }) {
  const t = useAdminText();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    // Both fields non-blank (the server trims the username, not the password).
    if (!username.trim() || !password) return setError(t('admin.login.blank'));
    setError(null);
    setSubmitting(true);
    try {
      adminSession.signIn(await signIn(username, password));
      onSignedIn();
    } catch (failure) {
      setSubmitting(false);
      setError(messageFor(failure, t));
    }
  };

  return (
    <form className="admin-login-card card" onSubmit={(event) => void submit(event)} noValidate>
      <div className="admin-login-head">
        <LogoMark size={44} />
        <h1 className="admin-login-title">{t('admin.login.title')}</h1>
        <p className="admin-login-subtitle">{t('admin.login.subtitle')}</p>
      </div>
      {expired && !error && (
        <p className="alert admin-login-notice" role="status">
          {t('admin.login.expired')}
        </p>
      )}
      <div role="alert" id={errorId} className="admin-login-error" data-testid="login-error">
        {error && (
          <>
            <AlertIcon size={18} />
            <span>{error}</span>
          </>
        )}
      </div>
      <div className="field">
        <label className="label" htmlFor="admin-username">
          {t('admin.login.username')}
        </label>
        <input
          id="admin-username"
          name="username"
          className="input"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          autoFocus
        />
      </div>
      <div className="field">
        <label className="label" htmlFor="admin-password">
          {t('admin.login.password')}
        </label>
        <input
          id="admin-password"
          name="password"
          type="password"
          className="input"
          autoComplete="current-password"
          dir="ltr"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting} data-testid="login-submit">
        {submitting ? <Spinner size="sm" /> : <LockIcon size={18} />}
        {t(submitting ? 'admin.login.submitting' : 'admin.login.submit')}
      </button>
    </form>
  );
}

/**
 * Wrong credentials; a refused input or a throttled address in the server's words;
 * anything else (no answer, a server failure) 'An error occurred during login'.
 */
function messageFor(failure: unknown, t: ReturnType<typeof useAdminText>): string {
  if (failure instanceof ApiError) {
    if (failure.status === 401) return t('admin.login.invalid');
    if (failure.status === 400 || failure.status === 429) return problemInPageLanguage(failure.problem);
  }
  return t('admin.login.failed');
}
