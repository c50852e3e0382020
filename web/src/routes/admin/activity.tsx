import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../admin/activity/ActivityPage';
import { parseActivitySearch } from '../../admin/activity/activity-search';

// /admin/activity: the audit trail. Its filters are the URL's (?actor=&entityType=&action=&from=&to=
// &search=), so a link or a reload shows the same timeline. The screen is in the admin's chunk;
// only the search parsing stays in the route tree.
export const Route = createFileRoute('/admin/activity')({
  validateSearch: parseActivitySearch,
  component: Activity,
});

function Activity() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ActivityPage search={search} onSearch={(next, replace) => void navigate({ search: next, replace })} />;
}
