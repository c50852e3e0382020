import { describeApi } from './operation';

// The platform's own routes (health, metrics, this reference) for the OpenAPI document. Socket.IO
// (/socket.io/) is left out: it is a WebSocket protocol with its own long-polling transport, not
// an HTTP API that OpenAPI can describe.

export const platformApi = describeApi([
  {
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    auth: 'public',
    summary: 'The process answers',
    responses: { 200: '{ status: "ok" }' },
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    auth: 'optionalAdmin',
    summary: 'Every dependency answers (database, event store, Redis when configured)',
    description: 'With an admin’s token the answer also says each check’s result, errors included.',
    responses: {
      200: '{ status: "ready", failing: [] }',
      503: '{ status: "not ready", failing }: who does not answer',
    },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    auth: 'metrics',
    summary: 'Prometheus metrics',
    description: 'For METRICS_TOKEN’s bearer, or without one for a loopback caller; anyone else gets 404.',
    responses: {
      200: { description: 'The metrics, in Prometheus’ text format', contentType: 'text/plain' },
      404: 'Not for this caller',
    },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    auth: 'public',
    summary: 'This description of the API (OpenAPI 3.1)',
    description: 'With an ETag: ask again with If-None-Match for a 304.',
    responses: { 200: 'The OpenAPI document', 304: 'Unchanged' },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Reference',
    auth: 'public',
    summary: 'The interactive reference of the API (this page)',
    description: 'Served entirely by the store, assets included: it needs no internet access.',
    responses: { 200: { description: 'The page', contentType: 'text/html' } },
  },
]);
