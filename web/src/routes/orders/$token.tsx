import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../components/order-page/OrderPage';
import { searchText } from '../../lib/search';

// The order's private page, /orders/{token} (docs/product.md#order-page). Its data is read by the
// page itself, so that a link replaced while it is open can turn it into the replaced state.
export const Route = createFileRoute('/orders/$token')({
  validateSearch: renewSearch,
  component: OrderPageRoute,
});

/** `?renew={subscriptionId}`: the renewal link the shop sends before a subscription ends (docs/product.md#renewals). */
function renewSearch(search: Record<string, unknown>): { renew?: string } {
  const renew = searchText(search.renew);
  return renew ? { renew } : {};
}

function OrderPageRoute() {
  const { token } = Route.useParams();
  const { renew } = Route.useSearch();
  const navigate = Route.useNavigate();
  const renewLink = { subscriptionId: renew, read: () => navigate({ search: {}, replace: true }) };
  // A new token is a new page: nothing of the last one's state (replaced, focus) carries over.
  return <OrderPage key={token} token={token} renewLink={renewLink} />;
}
