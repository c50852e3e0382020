import type { RebuildView } from '@shared/operations/types';
import { useIntl } from 'react-intl';
import { useAdminText } from '../i18n';
import { formatDuration, rebuildSeconds } from './format';
import { rebuildNames, StartedBy } from './RebuildCard';
import { RebuildStateBadge } from './StateBadges';

// The rebuilds before the one shown above, newest first: what each covered, who started it and
// where, and how it ended (duration, events, rows; or its error).

export function RecentRebuilds({ rebuilds }: { rebuilds: RebuildView[] }) {
  const t = useAdminText();
  if (rebuilds.length === 0) return <p className="projections-muted">{t('admin.projections.recentEmpty')}</p>;
  return (
    <ol className="projections-recent" data-testid="rebuilds-recent">
      {rebuilds.map((rebuild) => (
        <li
          key={rebuild.id}
          className="projections-recent-item"
          data-testid="rebuild-recent"
          data-rebuild-id={rebuild.id}
          data-state={rebuild.state}
        >
          <div className="projections-rebuild-head">
            <span className="projections-recent-names">
              {t('admin.projections.rebuildOf', { names: rebuildNames(rebuild) })}
            </span>
            <RebuildStateBadge state={rebuild.state} />
          </div>
          <RecentOutcome rebuild={rebuild} />
          <StartedBy rebuild={rebuild} />
        </li>
      ))}
    </ol>
  );
}

function RecentOutcome({ rebuild }: { rebuild: RebuildView }) {
  const t = useAdminText();
  const intl = useIntl();
  const duration = formatDuration(intl, rebuildSeconds(rebuild));
  if (rebuild.state === 'failed') {
    return (
      <p className="projections-error">
        {t('admin.projections.failedOutcome', { duration, error: rebuild.error ?? '' })}
      </p>
    );
  }
  if (rebuild.state !== 'done') return null;
  const rows = Object.entries(rebuild.rows ?? {});
  return (
    <p>
      {t('admin.projections.outcome', { duration, events: intl.formatNumber(rebuild.events) })}{' '}
      {rows.length > 0 &&
        t('admin.projections.recentRows', {
          count: rows.reduce((sum, [, count]) => sum + count, 0),
          tables: rows.map(([table]) => table).join(', '),
        })}
    </p>
  );
}
