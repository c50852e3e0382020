import type { AppModule } from '../../context';
import { pagesRoutes } from './routes';

// The pages module (docs/product.md#link-previews): the web app's page as a crawler or a first
// visit gets it, with the address's own title, description and link previews in the language asked
// for, 404 where the address names nothing; the sitemap and robots.txt. It reads the catalogue and
// writes nothing.

export const pagesModule: AppModule = { name: 'pages', routes: pagesRoutes };

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { pagesApi } from './openapi';
