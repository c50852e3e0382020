// Storefront paths used by links in the chrome and across pages (typed against the route tree).
export const paths = {
  home: '/',
  store: '/store',
  cart: '/cart',
  checkout: '/checkout',
  findOrder: '/orders/find',
  legal: '/legal',
} as const;
