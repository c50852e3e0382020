import { describeApi } from '../../platform/http/openapi/operation';
import { auditFilterSchema, auditPageSchema } from '../../shared/audit';

// The audit trail's routes (./routes.ts) for the OpenAPI document.

const FILTERS =
  'Empty parameters filter nothing. from/to take a day (YYYY-MM-DD, to its end for `to`) or an ISO date and time; actor takes a kind (admin, shopper, payment, system), an admin’s id or a provider’s name.';

export const auditApi = describeApi([
  {
    method: 'get',
    path: '/api/admin/audit',
    tag: 'Audit trail',
    auth: 'admin',
    summary: 'Audit entries, newest first, a page at a time',
    description: `${FILTERS} The next page is asked for with the answer’s cursor.`,
    query: [auditFilterSchema, auditPageSchema],
    responses: { 200: '{ entries, nextCursor }' },
  },
  {
    method: 'get',
    path: '/api/admin/audit.csv',
    tag: 'Audit trail',
    auth: 'admin',
    summary: 'The audit entries the same filters select, as a CSV download',
    description: FILTERS,
    query: auditFilterSchema,
    responses: { 200: { description: 'The entries, streamed', contentType: 'text/csv' } },
  },
]);
