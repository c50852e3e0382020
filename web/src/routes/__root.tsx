import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, useMatch, type ErrorComponentProps } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { StoreLayout } from '../components/layout/StoreLayout';
import { AlertIcon, HomeIcon, RefreshIcon } from '../components/ui/icons';
import { paths } from '../lib/paths';
import { usePageTitle } from '../lib/usePageTitle';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  // The back office (routes/admin) has its own chrome, language and theme.
  if (useMatch({ from: '/admin', shouldThrow: false })) return <Outlet />;
  return (
    <StoreLayout>
      <Outlet />
    </StoreLayout>
  );
}

export function NotFound() {
  usePageTitle(useIntl().formatMessage({ id: 'notFound.title' }));
  return (
    <section className="container page-message" aria-labelledby="not-found-title" data-testid="not-found">
      <p className="page-message-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="page-message-title">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="page-message-text">
        <FormattedMessage id="notFound.body" />
      </p>
      <Link to={paths.home} className="btn btn-primary">
        <HomeIcon size={18} />
        <FormattedMessage id="notFound.home" />
      </Link>
    </section>
  );
}

/** Shown when rendering failed; deliberately without the chrome, in case the chrome failed. */
function RootError({ error }: ErrorComponentProps) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <main id="main-content" className="container page-message" role="alert">
      <span className="state-icon state-error">
        <AlertIcon size={28} />
      </span>
      <h1 className="page-message-title">
        <FormattedMessage id="error.title" />
      </h1>
      <p className="page-message-text">
        <FormattedMessage id="error.body" />
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        <RefreshIcon size={18} />
        <FormattedMessage id="error.reload" />
      </button>
    </main>
  );
}
