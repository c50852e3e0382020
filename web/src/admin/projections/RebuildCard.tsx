import type { RebuildView } from '@shared/operations/types';
import { useIntl } from 'react-intl';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { formatDuration, rebuildPercent, rebuildSeconds } from './format';
import { RebuildStateBadge } from './StateBadges';

// One rebuild as the page shows it, whoever started it (an admin, the command line) and wherever
// it runs: while it runs, a progress bar (events replayed over the estimate, the rate, the time
// left); once done, how long it took, the events replayed and the rows of each new table; failed,
// its error in full. Updated by the live layer about twice a second.

/** "orders, audit": the read models a rebuild covers. */
export const rebuildNames = (rebuild: RebuildView) => rebuild.projections.join(', ');

export function RebuildCard({ rebuild }: { rebuild: RebuildView }) {
  const t = useAdminText();
  return (
    <div
      className="projections-rebuild"
      data-testid="rebuild-current"
      data-state={rebuild.state}
      data-rebuild-id={rebuild.id}
    >
      <div className="projections-rebuild-head">
        <h3 className="projections-rebuild-title">
          {t('admin.projections.rebuildOf', { names: rebuildNames(rebuild) })}
        </h3>
        <RebuildStateBadge state={rebuild.state} />
      </div>
      {rebuild.state === 'running' && <RebuildProgress rebuild={rebuild} />}
      {rebuild.state === 'done' && <RebuildOutcome rebuild={rebuild} />}
      {rebuild.state === 'failed' && <RebuildFailure rebuild={rebuild} />}
      <StartedBy rebuild={rebuild} />
    </div>
  );
}

function RebuildProgress({ rebuild }: { rebuild: RebuildView }) {
  const t = useAdminText();
  const intl = useIntl();
  const percent = rebuildPercent(rebuild.events, rebuild.totalEvents);
  const progress = t('admin.projections.progressText', {
    events: intl.formatNumber(rebuild.events),
    total: intl.formatNumber(rebuild.totalEvents),
  });
  return (
    <div className="projections-progress-block">
      <div
        className="projections-progress"
        role="progressbar"
        aria-label={t('admin.projections.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${intl.formatNumber(percent / 100, { style: 'percent' })}, ${progress}`}
        data-testid="rebuild-progress"
      >
        <div className="projections-progress-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="projections-progress-text" data-testid="rebuild-progress-text">
        <span>{progress}</span>{' '}
        <span>{t('admin.projections.rate', { rate: intl.formatNumber(Math.round(rebuild.rate)) })}</span>{' '}
        <span>
          {rebuild.etaSeconds === null
            ? t('admin.projections.etaUnknown')
            : t('admin.projections.eta', { eta: formatDuration(intl, rebuild.etaSeconds) })}
        </span>
      </p>
    </div>
  );
}

function RebuildOutcome({ rebuild }: { rebuild: RebuildView }) {
  const t = useAdminText();
  const intl = useIntl();
  return (
    <div className="projections-outcome" data-testid="rebuild-outcome">
      <p>
        {t('admin.projections.outcome', {
          duration: formatDuration(intl, rebuildSeconds(rebuild)),
          events: intl.formatNumber(rebuild.events),
        })}
      </p>
      {rebuild.rows && <RowsTable rows={rebuild.rows} />}
    </div>
  );
}

function RowsTable({ rows }: { rows: Record<string, number> }) {
  const t = useAdminText();
  const intl = useIntl();
  return (
    <table className="projections-rows" data-testid="rebuild-rows">
      <caption>{t('admin.projections.rowsTable')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('admin.projections.rowsTableName')}</th>
          <th scope="col" className="cell-num">
            {t('admin.projections.rowsCount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(rows).map(([table, count]) => (
          <tr key={table} data-table={table}>
            <th scope="row">
              <code dir="ltr">{table}</code>
            </th>
            <td className="cell-num">{intl.formatNumber(count)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RebuildFailure({ rebuild }: { rebuild: RebuildView }) {
  const t = useAdminText();
  const intl = useIntl();
  return (
    <p className="projections-error" data-testid="rebuild-error">
      {t('admin.projections.failedOutcome', {
        duration: formatDuration(intl, rebuildSeconds(rebuild)),
        error: rebuild.error ?? '',
      })}
    </p>
  );
}

/** Who started it (an admin's name, or the command line), on which instance, and when. */
export function StartedBy({ rebuild }: { rebuild: RebuildView }) {
  const t = useAdminText();
  const dates = useAdminDates();
  return (
    <p className="projections-muted" data-testid="rebuild-started-by">
      {t('admin.projections.startedBy', {
        who: rebuild.startedBy?.name ?? t('admin.projections.commandLine'),
        instance: rebuild.instance,
        at: dates.dateTime(rebuild.startedAt),
      })}
    </p>
  );
}
