import type { Kysely } from 'kysely';
import { productFigures } from '../../projections/catalogue';
import type { Database } from '../../projections/database';
import { orderFigures, recentOrders, revenueByDay, totals } from '../../projections/orders';
import { awaitingDeliveryCount, subscriptionFigures } from '../../projections/subscriptions';
import type { DashboardStatsView, Trend } from '../../shared/ordering';

// The dashboard's figures, from the orders and catalogue read models: totals as docs/product.md#dashboard lists
// them, the chosen range's daily revenue, and trends computed against the range before it (not
// fixed strings).

const DAY = 86_400_000;

export async function dashboardStats(
  db: Kysely<Database>,
  rangeDays: number,
  { now = new Date(), expiringWithinMs = 7 * DAY }: { now?: Date; expiringWithinMs?: number } = {},
): Promise<DashboardStatsView> {
  const from = new Date(now.getTime() - rangeDays * DAY);
  const before = new Date(from.getTime() - rangeDays * DAY);
  const [all, current, previous, products, recent, daily, awaitingDelivery, subscriptions] = await Promise.all([
    totals(db),
    orderFigures(db, from, now),
    orderFigures(db, before, from),
    productFigures(db, from, now),
    recentOrders(db),
    revenueByDay(db, new Date(now.getTime() - (rangeDays - 1) * DAY), rangeDays),
    awaitingDeliveryCount(db),
    subscriptionFigures(db, { now, expiringWithinMs }, from),
  ]);
  return {
    stats: {
      productsCount: products.productsCount,
      ordersCount: all.ordersCount,
      dispatchedOrdersCount: all.dispatchedOrdersCount,
      revenue: all.revenue,
      paymentMismatchCount: all.paymentMismatchCount,
      awaitingDeliveryCount: awaitingDelivery,
      activeSubscriptionsCount: subscriptions.activeSubscriptionsCount,
      expiringSubscriptionsCount: subscriptions.expiringSubscriptionsCount,
      renewalRate: subscriptions.renewalRate,
      renewalRevenue: subscriptions.renewalRevenue,
      // Of the range, like the trends: how many shoppers tried the service lately.
      trialsCount: current.trialsCount,
    },
    range: rangeDays,
    recentOrders: recent,
    revenueByDay: daily,
    trends: {
      products: { added: products.productsAdded },
      orders: trend(current.ordersCount, previous.ordersCount),
      dispatched: trend(current.dispatchedOrdersCount, previous.dispatchedOrdersCount),
      revenue: trend(current.revenue, previous.revenue),
    },
  };
}

/** This range against the one before: the difference and the change in percent (null from zero). */
function trend(current: number, previous: number): Trend {
  return {
    current,
    previous,
    change: current - previous,
    percent: previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10,
  };
}
