import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccess } from '../components/order/OrderSuccess';
import { orderScreenRoute } from './-order-screen';

// Where the payment return page leads (docs/product.md#order-confirmation).
export const Route = createFileRoute('/order-confirmation')({
  ...orderScreenRoute,
  component: OrderConfirmationPage,
});

function OrderConfirmationPage() {
  return <OrderSuccess checkoutId={Route.useLoaderData()} />;
}
