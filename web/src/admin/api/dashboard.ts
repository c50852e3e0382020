import { queryOptions } from '@tanstack/react-query';
import type { DashboardStatsView } from '@shared/ordering/types';
import { adminApi, adminRetry } from './client';
import { dashboardKeys } from './keys';

/** The revenue chart covers the last 7, 30 or 90 days. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** `GET /api/admin/dashboard/stats?range=`. */
export const dashboardQuery = (range: DashboardRange) =>
  queryOptions({
    queryKey: dashboardKeys.stats(range),
    retry: adminRetry,
    queryFn: ({ signal }) => adminApi.json<DashboardStatsView>(`/api/admin/dashboard/stats?range=${range}`, { signal }),
  });
