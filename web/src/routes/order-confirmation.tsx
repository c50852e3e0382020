import { createFileRoute, redirect } from '@tanstack/react-router';
import { OrderSuccess } from '../components/order/OrderSuccess';
import { checkoutSearch } from '../lib/search';

// Where the payment return page leads (SPEC §2). The order is loaded by its checkout id, which
// stays in the address, so the page survives a reload; /payment/success shows the same screen.
export const Route = createFileRoute('/order-confirmation')({
  validateSearch: checkoutSearch,
  beforeLoad: ({ search }) => {
    if (!search.checkout_id) throw redirect({ to: '/', replace: true });
  },
  component: OrderConfirmationPage,
});

function OrderConfirmationPage() {
  const { checkout_id: checkoutId } = Route.useSearch();
  return checkoutId ? <OrderSuccess key={checkoutId} checkoutId={checkoutId} /> : null;
}
