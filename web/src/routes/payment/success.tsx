import { createFileRoute } from '@tanstack/react-router';
import { OrderSuccess } from '../../components/order/OrderSuccess';
import { orderScreenRoute } from '../-order-screen';

// The success screen under its second address, /payment/success (docs/product.md#order-confirmation).
export const Route = createFileRoute('/payment/success')({
  ...orderScreenRoute,
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  return <OrderSuccess checkoutId={Route.useLoaderData()} />;
}
