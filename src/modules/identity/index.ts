import type { AppModule } from '../../context';
import { ensureFirstAdminAtStart } from './first-admin';
import { identityRoutes } from './routes';

// The identity module: administrators, their sign-in (throttled) and their settings.
export const identityModule: AppModule = {
  name: 'identity',
  routes: identityRoutes,
  start: ensureFirstAdminAtStart,
};

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { identityApi } from './openapi';

/** The recovery commands (`npm run admin`). */
export { createAdminFromCommandLine, resetPasswordFromCommandLine } from './recovery';
