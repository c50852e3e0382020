import { createFileRoute } from '@tanstack/react-router';
import { loadAdminMessages } from '../../admin/i18n';
import { LoginPage } from '../../admin/login/LoginPage';

export const Route = createFileRoute('/admin/login')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  // Where to go once signed in (checked by the page: only a back-office location is followed).
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // The sign-in page is in English whatever the admin's language.
  loader: () => loadAdminMessages('en'),
  staleTime: Infinity,
  component: Login,
});

function Login() {
  return <LoginPage messages={Route.useLoaderData()} redirect={Route.useSearch().redirect} />;
}
