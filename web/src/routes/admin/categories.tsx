import { createFileRoute } from '@tanstack/react-router';
import { categoriesQuery } from '../../admin/api/categories';
import { CategoriesPage } from '../../admin/categories/CategoriesPage';
import { categoryFilters, parseCategoriesSearch } from '../../admin/categories/category-search';

// /admin/categories: ?search=&page=&limit= is the list's state, so a link or a reload shows the
// same list. Only the search parsing stays in the route tree shoppers download; the loader, which
// asks for the page while the screen's code downloads, and the screen are in the admin's chunks.
export const Route = createFileRoute('/admin/categories')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  validateSearch: parseCategoriesSearch,
  loaderDeps: ({ search }) => categoryFilters(search),
  // Not awaited: a failure shows in the page (Try Again), and a new page dims the one shown.
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(categoriesQuery(deps)),
  component: Categories,
});

function Categories() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CategoriesPage search={search} onSearch={(next, replace) => void navigate({ search: next, replace })} />;
}
