import { createFileRoute } from '@tanstack/react-router';
import { usersQuery } from '../../admin/api/users';
import { UsersPage, UsersSkeleton } from '../../admin/users/UsersPage';
import { parseListSearch } from '../../admin/ui/list/list-search';

// /admin/users: ?search= keeps the search through a link or a reload. The list is loaded before
// the page shows; a failure to load it is the page's own error state (with Try Again), not the
// route's. The screen is in the admin's chunk; only the search parsing stays in the route tree.
export const Route = createFileRoute('/admin/users')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  validateSearch: (raw: Record<string, unknown>): { search?: string } => {
    const { search } = parseListSearch(raw, []);
    return search ? { search } : {};
  },
  // The search filters the list in the page: typing does not load it again.
  loaderDeps: () => ({}),
  loader: ({ context }) => context.queryClient.ensureQueryData(usersQuery()).catch(() => undefined),
  component: Users,
  pendingComponent: UsersPending,
});

function Users() {
  const { search = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <UsersPage
      search={search}
      onSearch={(next) => void navigate({ search: next ? { search: next } : {}, replace: true })}
    />
  );
}

function UsersPending() {
  return (
    <div className="admin-page">
      <UsersSkeleton />
    </div>
  );
}
