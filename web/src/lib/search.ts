// TanStack Router parses search values as JSON (`?checkout_id=123` arrives as the number 123,
// `?error=true` as a boolean): these helpers take any of them back as text.

export function searchText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function checkoutSearch(search: Record<string, unknown>): { checkout_id?: string } {
  const id = searchText(search.checkout_id);
  return id ? { checkout_id: id } : {};
}
