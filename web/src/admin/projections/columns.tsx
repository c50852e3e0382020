import type { ProjectionStatusView } from '@shared/operations/types';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { RefreshIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { formatDuration, modelDescription } from './format';
import { ProjectionStateBadge } from './StateBadges';

// The read models' table (issue 16): each one's name and what it holds, its state (the error in
// full when it failed), its position in the log, how far behind the head it is (events, and the
// age of the oldest event it has not applied), the instance running it, and its Rebuild button.

const column = createColumnHelper<ProjectionStatusView>();

export interface ProjectionColumnsOptions {
  /** Set while a rebuild runs (one at a time): the buttons say why they do nothing (its id). */
  busyReasonId: string | undefined;
  onRebuild: (name: string) => void;
}

export function useProjectionColumns({ busyReasonId, onRebuild }: ProjectionColumnsOptions) {
  const t = useAdminText();
  const intl = useIntl();
  return useMemo(
    () => [
      column.accessor('name', {
        header: () => t('admin.projections.column.name'),
        cell: ({ getValue }) => {
          const description = modelDescription(getValue());
          return (
            <span className="projections-name">
              <bdi className="projections-name-id" data-testid="projection-name">
                {getValue()}
              </bdi>
              {description && <span className="projections-name-text">{t(description)}</span>}
            </span>
          );
        },
      }),
      column.accessor('state', {
        header: () => t('admin.projections.column.state'),
        cell: ({ row }) => (
          <span className="projections-state">
            <ProjectionStateBadge state={row.original.state} />
            {row.original.error && (
              <span className="projections-error" data-testid="projection-error">
                {t('admin.projections.error', { error: row.original.error })}
              </span>
            )}
          </span>
        ),
      }),
      column.accessor('position', {
        header: () => t('admin.projections.column.position'),
        meta: { align: 'num' },
        cell: ({ getValue }) => (
          <code className="projections-position" dir="ltr" data-testid="projection-position">
            {getValue()}
          </code>
        ),
      }),
      column.accessor('behindEvents', {
        header: () => t('admin.projections.column.behind'),
        meta: { align: 'num' },
        cell: ({ getValue }) => (
          <span data-testid="projection-behind">{t('admin.projections.behindEvents', { count: getValue() })}</span>
        ),
      }),
      column.accessor('lagSeconds', {
        header: () => t('admin.projections.column.lag'),
        meta: { align: 'num' },
        cell: ({ getValue }) => (
          <span data-testid="projection-lag">
            {getValue() > 0 ? formatDuration(intl, getValue()) : t('admin.projections.lagNone')}
          </span>
        ),
      }),
      column.accessor('instance', {
        header: () => t('admin.projections.column.instance'),
        cell: ({ getValue }) => {
          const instance = getValue();
          return instance ? (
            <code dir="ltr" data-testid="projection-instance">
              {instance}
            </code>
          ) : (
            <span className="projections-muted" data-testid="projection-instance">
              {t('admin.projections.noInstance')}
            </span>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('admin.list.actions')}</span>,
        meta: { align: 'actions' },
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={t('admin.projections.rebuildOne', { name: row.original.name })}
            aria-disabled={busyReasonId ? true : undefined}
            aria-describedby={busyReasonId}
            onClick={() => !busyReasonId && onRebuild(row.original.name)}
            data-testid="projection-rebuild"
          >
            <RefreshIcon size={16} />
            {t('admin.projections.rebuild')}
          </button>
        ),
      }),
    ],
    [t, intl, busyReasonId, onRebuild],
  );
}
