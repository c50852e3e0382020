import { createFileRoute } from '@tanstack/react-router';
import { adminLanguage } from '../../admin/i18n';
import { AdminShell, FullPageSpinner } from '../../admin/layout/AdminShell';
import { AdminNotFound } from '../../admin/layout/AdminNotFound';

// The back office's shell (docs/architecture.md#web-app). Everything here but `beforeLoad` is split into the admin
// chunks, which a shopper never downloads; `beforeLoad` stays in the route tree and so imports the
// session check only when an /admin page is opened. A failure to load the shell itself (a chunk
// that did not download) is the root's error page.
export const Route = createFileRoute('/admin')({
  // All of it in the admin's chunk, loader and pending page too (by default they stay in the route
  // tree, which shoppers download).
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  beforeLoad: async ({ location }) => {
    const { requireAdminSession } = await import('../../admin/session/guard');
    requireAdminSession(location);
  },
  loader: () => adminLanguage(),
  // The language store is made once; going from page to page does not reload it.
  staleTime: Infinity,
  component: AdminRoute,
  pendingComponent: FullPageSpinner,
  notFoundComponent: AdminNotFound,
});

function AdminRoute() {
  return <AdminShell language={Route.useLoaderData()} />;
}
