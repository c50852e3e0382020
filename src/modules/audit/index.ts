import type { AppModule } from '../../context';
import { auditRoutes } from './routes';

// The audit module: the trail of who did what, read from the audit read model (admins only).
export const auditModule: AppModule = {
  name: 'audit',
  routes: auditRoutes,
};

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { auditApi } from './openapi';
