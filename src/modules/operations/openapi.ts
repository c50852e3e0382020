import { describeApi } from '../../platform/http/openapi/operation';
import { ALL_PROJECTIONS, rebuildTargetSchema } from '../../shared/operations';

// The operations module's routes (./routes.ts) for the OpenAPI document: read models' status and rebuilds.

export const operationsApi = describeApi([
  {
    method: 'get',
    path: '/api/admin/projections',
    tag: 'Read models',
    auth: 'admin',
    summary: 'Each read model’s state and position, and the recent rebuilds',
    responses: { 200: '{ head, projections, rebuilds }' },
  },
  {
    method: 'post',
    path: '/api/admin/projections/{name}/rebuild',
    tag: 'Read models',
    auth: 'admin',
    summary: 'Rebuild a read model from the event log (the store serves the old one meanwhile)',
    description: 'One rebuild at a time; its progress goes to admins’ sockets.',
    params: { name: { description: `A read model’s name, or ${ALL_PROJECTIONS}`, schema: rebuildTargetSchema } },
    responses: {
      202: '{ message, rebuild }: the rebuild started',
      400: 'Not a read model’s name',
      404: 'No such read model',
      409: 'A rebuild is already running',
    },
  },
]);
