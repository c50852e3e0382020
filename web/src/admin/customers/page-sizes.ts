// The customer list's page sizes (SPEC §9 gives orders and categories 5, 10, 20 and 50; the
// customers follow them). The route file reads these to validate ?limit=, so this imports nothing.

export const CUSTOMER_PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_CUSTOMER_PAGE_SIZE = 10;
