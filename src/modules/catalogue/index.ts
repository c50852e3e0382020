import type { AppModule } from '../../context';
import { seedDemoCatalogue } from './demo';
import { catalogueRoutes } from './routes';

// The catalogue module: categories and products, their images, the storefront's reads (answered
// from the shared in-memory catalogue) and the admin's edits.

export const catalogueModule: AppModule = {
  name: 'catalogue',
  routes: catalogueRoutes,
  async start(ctx) {
    if (ctx.config.SEED_DEMO) ctx.logger.info({ demoCatalogue: await seedDemoCatalogue(ctx) }, 'demo catalogue');
  },
};

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { catalogueApi } from './openapi';
