import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import type { ProjectionsOverview, RebuildView } from '@shared/operations/types';
import { adminApi, adminRetry } from './client';
import { projectionKeys } from './keys';

// Projection operations (issue 16): each read model's status (GET /api/admin/projections) and
// rebuilds (POST …/{name|all}/rebuild, one at a time). A rebuild's progress comes on the admin's
// socket (projectionRebuild, live/events.ts) and is folded into the cached status here, so the
// page follows a rebuild whoever started it (another admin, another instance, the CLI).

/** The status is read again every 5 s while the page shows: the lag changes without any event. */
export const PROJECTIONS_REFETCH_MS = 5000;

export const projectionsQuery = () =>
  queryOptions({
    queryKey: projectionKeys.all,
    retry: adminRetry,
    refetchInterval: PROJECTIONS_REFETCH_MS,
    queryFn: ({ signal }) => adminApi.json<ProjectionsOverview>('/api/admin/projections', { signal }),
  });

/** The answer of `POST /api/admin/projections/{name|all}/rebuild` (202). */
export interface RebuildStarted {
  message: string;
  rebuild: RebuildView;
}

/** Starts a rebuild of one read model or of `all`; the 409 of a running one is the caller's to show. */
export function useStartRebuild(queryClient: QueryClient) {
  return useMutation({
    mutationFn: (target: string) =>
      adminApi.json<RebuildStarted>(`/api/admin/projections/${encodeURIComponent(target)}/rebuild`, {
        method: 'POST',
      }),
    onSuccess: ({ rebuild }) => applyRebuild(queryClient, rebuild),
    // Whatever happened (a 409 too), the status shows what runs now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: projectionKeys.all }),
  });
}

/**
 * A rebuild as it is now (a push, or the answer that started it) put into the cached status: it
 * replaces the same rebuild, or goes first; its read models show `rebuilding` while it runs.
 * A rebuild that ended has the status read again (the read models' positions and states changed).
 * A push that says nothing new is dropped: the server repeats the last change it saw (about every
 * second), and each cache update would put off the 5 s status read, which is what notices a
 * rebuild whose process died.
 */
export function applyRebuild(queryClient: QueryClient, rebuild: RebuildView): void {
  const cached = queryClient.getQueryData<ProjectionsOverview>(projectionKeys.all);
  // Nothing shown yet (the page is not open, or its first read failed): its own read brings it.
  if (!cached) return;
  const known = cached.rebuilds.find((r) => r.id === rebuild.id);
  if (known && JSON.stringify(known) === JSON.stringify(rebuild)) return;
  queryClient.setQueryData(projectionKeys.all, withRebuild(cached, rebuild));
  if (rebuild.state !== 'running') void queryClient.invalidateQueries({ queryKey: projectionKeys.all });
}

/** The overview with `rebuild` in its list (newest first) and its read models' states to match. */
export function withRebuild(overview: ProjectionsOverview, rebuild: RebuildView): ProjectionsOverview {
  const known = overview.rebuilds.find((r) => r.id === rebuild.id);
  // A progress push that comes after the outcome (a refetch raced it) does not undo the outcome.
  if (known && known.state !== 'running' && rebuild.state === 'running') return overview;
  const rebuilds = known
    ? overview.rebuilds.map((r) => (r.id === rebuild.id ? rebuild : r))
    : [rebuild, ...overview.rebuilds];
  const projections =
    rebuild.state === 'running'
      ? overview.projections.map((p) =>
          rebuild.projections.includes(p.name) ? { ...p, state: 'rebuilding' as const } : p,
        )
      : overview.projections;
  return { ...overview, rebuilds, projections };
}

/** The rebuild running now, if any (the server runs one at a time). */
export const runningRebuild = (overview: ProjectionsOverview | undefined): RebuildView | undefined =>
  overview?.rebuilds.find((r) => r.state === 'running');
