import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionsPage } from '../../admin/subscriptions/SubscriptionsPage';
import { parseSubscriptionsSearch } from '../../admin/subscriptions/subscription-search';

// /admin/subscriptions: a link or a reload shows the same view, search and page. The screen is in
// the admin's chunk; only the search parsing stays in the route tree.
export const Route = createFileRoute('/admin/subscriptions')({
  validateSearch: parseSubscriptionsSearch,
  component: Subscriptions,
});

function Subscriptions() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SubscriptionsPage search={search} onSearch={(next, replace) => void navigate({ search: next, replace })} />;
}
