import { Router } from 'express';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import { durationToMs, type Config } from '../../config';
import type { AppContext, ModuleRoutes } from '../../platform/context';
import type { EventStore } from '../../platform/eventstore/port';
import type { JobQueue } from '../../platform/queue/port';
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
  const shopper = Router().use(paymentRoutes(ctx, { provider, products: catalogue.products }));
  if (provider.router) shopper.use(provider.router);
  return { public: shopper, admin: orderingAdminRoutes(ctx, catalogue.figures) };
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
