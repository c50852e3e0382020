import { readFileSync } from 'node:fs';
import type { Router } from 'express';
import type { Config } from './config';
import { auditApi } from './modules/audit';
import { catalogueApi } from './modules/catalogue';
import { identityApi } from './modules/identity';
import { operationsApi } from './modules/operations';
import { orderingApi, sandboxApi } from './modules/ordering';
import { notesApi } from './modules/notes';
import { pagesApi } from './modules/pages';
import { shopApi } from './modules/shop';
import { subscriptionsApi } from './modules/subscriptions';
import { buildOpenApiDocument, type OpenApiDocument } from './platform/http/openapi/document';
import type { ApiOperation } from './platform/http/openapi/operation';
import { platformApi } from './platform/http/openapi/platform-api';
import { apiReferenceRoutes } from './platform/http/openapi/reference';

// The whole HTTP API's OpenAPI document, from each module's description of its routes (their
// openapi.ts): part of the composition root, as main.ts is, since it names every module.

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

const TAGS = [
  { name: 'Storefront', description: 'The shop’s catalogue reads and images (public)' },
  { name: 'Checkout', description: 'Placing an order and paying for it (public)' },
  { name: 'Subscriptions', description: 'The back office’s subscriptions: views by time, reminders' },
  { name: 'Order page', description: 'The shopper’s private order page and Find my order (public)' },
  { name: 'Payment sandbox', description: 'The stand-in payment pages, while PAYMENT_PROVIDER=sandbox' },
  { name: 'Sign-in', description: 'An administrator’s token for /api/admin' },
  { name: 'Products', description: 'The back office’s products' },
  { name: 'Categories', description: 'The back office’s categories' },
  { name: 'Orders', description: 'The back office’s orders' },
  { name: 'Customers', description: 'The back office’s customers, from their orders' },
  { name: 'Dashboard', description: 'The back office’s sales figures' },
  { name: 'Users', description: 'Administrators' },
  { name: 'Settings', description: 'The signed-in administrator’s own settings' },
  {
    name: 'Shop',
    description:
      'The shop’s legal identity, terms of sale and refund policy (docs/product.md#legal-information), and its catalogue’s default language',
  },
  { name: 'Audit trail', description: 'Who changed what, and when' },
  { name: 'Read models', description: 'The read models’ state, and their rebuilds from the event log' },
  { name: 'Operations', description: 'Health and metrics, for monitoring' },
  { name: 'Pages', description: 'What crawlers read besides the web app’s pages: the sitemap and robots.txt' },
  { name: 'Reference', description: 'This description and its interactive page' },
];

const DESCRIPTION = [
  'The IPTV store’s HTTP API. Every /api/admin route needs an administrator’s bearer token (POST /api/auth/login; “Authorize” on this page).',
  'Errors answer JSON `{ message, status }`; a 400 for input adds `errors`, each field’s first problem. Items that carry a version answer it as their ETag; their edits take If-Match and answer 409 when it is stale.',
  'Live updates go through Socket.IO at /socket.io/, which is not described here.',
].join('\n\n');

/** Every operation the store serves; the sandbox's pages only where the sandbox is the payment provider. */
export function storeApiOperations(options: { sandbox: boolean }): ApiOperation[] {
  return [
    ...platformApi,
    ...identityApi,
    ...catalogueApi,
    ...orderingApi,
    ...subscriptionsApi,
    ...notesApi,
    ...shopApi,
    ...(options.sandbox ? sandboxApi : []),
    ...auditApi,
    ...operationsApi,
    ...pagesApi,
  ];
}

export function storeApiDocument(options: { sandbox: boolean }): OpenApiDocument {
  return buildOpenApiDocument(
    { title: 'IPTV store API', version: VERSION, description: DESCRIPTION, tags: TAGS },
    storeApiOperations(options),
  );
}

/** GET /api/openapi.json and the reference at /api/docs, for this store's configuration. */
export function storeApiRoutes(config: Pick<Config, 'PAYMENT_PROVIDER'>): Router {
  return apiReferenceRoutes(storeApiDocument({ sandbox: config.PAYMENT_PROVIDER === 'sandbox' }));
}
