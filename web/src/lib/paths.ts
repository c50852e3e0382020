// Storefront paths used by links in the chrome and on the home page. The routes behind /store,
// /cart and /product/{id} are added later; until then these are typed as plain strings (TanStack
// Router type-checks literal paths only against registered routes). Once a route exists, a
// literal `<Link to="/store">` works as well.
export const paths = {
  home: '/',
  store: '/store' as string,
  cart: '/cart' as string,
  product: (id: string | number): string => `/product/${encodeURIComponent(String(id))}`,
};
