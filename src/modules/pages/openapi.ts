import { describeApi } from '../../platform/http/openapi/operation';

// The pages module's routes for the OpenAPI document. The web app's page itself, at every other
// address, is not part of the API.

export const pagesApi = describeApi([
  {
    method: 'get',
    path: '/sitemap.xml',
    tag: 'Pages',
    auth: 'public',
    summary: 'The sitemap: home, the store, every category and every product on sale, in each language',
    description:
      'Each page once per language (`?lang=fr`, `?lang=en`; Arabic, the store’s language, without it), each with its versions in the others as `xhtml:link` alternates.',
    responses: { 200: { description: 'The sitemap (sitemaps.org 0.9)', contentType: 'application/xml' } },
  },
  {
    method: 'get',
    path: '/robots.txt',
    tag: 'Pages',
    auth: 'public',
    summary: 'What crawlers may not visit (the back office, the API, private order pages) and where the sitemap is',
    responses: { 200: { description: 'robots.txt', contentType: 'text/plain' } },
  },
]);
