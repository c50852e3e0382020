import { Router, type Response } from 'express';
import { durationToMs } from '../../config';
import type { AppContext, ModuleRoutes } from '../../context';
import { createSealer } from '../../platform/crypto/sealed';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { conflict, notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { ORDERS_PROJECTION, findOrderDetail, toAdminOrderDetail } from '../../projections/orders';
import {
  SUBSCRIPTIONS_PROJECTION,
  adminOrderSubscriptions,
  deliverableSubscriptions,
  orderSubscriptionRows,
} from '../../projections/subscriptions';
import { coded } from '../../shared/errors';
import { deliverySchema, type Activation } from '../../shared/subscriptions';
import { deliver, retryAutomaticDelivery, type RecordOrderDelivery } from './commands';
import { enqueueProvisioning } from './provisioning';

// The subscriptions module's HTTP routes (docs/product.md#subscriptions): an administrator delivers
// an order's activation details, or asks automatic delivery to try again
// (docs/product.md#automatic-delivery). The order's detail (GET /api/admin/orders/{id}, the
// ordering module's) shows them opened.

export function subscriptionsRoutes(recordOrderDelivery: RecordOrderDelivery) {
  return (ctx: AppContext): ModuleRoutes => ({ admin: adminRoutes(ctx, recordOrderDelivery) });
}

function adminRoutes(ctx: AppContext, recordOrderDelivery: RecordOrderDelivery): Router {
  const router = Router();
  const sealer = createSealer(ctx.config.DATA_ENCRYPTION_KEY);
  const projections = [ORDERS_PROJECTION, SUBSCRIPTIONS_PROJECTION];
  // The order's subscriptions as the log has them now: the read model caught up first.
  const caughtUp = async () =>
    ctx.runner.waitFor(await ctx.store.lastCommittedPosition(), { projections: [SUBSCRIPTIONS_PROJECTION] });
  const deps = {
    store: ctx.store,
    sealer,
    recordOrderDelivery,
    deliverable: async (orderId: string) => {
      await caughtUp();
      return deliverableSubscriptions(ctx.db, orderId);
    },
    trialLengthMs: durationToMs(ctx.config.TRIAL_LENGTH),
  };
  const automatic = Boolean(ctx.config.PROVISIONING_URL);

  const orderExists = async (orderId: string) => {
    if (!(await findOrderDetail(ctx.db, orderId))) throw notFound(coded('order.not_found'));
  };

  /** The order as its detail reads it, with its subscriptions opened; its version as the ETag. */
  const answerOrder = async (res: Response, orderId: string, message: string) => {
    const order = await findOrderDetail(ctx.db, orderId);
    if (!order) throw notFound(coded('order.not_found'));
    res.set('ETag', versionTag(order.version));
    const open = (sealed: string) => sealer.open<Activation>(sealed);
    const delivered = await adminOrderSubscriptions(ctx.db, orderId, open, { automatic });
    res.json({ message, order: { ...toAdminOrderDetail(order), ...delivered } });
  };

  router.put('/orders/:id/delivery', async (req, res) => {
    const body = parseInput(deliverySchema, req.body ?? {});
    const orderId = req.params.id;
    await orderExists(orderId);
    const position = await deliver(deps, orderId, body, commandMetadata(req.admin!.id), ifMatchRevision(req));
    await ctx.runner.waitFor(position, { projections });
    await answerOrder(res, orderId, 'Activation details delivered');
  });

  router.post('/orders/:id/provisioning/retry', async (req, res) => {
    if (!automatic) throw conflict(coded('provisioning.off'));
    const orderId = req.params.id;
    await orderExists(orderId);
    await caughtUp();
    const awaiting = (await orderSubscriptionRows(ctx.db, orderId))
      .filter((row) => row.status === 'awaiting_delivery')
      .map((row) => row.id);
    // Recorded first: the failure no longer stands, so a queue that is away now (Redis) does not
    // lose it; the orders awaiting are scheduled again when it is back.
    const position = await retryAutomaticDelivery(ctx.store, orderId, awaiting, commandMetadata(req.admin!.id));
    await enqueueProvisioning(ctx, [orderId]).catch((error: unknown) =>
      ctx.logger.warn(
        { err: error, orderId },
        'automatic delivery not scheduled yet: it is once the job queue is back',
      ),
    );
    await ctx.runner.waitFor(position, { projections });
    await answerOrder(res, orderId, 'Automatic delivery requested');
  });

  return router;
}
