import { PLACEHOLDER_CUSTOMER } from '@shared/ordering/constants';
import type { CustomerView } from '@shared/ordering/types';

/** What a customer is called: their name, unless the checkout gave only the storefront's placeholder; else the phone. */
export const customerName = (customer: Pick<CustomerView, 'name' | 'phone'>): string =>
  customer.name && customer.name !== PLACEHOLDER_CUSTOMER.fullName ? customer.name : customer.phone;
