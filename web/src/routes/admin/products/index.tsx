import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../../admin/products/ProductsPage';
import { parseProductsSearch } from '../../../admin/products/product-search';

// /admin/products: a link or a reload shows the same list (?search=&category=&page=), and ?form=
// opens the product form over it. The screen is in the admin's chunk; only the search parsing
// stays in the route tree.
export const Route = createFileRoute('/admin/products/')({
  validateSearch: parseProductsSearch,
  component: Products,
});

function Products() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ProductsPage search={search} onSearch={(next, replace) => void navigate({ search: next, replace })} />;
}
