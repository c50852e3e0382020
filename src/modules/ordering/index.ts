import { durationToMs } from '../../config';
import type { AppModule } from '../../context';
import { keepNumbersAboveLegacyOrders } from './order-numbers';
import { createPaymentProvider } from './payment';
import { defineReconciliation, rescheduleAllPending } from './reconciliation';
import { orderingRoutes } from './routes';

// The ordering module: checkout priced from the catalogue, payment through the configured
// provider, orders and their reconciliation, and the admin's orders, customers and dashboard.

export const orderingModule: AppModule = {
  name: 'ordering',
  routes: orderingRoutes,
  /** The reconciliation job (web process and worker alike). */
  jobs(ctx) {
    defineReconciliation({
      ...ctx,
      provider: createPaymentProvider(ctx.config, { db: ctx.db, logger: ctx.logger }),
      expiresAfterMs: durationToMs(ctx.config.CHECKOUT_EXPIRES_AFTER),
      firstPollMs: durationToMs(ctx.config.CHECKOUT_FIRST_POLL_AFTER),
    });
  },
  /**
   * Order numbers stay above those of orders placed before orders had numbers (awaited: the
   * store takes no checkout before). Every pending checkout is scheduled again, so nothing depends
   * on Redis keeping jobs; in the background: the store answers while the orders read model catches up.
   */
  async start(ctx) {
    await keepNumbersAboveLegacyOrders(ctx.store, ctx.db);
    const reschedule = () =>
      void rescheduleAllPending(ctx).catch((error: unknown) =>
        ctx.logger.error({ err: error }, 'could not schedule pending checkouts; they will be when the queue is back'),
      );
    reschedule();
    // Redis back after an outage: the checkouts placed meanwhile (and any jobs it lost) get theirs.
    ctx.queue.onAvailable(reschedule);
  },
};

/** How another module records a delivery on an order (main.ts hands it to the subscriptions module). */
export { recordDelivery } from './commands';

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { orderingApi, sandboxApi } from './openapi';
