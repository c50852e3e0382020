import { ALL_PROJECTIONS } from '@shared/operations/constants';
import type { ProjectionsOverview } from '@shared/operations/types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { InboxIcon, RefreshIcon } from '../../components/ui/icons';
import { StatePanel } from '../../components/ui/StatePanel';
import { toast } from '../../components/ui/toast';
import { failureMessage } from '../api/client';
import { projectionsQuery, runningRebuild, useStartRebuild } from '../api/projections';
import { useAdminText } from '../i18n';
import { ConfirmModal } from '../ui/ConfirmModal';
import { DataTable } from '../ui/list/DataTable';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { useProjectionColumns } from './columns';
import { modelDescription } from './format';
import { RebuildCard } from './RebuildCard';
import { RecentRebuilds } from './RecentRebuilds';
import './projections.css';

/** The id of the line saying why the rebuild buttons do nothing while one runs. */
const BUSY_REASON_ID = 'projections-busy-reason';

/**
 * /admin/projections (issue 16, "Projection operations"): each read model's state, position and
 * lag, the instance running it, and rebuilds (one read model or all, one at a time) with their
 * progress and outcome. The same code as `npm run projections`, so a rebuild started there shows
 * here (live, through projectionRebuild); the status is read again every 5 s while the page shows.
 */
export function ProjectionsPage() {
  const t = useAdminText();
  const status = useQuery(projectionsQuery());
  const start = useStartRebuild(useQueryClient());
  const [target, setTarget] = useState<string | null>(null);
  const running = runningRebuild(status.data);
  const busy = Boolean(running) || start.isPending;
  const onRebuild = useCallback((name: string) => setTarget(name), []);
  const columns = useProjectionColumns({ busyReasonId: busy ? BUSY_REASON_ID : undefined, onRebuild });

  const confirm = () => {
    if (!target) return;
    start.mutate(target, {
      onSuccess: ({ rebuild }) =>
        toast.success(t('admin.projections.started', { names: rebuild.projections.join(', ') })),
      // A 409 names the rebuild already running (started elsewhere meanwhile): the server's words.
      onError: (error) => toast.error(failureMessage(error, t('admin.projections.startFailed'))),
      onSettled: () => setTarget(null),
    });
  };

  return (
    <div className="admin-page admin-projections" data-testid="projections-page">
      <ListPageHead
        title={t('admin.projections.title')}
        subtitle={status.data && <Subtitle head={status.data.head} />}
        subtitleTestId="projections-head"
      >
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={busy || !status.data ? true : undefined}
          aria-describedby={busy ? BUSY_REASON_ID : undefined}
          onClick={() => !busy && status.data && setTarget(ALL_PROJECTIONS)}
          data-testid="projections-rebuild-all"
        >
          <RefreshIcon size={18} />
          {t('admin.projections.rebuildAll')}
        </button>
      </ListPageHead>
      {busy && (
        <p id={BUSY_REASON_ID} className="projections-busy" data-testid="projections-busy-reason">
          {t('admin.projections.busyReason')}
        </p>
      )}
      <section className="card admin-panel admin-list" aria-label={t('admin.projections.table')}>
        {status.isPending ? (
          <ProjectionsSkeleton />
        ) : status.isError && !status.data ? (
          <ListError
            text={t('admin.projections.loadFailed')}
            onRetry={() => void status.refetch()}
            testId="projections-error"
          />
        ) : (
          <DataTable
            label={t('admin.projections.table')}
            columns={columns}
            rows={status.data.projections}
            rowId={(projection) => projection.name}
            empty={
              <StatePanel
                icon={<InboxIcon size={28} />}
                title={t('admin.projections.empty')}
                text={t('admin.projections.emptyText')}
                testId="projections-empty"
              />
            }
            testId="projections-table"
          />
        )}
      </section>
      {status.data && <Rebuilds overview={status.data} />}
      <ConfirmRebuild
        target={target}
        overview={status.data}
        busy={start.isPending}
        onClose={() => setTarget(null)}
        onConfirm={confirm}
      />
    </div>
  );
}

function Subtitle({ head }: { head: string }) {
  const t = useAdminText();
  return <>{t('admin.projections.subtitle', { head })}</>;
}

/** The running rebuild (else the last one) in full, then the ones before it. */
function Rebuilds({ overview }: { overview: ProjectionsOverview }) {
  const t = useAdminText();
  const featured = runningRebuild(overview) ?? overview.rebuilds[0];
  const others = overview.rebuilds.filter((rebuild) => rebuild !== featured);
  return (
    <div className="projections-rebuilds">
      <section className="card admin-panel" aria-labelledby="projections-current-title">
        <h2 className="admin-panel-title" id="projections-current-title">
          {t('admin.projections.current')}
        </h2>
        {featured ? (
          <RebuildCard rebuild={featured} />
        ) : (
          <p className="projections-muted" data-testid="rebuild-none">
            {t('admin.projections.noRebuild')}
          </p>
        )}
      </section>
      <section className="card admin-panel" aria-labelledby="projections-recent-title">
        <h2 className="admin-panel-title" id="projections-recent-title">
          {t('admin.projections.recent')}
        </h2>
        <RecentRebuilds rebuilds={others} />
      </section>
    </div>
  );
}

interface ConfirmRebuildProps {
  /** A read model's name, or `all`; null while closed. */
  target: string | null;
  overview: ProjectionsOverview | undefined;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** What a rebuild does, before it starts: the store serves from the current tables until the swap. */
function ConfirmRebuild({ target, overview, busy, onClose, onConfirm }: ConfirmRebuildProps) {
  const t = useAdminText();
  const all = target === ALL_PROJECTIONS;
  const description = target && !all ? modelDescription(target) : undefined;
  const names = (overview?.projections ?? []).map((p) => p.name).join(', ');
  return (
    <ConfirmModal
      open={target !== null}
      onClose={onClose}
      title={
        all ? t('admin.projections.confirmTitleAll') : t('admin.projections.confirmTitleOne', { name: target ?? '' })
      }
      confirmLabel={t('admin.projections.confirm')}
      busyLabel={t('admin.projections.starting')}
      busy={busy}
      onConfirm={onConfirm}
      testId="projections-confirm"
    >
      <p>
        {all
          ? t('admin.projections.confirmWhatAll', { names })
          : t('admin.projections.confirmWhatOne', {
              name: target ?? '',
              description: description ? t(description) : (target ?? ''),
            })}
      </p>
      <p>{t('admin.projections.confirmServing')}</p>
      <p>{t('admin.projections.confirmOneAtATime')}</p>
    </ConfirmModal>
  );
}

/** While the status loads (the route's pending view too). */
export function ProjectionsSkeleton() {
  const t = useAdminText();
  return <ListSkeleton rows={4} label={t('admin.projections.loading')} testId="projections-loading" />;
}
