import type { AppModule } from '../../context';
import { notesRoutes } from './routes';

// The notes module (docs/product.md#notes): administrators' internal notes on orders and customers,
// for the people who talk to customers; never shown to shoppers.

export const notesModule: AppModule = { name: 'notes', routes: notesRoutes };

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { notesApi } from './openapi';
