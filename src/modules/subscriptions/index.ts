import type { AppModule } from '../../context';
import type { RecordOrderDelivery } from './commands';
import { subscriptionsRoutes } from './routes';

// The subscriptions module (docs/product.md#subscriptions): what a shopper paid for, one
// subscription per unit of each paid line, and the activation details administrators deliver.
// Recording a delivery on the order is the ordering module's, handed over by main.ts.

export function subscriptionsModule(deps: { recordOrderDelivery: RecordOrderDelivery }): AppModule {
  return { name: 'subscriptions', routes: subscriptionsRoutes(deps.recordOrderDelivery) };
}

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { subscriptionsApi } from './openapi';
