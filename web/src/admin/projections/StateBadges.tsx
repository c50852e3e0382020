import type { ProjectionState, RebuildState } from '@shared/operations/constants';
import { AlertIcon, CheckCircleIcon, ClockIcon, RefreshIcon, XCircleIcon } from '../../components/ui/icons';
import { useAdminText } from '../i18n';
import { PROJECTION_STATE_LABELS, REBUILD_STATE_LABELS } from './format';

// A read model's and a rebuild's state: an icon and a word, never the colour alone.

const PROJECTION_LOOK: Record<ProjectionState, { badge: string; icon: typeof ClockIcon }> = {
  live: { badge: 'badge-success', icon: CheckCircleIcon },
  catching_up: { badge: 'badge-warning', icon: ClockIcon },
  rebuilding: { badge: 'badge-primary', icon: RefreshIcon },
  failed: { badge: 'badge-danger', icon: AlertIcon },
  stopped: { badge: '', icon: XCircleIcon },
};

const REBUILD_LOOK: Record<RebuildState, { badge: string; icon: typeof ClockIcon }> = {
  running: { badge: 'badge-primary', icon: RefreshIcon },
  done: { badge: 'badge-success', icon: CheckCircleIcon },
  failed: { badge: 'badge-danger', icon: AlertIcon },
};

export function ProjectionStateBadge({ state }: { state: ProjectionState }) {
  const t = useAdminText();
  const look = PROJECTION_LOOK[state];
  const Icon = look.icon;
  return (
    <span className={`badge ${look.badge}`} data-state={state} data-testid="projection-state">
      <Icon size={14} />
      {t(PROJECTION_STATE_LABELS[state])}
    </span>
  );
}

export function RebuildStateBadge({ state }: { state: RebuildState }) {
  const t = useAdminText();
  const look = REBUILD_LOOK[state];
  const Icon = look.icon;
  return (
    <span className={`badge ${look.badge}`} data-state={state} data-testid="rebuild-state">
      <Icon size={14} />
      {t(REBUILD_STATE_LABELS[state])}
    </span>
  );
}
