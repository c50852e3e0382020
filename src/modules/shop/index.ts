import type { AppModule } from '../../context';
import { shopRoutes } from './routes';

// The shop module (docs/product.md#legal-information): what the shop says of itself, as Algerian
// e-commerce law (18-05) asks: its legal identity, terms of sale and refund policy.

export const shopModule: AppModule = { name: 'shop', routes: shopRoutes };

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { shopApi } from './openapi';
