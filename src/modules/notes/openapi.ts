import { describeApi } from '../../platform/http/openapi/operation';
import { noteSchema } from '../../shared/notes';

// The notes module's routes (./routes.ts) for the OpenAPI document.

export const notesApi = describeApi([
  {
    method: 'post',
    path: '/api/admin/orders/{id}/notes',
    tag: 'Orders',
    auth: 'admin',
    summary: 'Add an internal note to an order (never shown to the shopper)',
    params: { id: 'The order’s id' },
    body: { schema: noteSchema, name: 'OrderNote' },
    responses: { 201: '{ message, notes }: the order’s notes, newest first', 404: 'Order not found' },
  },
  {
    method: 'post',
    path: '/api/admin/customers/{phone}/notes',
    tag: 'Customers',
    auth: 'admin',
    summary: 'Add an internal note to a customer (never shown to the shopper)',
    params: { phone: 'The customer’s phone number' },
    body: { schema: noteSchema, name: 'CustomerNote' },
    responses: { 201: '{ message, notes }: the customer’s notes, newest first', 404: 'Customer not found' },
  },
]);
