import { queryOptions } from '@tanstack/react-query';
import type { AdminOrderView } from '@shared/ordering/types';
import { adminApi, adminRetry } from './client';
import { dashboardKeys } from './keys';

/** SPEC §9: the revenue chart covers the last 7, 30 or 90 days. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 30;

export const isDashboardRange = (value: unknown): value is DashboardRange =>
  DASHBOARD_RANGES.includes(Number(value) as DashboardRange);

/** This range against the one before it, as the server computes it. */
export interface Trend {
  current: number;
  previous: number;
  change: number;
  /** Percent change; null when the previous range had nothing. */
  percent: number | null;
}

// The answer of src/modules/ordering/dashboard.ts (not yet declared in src/shared).
export interface DashboardStatsView {
  stats: { productsCount: number; ordersCount: number; dispatchedOrdersCount: number; revenue: number };
  range: DashboardRange;
  recentOrders: AdminOrderView[];
  /** Every day of the range, oldest first: paid revenue and paid orders (Africa/Algiers days). */
  revenueByDay: { date: string; revenue: number; orders: number }[];
  trends: { products: { added: number }; orders: Trend; dispatched: Trend; revenue: Trend };
}

/** `GET /api/admin/dashboard/stats?range=`. */
export const dashboardQuery = (range: DashboardRange) =>
  queryOptions({
    queryKey: dashboardKeys.stats(range),
    retry: adminRetry,
    queryFn: ({ signal }) => adminApi.json<DashboardStatsView>(`/api/admin/dashboard/stats?range=${range}`, { signal }),
  });
