import { Router } from 'express';
import { durationToMs } from '../../config';
import type { AppContext, ModuleRoutes } from '../../context';
import { createSealer } from '../../platform/crypto/sealed';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { notFound } from '../../platform/http/errors';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { ORDERS_PROJECTION, findOrderDetail, toAdminOrderDetail } from '../../projections/orders';
import {
  SUBSCRIPTIONS_PROJECTION,
  adminOrderSubscriptions,
  deliverableSubscriptions,
} from '../../projections/subscriptions';
import { coded } from '../../shared/errors';
import { deliverySchema, type Activation } from '../../shared/subscriptions';
import { deliver, type RecordOrderDelivery } from './commands';

// The subscriptions module's HTTP routes (docs/product.md#subscriptions): an administrator delivers
// an order's activation details. The order's detail (GET /api/admin/orders/{id}, the ordering
// module's) shows them opened.

export function subscriptionsRoutes(recordOrderDelivery: RecordOrderDelivery) {
  return (ctx: AppContext): ModuleRoutes => ({ admin: adminRoutes(ctx, recordOrderDelivery) });
}

function adminRoutes(ctx: AppContext, recordOrderDelivery: RecordOrderDelivery): Router {
  const router = Router();
  const sealer = createSealer(ctx.config.DATA_ENCRYPTION_KEY);
  const projections = [ORDERS_PROJECTION, SUBSCRIPTIONS_PROJECTION];
  const deps = {
    store: ctx.store,
    sealer,
    recordOrderDelivery,
    // The order's subscriptions as the log has them now: the read model caught up first.
    deliverable: async (orderId: string) => {
      await ctx.runner.waitFor(await ctx.store.lastCommittedPosition(), { projections: [SUBSCRIPTIONS_PROJECTION] });
      return deliverableSubscriptions(ctx.db, orderId);
    },
    trialLengthMs: durationToMs(ctx.config.TRIAL_LENGTH),
  };

  router.put('/orders/:id/delivery', async (req, res) => {
    const body = parseInput(deliverySchema, req.body ?? {});
    const orderId = req.params.id;
    if (!(await findOrderDetail(ctx.db, orderId))) throw notFound(coded('order.not_found'));
    const position = await deliver(deps, orderId, body, commandMetadata(req.admin!.id), ifMatchRevision(req));
    await ctx.runner.waitFor(position, { projections });
    const order = await findOrderDetail(ctx.db, orderId);
    if (!order) throw notFound(coded('order.not_found'));
    res.set('ETag', versionTag(order.version));
    const delivered = await adminOrderSubscriptions(ctx.db, orderId, (sealed) => sealer.open<Activation>(sealed));
    res.json({ message: 'Activation details delivered', order: { ...toAdminOrderDetail(order), ...delivered } });
  });

  return router;
}
