import { durationToMs } from '../../config';
import type { AppContext, AppModule, JobContext } from '../../context';
import { createSealer } from '../../platform/crypto/sealed';
import type { RecordOrderDelivery } from './commands';
import { defineProvisioning, provisionAwaitingOrders, provisionPaidOrders } from './provisioning';
import { extensionClient, provisioningClient } from './provisioning-client';
import { defineExtension, extendAwaitingRenewals, extendPaidRenewals } from './provisioning-extension';
import { subscriptionsRoutes } from './routes';

// The subscriptions module (docs/product.md#subscriptions): what a shopper paid for, one
// subscription per unit of each paid line, and the activation details administrators deliver, or
// the operator's provisioning service gives when PROVISIONING_URL is set, which it also tells of
// paid renewals (docs/product.md#automatic-delivery). Recording a delivery on the order is the ordering
// module's, handed over by main.ts.

export function subscriptionsModule(deps: { recordOrderDelivery: RecordOrderDelivery }): AppModule {
  return {
    name: 'subscriptions',
    routes: subscriptionsRoutes(deps.recordOrderDelivery),
    /** Automatic delivery's and renewals' extension's jobs (web process and worker alike), when it is on. */
    jobs(ctx) {
      const service = provisioningService(ctx.config);
      if (!service) return;
      defineProvisioning({ ...ctx, ...service, recordOrderDelivery: deps.recordOrderDelivery });
      defineExtension({ ...ctx, extend: service.extend });
    },
    /**
     * Paid orders still awaiting delivery, and paid renewals the service has not extended, get
     * their job again, in the background while the read model catches up, and again whenever the
     * queue is back after an outage.
     */
    async start(ctx) {
      if (!ctx.config.PROVISIONING_URL) return;
      const schedule = () =>
        void Promise.all([provisionAwaitingOrders(ctx), extendAwaitingRenewals(ctx)]).catch((error: unknown) =>
          ctx.logger.error(
            { err: error },
            'could not schedule automatic deliveries and extensions; they will be when the queue is back',
          ),
        );
      schedule();
      ctx.queue.onAvailable(schedule);
    },
  };
}

/**
 * What main.ts hands the subscriptions read model: the orders whose payment it just folded get
 * their automatic delivery job (subscriptions opened) and their extension job (subscriptions
 * renewed). Undefined when automatic delivery is off.
 */
export function provisioningTrigger(
  ctx: Pick<AppContext, 'config' | 'db' | 'queue'>,
): ((orderIds: string[]) => Promise<void>) | undefined {
  if (!ctx.config.PROVISIONING_URL) return undefined;
  return async (orderIds) => {
    await provisionPaidOrders(ctx, orderIds);
    await extendPaidRenewals(ctx, orderIds);
  };
}

/** The service's client and what delivering needs, from the configuration; undefined when off. */
function provisioningService(config: JobContext['config']) {
  const { PROVISIONING_URL: url, PROVISIONING_SECRET: secret } = config;
  if (!url || !secret) return undefined;
  const client = { url, secret, timeoutMs: durationToMs(config.PROVISIONING_TIMEOUT) };
  return {
    provision: provisioningClient(client),
    extend: extensionClient(client),
    sealer: createSealer(config.DATA_ENCRYPTION_KEY),
    trialLengthMs: durationToMs(config.TRIAL_LENGTH),
  };
}

/** Its routes, for the API's OpenAPI description (src/openapi.ts). */
export { subscriptionsApi } from './openapi';
