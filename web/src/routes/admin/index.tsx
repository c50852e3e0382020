import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { DashboardRange } from '../../admin/api/dashboard';
import { dashboardQuery } from '../../admin/api/dashboard';
import { DashboardError, DashboardPage, DashboardSkeleton } from '../../admin/dashboard/DashboardPage';

export const Route = createFileRoute('/admin/')({
  codeSplitGroupings: [['loader', 'component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
  // ?range=7|30|90, 30 when absent. Written out here: this stays in the route tree, which
  // shoppers download, so it imports nothing of the admin's.
  validateSearch: (search: Record<string, unknown>): { range?: DashboardRange } => {
    const range = Number(search.range);
    return range === 7 || range === 30 || range === 90 ? { range } : {};
  },
  loaderDeps: ({ search }) => ({ range: search.range ?? 30 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(dashboardQuery(deps.range)),
  component: Dashboard,
  pendingComponent: DashboardSkeleton,
  errorComponent: DashboardError,
});

function Dashboard() {
  const { range } = Route.useLoaderDeps();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <DashboardPage
      range={range}
      onRange={(next) => void navigate({ search: (previous) => ({ ...previous, range: next }), replace: true })}
    />
  );
}
