import type { AppModule } from '../../context';
import { operationsRoutes } from './routes';

// The operations module: what operators do with the read models (status, rebuilds), for admins.
export const operationsModule: AppModule = {
  name: 'operations',
  routes: operationsRoutes,
};

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { operationsApi } from './openapi';
