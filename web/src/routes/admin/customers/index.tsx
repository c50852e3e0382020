import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../../admin/customers/CustomersPage';
import { ADMIN_PAGE_SIZES, parseListSearch, type ListSearch } from '../../../admin/ui/list/list-search';

// The list's state lives in the URL (?search=&page=&limit=), so a link or a reload shows the same
// list. Only the parsing stays in the route tree shoppers download; the screen is in the admin's
// chunk.
export const Route = createFileRoute('/admin/customers/')({
  validateSearch: (search: Record<string, unknown>): ListSearch => parseListSearch(search, ADMIN_PAGE_SIZES),
  component: Customers,
});

function Customers() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CustomersPage search={search} onSearch={(next, replace = false) => void navigate({ search: next, replace })} />
  );
}
