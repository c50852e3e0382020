// TanStack Router parses search values as JSON (`?checkout_id=123` arrives as the number 123,
// `?error=true` as a boolean): these helpers take any of them back as text.

export function searchText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export interface CheckoutSearch {
  checkout_id?: string;
}

export function checkoutSearch(search: Record<string, unknown>): CheckoutSearch {
  const id = searchText(search.checkout_id);
  return id ? { checkout_id: id } : {};
}

/** The failure page's search: what went wrong, in the server's words, and its status or HTTP code. */
export function failureSearch(search: Record<string, unknown>): { error?: string; code?: string } {
  const error = searchText(search.error);
  // A status the page shows as it is: an HTTP status or a payment's state, nothing else.
  const code = searchText(search.code)?.match(/^(\d{3}|[a-z_]{1,20})$/i)?.[0];
  // Both keys always: the router lays a route's search over the raw one, so a key left out would
  // keep the link's own text.
  return { error, code };
}

/**
 * The return page's search: which payment it is about. Our return links name our order as
 * `order`; `checkout_id` is accepted too. Chargily appends its own `checkout_id` to the
 * success URL, so that key may come twice (the router then gives an array: the first is ours)
 * or, were it appended with a second '?', end up inside `order`'s value.
 */
export function paymentReturnSearch(search: Record<string, unknown>): CheckoutSearch {
  const first = (value: unknown) => searchText(Array.isArray(value) ? value[0] : value);
  const id = first(search.order)?.split('?')[0] || first(search.checkout_id);
  return id ? { checkout_id: id } : {};
}
