import { randomUUID } from 'node:crypto';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { sendCsv, type CsvColumn } from '../../platform/http/csv';
import { notFound } from '../../platform/http/errors';
import { ifMatchRevision, versionTag } from '../../platform/http/versioning';
import { parseInput } from '../../platform/http/validate';
import { toAdminItems, toAdminOrder, type OrderRow } from '../../projections/orders';
import { ORDER_STATUSES, orderStatusUpdateSchema } from '../../shared/ordering';
import { text } from '../../shared/text';
import { executeOrderCommand } from './commands';
import { dashboardStats, type CatalogueFiguresQuery } from './dashboard';
import { allCustomers, allOrders, findOrder, listCustomers, listOrders, type CustomerView } from './queries';

const READ_MODEL = ['orders'];

const pageQuery = {
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(10),
  search: text({ field: 'Search', max: 200 }).optional(),
};
const ordersQuery = z.object({ ...pageQuery, status: z.enum(['all', ...ORDER_STATUSES], { error: `status must be all, ${ORDER_STATUSES.join(', ')}` }).default('all') });
const customersQuery = z.object(pageQuery);
const statsQuery = z.object({ range: z.enum(['7', '30', '90'], { error: 'range must be 7, 30 or 90' }).default('30').transform(Number) });

const ORDER_COLUMNS: CsvColumn<OrderRow>[] = [
  { header: 'Order ID', value: (o) => o.id },
  { header: 'Customer', value: (o) => o.customer_name },
  { header: 'Email', value: (o) => o.customer_email },
  { header: 'Phone', value: (o) => o.phone },
  { header: 'Date', value: (o) => new Date(o.created_at).toISOString() },
  { header: 'Amount (Da)', value: (o) => o.total_amount },
  { header: 'Status', value: (o) => o.status },
  { header: 'Payment method', value: (o) => o.payment_method ?? o.requested_method },
  { header: 'Items', value: (o) => o.items.map((i) => `${i.quantity} × ${i.productName} (${i.duration})`).join('; ') },
];

const CUSTOMER_COLUMNS: CsvColumn<CustomerView>[] = [
  { header: 'Name', value: (c) => c.name },
  { header: 'Email', value: (c) => c.email },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Orders', value: (c) => c.orders },
  { header: 'Total spent (Da)', value: (c) => c.totalSpent },
  { header: 'First order', value: (c) => c.joinDate },
];

/** /api/admin routes of the ordering module: orders, customers (from orders), dashboard. */
export function orderingAdminRoutes(ctx: AppContext, catalogueFigures: CatalogueFiguresQuery): Router {
  const router = Router();
  const meta = (req: Request) => commandMetadata(req.admin!.id, req.get('x-request-id') ?? randomUUID());
  const stamp = () => new Date().toISOString().slice(0, 10);

  router.get('/orders', async (req, res) => {
    const { page, limit, search, status } = parseInput(ordersQuery, req.query);
    res.json(await listOrders(ctx.db, { search, status }, { page, limit }));
  });

  router.get('/orders/export.csv', async (req, res) => {
    const { search, status } = parseInput(ordersQuery, req.query);
    await sendCsv(res, `orders-${stamp()}.csv`, ORDER_COLUMNS, allOrders(ctx.db, { search, status }));
  });

  // The order's version (its stream's revision) is its ETag; PUT and DELETE honour If-Match
  // (stale: 409). Without If-Match they apply to the order as it is now: SPEC's API sends none.
  router.get('/orders/:id', async (req, res) => {
    const order = await findOrder(ctx.db, req.params.id);
    if (!order) throw notFound('Order details not available');
    res.set('ETag', versionTag(order.version)).json({ order: { ...toAdminOrder(order), items: toAdminItems(order) } });
  });

  router.put('/orders/:id/status', async (req, res) => {
    const { status } = parseInput(orderStatusUpdateSchema, req.body ?? {});
    const change = { type: 'ChangeStatus', data: { orderId: req.params.id, status, now: new Date().toISOString() } } as const;
    const position = await executeOrderCommand(ctx.store, req.params.id, change, meta(req), ifMatchRevision(req));
    await ctx.runner.waitFor(position, { projections: READ_MODEL });
    const order = await findOrder(ctx.db, req.params.id);
    if (order) res.set('ETag', versionTag(order.version));
    res.json({ message: `Order status updated to ${status}`, order: order && { ...toAdminOrder(order), items: toAdminItems(order) } });
  });

  router.delete('/orders/:id', async (req, res) => {
    const remove = { type: 'DeleteOrder', data: { orderId: req.params.id, now: new Date().toISOString() } } as const;
    const position = await executeOrderCommand(ctx.store, req.params.id, remove, meta(req), ifMatchRevision(req));
    await ctx.runner.waitFor(position, { projections: READ_MODEL });
    res.json({ message: `Order #${req.params.id} has been deleted successfully` });
  });

  router.get('/customers', async (req, res) => {
    const { page, limit, search } = parseInput(customersQuery, req.query);
    res.json(await listCustomers(ctx.db, search, { page, limit }));
  });

  router.get('/customers/export.csv', async (req, res) => {
    const { search } = parseInput(customersQuery, req.query);
    await sendCsv(res, `customers-${stamp()}.csv`, CUSTOMER_COLUMNS, await allCustomers(ctx.db, search));
  });

  router.get('/dashboard/stats', async (req, res) => {
    const { range } = parseInput(statsQuery, req.query);
    res.json(await dashboardStats(ctx.db, catalogueFigures, range));
  });

  return router;
}
