import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '../../admin/orders/OrdersPage';
import { parseOrdersSearch } from '../../admin/orders/order-search';

// /admin/orders: a link or a reload shows the same list, and ?id= opens that order's detail. The
// screen is in the admin's chunk; only the search parsing stays in the route tree.
export const Route = createFileRoute('/admin/orders')({
  validateSearch: parseOrdersSearch,
  component: Orders,
});

function Orders() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrdersPage search={search} onSearch={(next, replace) => void navigate({ search: next, replace })} />;
}
