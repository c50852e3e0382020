import { Router, type Response } from 'express';
import { durationToMs } from '../../config';
import type { AppContext, ModuleRoutes } from '../../context';
import { createSealer } from '../../platform/crypto/sealed';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { conflict, notFound } from '../../platform/http/errors';
import { JsonAnswer, mountReads, type ReadHandler } from '../../platform/http/fast-reads';
import { parseInput } from '../../platform/http/validate';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { ORDERS_PROJECTION, findOrderDetail, toAdminOrderDetail } from '../../projections/orders';
import {
  SUBSCRIPTIONS_PROJECTION,
  adminOrderSubscriptions,
  deliverableSubscriptions,
  orderSubscriptionRows,
  renewalsToExtendOf,
} from '../../projections/subscriptions';
import { coded } from '../../shared/errors';
import {
  deliverySchema,
  reminderSchema,
  subscriptionsQuerySchema,
  type Activation,
  type AdminSubscriptionRowView,
} from '../../shared/subscriptions';
import { handleCommand } from '../../platform/eventstore/command-handler';
import { HttpError } from '../../platform/http/errors';
import { sendCsv, type CsvColumn } from '../../platform/http/csv';
import { describeActor } from '../../projections/admin-users';
import { allSubscriptions, listSubscriptions, remindable } from '../../projections/subscriptions';
import { deliver, retryAutomaticDelivery, runExtensionCommand, type RecordOrderDelivery } from './commands';
import { subscriptionRemindersStream } from './events';
import { enqueueProvisioning } from './provisioning';
import { enqueueExtension } from './provisioning-extension';
import { AlreadyReminded, remindersDecider } from './reminders';

// The subscriptions module's HTTP routes (docs/product.md#subscriptions): an administrator delivers
// an order's activation details, or asks automatic delivery, or a renewal's extension on the
// provisioning service, to try again (docs/product.md#automatic-delivery). The order's detail (GET /api/admin/orders/{id}, the
// ordering module's) shows them opened.

export function subscriptionsRoutes(recordOrderDelivery: RecordOrderDelivery) {
  return (ctx: AppContext): ModuleRoutes => {
    const admin = adminRoutes(ctx, recordOrderDelivery);
    // The screen's page is reloaded on every live event by every admin watching it: a fast read
    // (fast-reads.ts), as the orders and customers lists are (docs/benchmarks.md#subscriptions-bench).
    const adminFastReads = mountReads(admin, adminReads(ctx));
    return { admin, adminFastReads };
  };
}

/** What the subscriptions screen asks for: a view at the clock's time, a search, a page. */
function screenQuery(ctx: AppContext, query: unknown) {
  const { view, search, page, limit } = parseInput(subscriptionsQuerySchema, query);
  const expiringWithinMs = durationToMs(ctx.config.EXPIRING_WITHIN);
  return { query: { view, search, now: ctx.clock(), expiringWithinMs }, page: { page, limit } };
}

/** The module's admin JSON reads, each a route of the admin router and a fast read by the same path. */
function adminReads(ctx: AppContext): Record<string, ReadHandler> {
  return {
    '/subscriptions': async ({ query }) => {
      const { query: screen, page } = screenQuery(ctx, query);
      return new JsonAnswer(await listSubscriptions(ctx.db, screen, page));
    },
  };
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
    clock: ctx.clock,
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

  // Recorded first: the failure no longer stands, so a queue that is away now (Redis) does not
  // lose the job; the sweep schedules it again when the queue is back.
  const scheduled = (enqueued: Promise<void>, orderId: string, what: string) =>
    enqueued.catch((error: unknown) =>
      ctx.logger.warn({ err: error, orderId }, `${what} not scheduled yet: it is once the job queue is back`),
    );

  // The subscriptions screen's CSV (docs/product.md#subscriptions-screen): a view at the clock's
  // time; its page is one of adminReads.
  router.get('/subscriptions.csv', async (req, res) => {
    const { query } = screenQuery(ctx, req.query);
    const stamp = query.now.toISOString().slice(0, 10);
    await sendCsv(
      res,
      `subscriptions-${query.view}-${stamp}.csv`,
      SUBSCRIPTION_COLUMNS,
      allSubscriptions(ctx.db, query),
    );
  });

  // Each step once per subscription: of two admins reminding at once, one records it, the other
  // hears who did (its stream's revision settles it).
  router.post('/subscriptions/:id/reminders', async (req, res) => {
    const { step } = parseInput(reminderSchema, req.body ?? {});
    const subscriptionId = req.params.id;
    await ctx.runner.waitFor(await ctx.store.lastCommittedPosition(), { projections: [SUBSCRIPTIONS_PROJECTION] });
    const found = await remindable(ctx.db, subscriptionId);
    if (!found) throw notFound(coded('subscriptions.not_found'));
    const command = {
      type: 'Remind',
      data: { subscriptionId, ...found, step, by: req.admin!.id, now: ctx.clock().toISOString() },
    } as const;
    try {
      const { position } = await handleCommand(
        ctx.store,
        subscriptionRemindersStream(subscriptionId),
        remindersDecider,
        () => command,
        { metadata: commandMetadata(req.admin!.id), retries: 4 },
      );
      await ctx.runner.waitFor(position, { projections: [SUBSCRIPTIONS_PROJECTION] });
    } catch (error) {
      if (!(error instanceof AlreadyReminded)) throw error;
      const name = await describeActor(ctx.db, error.by);
      throw new HttpError(409, coded('subscriptions.already_reminded', { name, at: error.at }), {
        reminder: { step, at: error.at, by: error.by, byName: name },
      });
    }
    res.json({ message: 'Reminder recorded', reminder: { step, at: command.data.now, by: req.admin!.id } });
  });

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
    const retry = { awaiting, now: ctx.clock().toISOString() };
    const position = await retryAutomaticDelivery(ctx.store, orderId, retry, commandMetadata(req.admin!.id));
    await scheduled(enqueueProvisioning(ctx, [orderId]), orderId, 'automatic delivery');
    await ctx.runner.waitFor(position, { projections });
    await answerOrder(res, orderId, 'Automatic delivery requested');
  });

  // A renewal whose extension on the provisioning service failed: asked again, as above.
  router.post('/orders/:id/provisioning/extension/retry', async (req, res) => {
    if (!automatic) throw conflict(coded('provisioning.off'));
    const orderId = req.params.id;
    await orderExists(orderId);
    await caughtUp();
    const renewed = (await renewalsToExtendOf(ctx.db, orderId)).map((r) => r.subscription_id);
    const command = { type: 'RetryExtension', data: { orderId, renewed, now: ctx.clock().toISOString() } } as const;
    const position = await runExtensionCommand(ctx.store, command, commandMetadata(req.admin!.id));
    await scheduled(enqueueExtension(ctx, [orderId]), orderId, 'automatic extension');
    await ctx.runner.waitFor(position, { projections });
    await answerOrder(res, orderId, 'Extension on the provisioning service requested');
  });

  return router;
}

const SUBSCRIPTION_COLUMNS: CsvColumn<AdminSubscriptionRowView>[] = [
  { header: 'Order number', value: (s) => s.orderNumber },
  { header: 'Phone', value: (s) => s.phone },
  { header: 'Customer', value: (s) => s.customerName ?? '' },
  { header: 'Package', value: (s) => s.packageName },
  { header: 'Duration', value: (s) => s.duration },
  { header: 'Status', value: (s) => s.status },
  { header: 'Started', value: (s) => s.startsAt ?? '' },
  { header: 'Ends', value: (s) => s.endsAt ?? '' },
  { header: 'Days left', value: (s) => s.daysLeft ?? '' },
  { header: 'Last reminder', value: (s) => (s.lastReminder ? `${s.lastReminder.step} ${s.lastReminder.at}` : '') },
  { header: 'Reminded by', value: (s) => s.lastReminder?.byName ?? '' },
];
