import { createFileRoute } from '@tanstack/react-router';
import { OrderPage } from '../../components/order-page/OrderPage';

// The order's private page, /orders/{token} (docs/product.md#order-page). Its data is read by the
// page itself, so that a link replaced while it is open can turn it into the replaced state.
export const Route = createFileRoute('/orders/$token')({
  component: OrderPageRoute,
});

function OrderPageRoute() {
  const { token } = Route.useParams();
  // A new token is a new page: nothing of the last one's state (replaced, focus) carries over.
  return <OrderPage key={token} token={token} />;
}
