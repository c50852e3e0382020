import { Router } from 'express';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import { durationToMs, type Config } from '../../config';
import type { AppContext, ModuleRoutes } from '../../platform/context';
import type { EventStore } from '../../platform/eventstore/port';
import type { JobQueue } from '../../platform/queue/port';
import { limitByAddress } from '../../platform/throttle/http';
import type { Limiters } from '../../platform/throttle/limiters';
import { orderingAdminRoutes } from './admin-routes';
import type { CatalogueFiguresQuery } from './dashboard';
import { createPaymentProvider } from './payment';
import { paymentRoutes } from './payment-routes';
import type { ProductLookup } from './pricing';
import { defineReconciliation, rescheduleAllPending } from './reconciliation';

// The ordering module: checkout priced from the catalogue, payment through the configured
// provider, orders and their reconciliation, and the admin's orders, customers and dashboard.

/** What ordering reads of the catalogue, handed in by the composition root. */
export interface CatalogueReads {
  products: ProductLookup;
  figures: CatalogueFiguresQuery;
}

export function orderingRoutes(ctx: AppContext, catalogue: CatalogueReads): ModuleRoutes {
  const provider = createPaymentProvider(ctx.config, { db: ctx.db, logger: ctx.logger });
  const shopper = Router().use(checkoutThrottles(ctx.limiters, ctx.config), paymentRoutes(ctx, { provider, products: catalogue.products }));
  if (provider.router) shopper.use(provider.router);
  return { public: shopper, admin: orderingAdminRoutes(ctx, catalogue.figures) };
}

/**
 * Per client address, shared by every instance: each checkout places an order and may call the
 * payment provider with our key, each status check may too. The storefront polls a pending
 * checkout's status every 5 s (12 a minute), so the default 120 a minute leaves room for several
 * shoppers behind one address; 10 checkouts a minute is more than a shopper makes.
 */
function checkoutThrottles(limiters: Limiters, config: Pick<Config, 'CHECKOUTS_PER_MINUTE' | 'CHECKOUT_STATUS_PER_MINUTE'>): Router {
  const checkouts = limiters.create({ name: 'create-checkout', points: config.CHECKOUTS_PER_MINUTE, windowSeconds: 60 });
  const statusChecks = limiters.create({ name: 'checkout-status', points: config.CHECKOUT_STATUS_PER_MINUTE, windowSeconds: 60 });
  const wait = (seconds: number) => `Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  return Router()
    .post('/api/payment/create-checkout', limitByAddress(checkouts, (s) => `Too many checkouts from your address. ${wait(s)}`))
    .get('/api/payment/checkout-status/:checkoutId', limitByAddress(statusChecks, (s) => `Too many payment status checks from your address. ${wait(s)}`));
}

export interface OrderingJobDeps {
  config: Config;
  logger: Logger;
  db: Kysely<any>;
  store: EventStore;
  queue: JobQueue;
}

/** Defines the reconciliation job (web process and worker alike). */
export function defineOrderingJobs(deps: OrderingJobDeps): void {
  const provider = createPaymentProvider(deps.config, { db: deps.db, logger: deps.logger });
  defineReconciliation({
    ...deps,
    provider,
    expiresAfterMs: durationToMs(deps.config.CHECKOUT_EXPIRES_AFTER),
    firstPollMs: durationToMs(deps.config.CHECKOUT_FIRST_POLL_AFTER),
  });
}

/** Start-up: every pending checkout is scheduled again, so nothing depends on Redis keeping jobs. */
export const reschedulePendingCheckouts = (deps: Parameters<typeof rescheduleAllPending>[0]) => rescheduleAllPending(deps);
