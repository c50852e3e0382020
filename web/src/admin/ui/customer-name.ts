import { PLACEHOLDER_CUSTOMER } from '@shared/ordering/constants';
import type { CustomerView } from '@shared/ordering/types';

// The storefront's checkout sends a placeholder name and e-mail (the provider wants both): they are nobody's,
// so the back office never shows them (docs/product.md#customers).

/** The name the shopper gave, or null when the checkout sent only the placeholder. */
export const givenName = (name: string | null | undefined): string | null =>
  name && name !== PLACEHOLDER_CUSTOMER.fullName ? name : null;

/** The e-mail the shopper gave, or null when the checkout sent only the placeholder. */
export const givenEmail = (email: string | null | undefined): string | null =>
  email && email !== PLACEHOLDER_CUSTOMER.email ? email : null;

/** What a customer is called: their name, else their phone. */
export const customerName = (customer: Pick<CustomerView, 'name' | 'phone'>): string =>
  givenName(customer.name) ?? customer.phone;
