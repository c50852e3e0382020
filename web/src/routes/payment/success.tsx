import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderSuccess } from '../../components/order/OrderSuccess';
import { checkoutSearch } from '../../lib/search';

export const Route = createFileRoute('/payment/success')({
  validateSearch: checkoutSearch,
  // SPEC §2: without order data, back to the home page.
  beforeLoad: ({ search }) => {
    if (!search.checkout_id) throw redirect({ to: '/', replace: true });
  },
  component: PaymentSuccessPage,
});

function PaymentSuccessPage() {
  const { checkout_id: checkoutId } = Route.useSearch();
  return checkoutId ? <OrderSuccess key={checkoutId} checkoutId={checkoutId} /> : null;
}
