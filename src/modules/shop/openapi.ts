import { describeApi } from '../../platform/http/openapi/operation';
import { shopLegalSchema } from '../../shared/shop';

// The shop module's routes (./routes.ts) for the OpenAPI document.

export const shopApi = describeApi([
  {
    method: 'get',
    path: '/api/shop/legal',
    tag: 'Shop',
    auth: 'public',
    summary: 'The shop’s legal identity (name, RC, NIF, address, contact, terms of sale, refund policy)',
    responses: { 200: '{ legal, version, updatedAt }: empty fields and version 0 before the first save' },
  },
  {
    method: 'get',
    path: '/api/admin/shop/legal',
    tag: 'Shop',
    auth: 'admin',
    summary: 'The shop’s legal identity, with its version as the ETag',
    responses: { 200: '{ legal, version, updatedAt }' },
  },
  {
    method: 'put',
    path: '/api/admin/shop/legal',
    tag: 'Shop',
    auth: 'admin',
    summary: 'Save the shop’s legal identity (If-Match: the version edited, "0" before the first save)',
    body: { schema: shopLegalSchema, name: 'ShopLegal' },
    responses: { 200: '{ message, legal, version, updatedAt }', 409: 'A stale If-Match: saved by someone else since' },
  },
]);
