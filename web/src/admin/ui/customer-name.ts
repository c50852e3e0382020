import { givenName } from '@shared/ordering/constants';
import type { CustomerView } from '@shared/ordering/types';

// The storefront's checkout sends a placeholder name and e-mail (the provider wants both): they are nobody's,
// so the back office never shows them (docs/product.md#customers); givenName and givenEmail say which are real.
export { givenEmail, givenName } from '@shared/ordering/constants';

/** What a customer is called: their name, else their phone. */
export const customerName = (customer: Pick<CustomerView, 'name' | 'phone'>): string =>
  givenName(customer.name) ?? customer.phone;
