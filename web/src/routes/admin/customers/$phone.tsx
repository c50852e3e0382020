import { createFileRoute } from '@tanstack/react-router';
import { CustomerPage } from '../../../admin/customers/CustomerPage';

// /admin/customers/{phone}: one customer's page (docs/product.md#notes), the phone as the list has
// it. The screen is in the admin's chunk; the session guard is /admin's.
export const Route = createFileRoute('/admin/customers/$phone')({
  component: Customer,
});

function Customer() {
  const { phone } = Route.useParams();
  return <CustomerPage key={phone} phone={phone} />;
}
