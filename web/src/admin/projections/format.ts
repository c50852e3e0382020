import type { ProjectionState, RebuildState } from '@shared/operations/constants';
import type { RebuildView } from '@shared/operations/types';
import type { IntlShape } from 'react-intl';
import type { AdminMessageId } from '../i18n';

// What the projections page says about figures: durations humanised in the admin's language
// (Intl's units: "1 min 05 s", "1 h 2 min"), and which message names a read model, a state.

export interface DurationPart {
  unit: 'hour' | 'minute' | 'second';
  value: number;
}

/**
 * A duration as the largest two units that matter: a tenth of a second under 10 s (rebuilds of a
 * small store take that), whole seconds under a minute, minutes and seconds under an hour, then
 * hours and minutes.
 */
export function durationParts(seconds: number): DurationPart[] {
  const total = Math.max(0, seconds);
  if (total < 10) return [{ unit: 'second', value: Math.round(total * 10) / 10 }];
  const whole = Math.round(total);
  if (whole < 60) return [{ unit: 'second', value: whole }];
  const [big, small]: [DurationPart, DurationPart] =
    whole < 3600
      ? [
          { unit: 'minute', value: Math.floor(whole / 60) },
          { unit: 'second', value: whole % 60 },
        ]
      : [
          { unit: 'hour', value: Math.floor(whole / 3600) },
          { unit: 'minute', value: Math.floor((whole % 3600) / 60) },
        ];
  return small.value ? [big, small] : [big];
}

/** A duration in seconds, worded in the admin's language. */
export function formatDuration(intl: IntlShape, seconds: number): string {
  return durationParts(seconds)
    .map((part) =>
      intl.formatNumber(part.value, { style: 'unit', unit: part.unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
    )
    .join(' ');
}

/** What each read model holds, for those this store has (another name shows without one). */
const MODEL_DESCRIPTIONS: Record<string, AdminMessageId> = {
  'admin-users': 'admin.projections.model.admin-users',
  catalogue: 'admin.projections.model.catalogue',
  orders: 'admin.projections.model.orders',
  audit: 'admin.projections.model.audit',
  subscriptions: 'admin.projections.model.subscriptions',
  notes: 'admin.projections.model.notes',
  'shop-legal': 'admin.projections.model.shop-legal',
};

export const modelDescription = (name: string): AdminMessageId | undefined => MODEL_DESCRIPTIONS[name];

export const PROJECTION_STATE_LABELS: Record<ProjectionState, AdminMessageId> = {
  catching_up: 'admin.projections.state.catching_up',
  live: 'admin.projections.state.live',
  rebuilding: 'admin.projections.state.rebuilding',
  failed: 'admin.projections.state.failed',
  stopped: 'admin.projections.state.stopped',
};

export const REBUILD_STATE_LABELS: Record<RebuildState, AdminMessageId> = {
  running: 'admin.projections.rebuildState.running',
  done: 'admin.projections.rebuildState.done',
  failed: 'admin.projections.rebuildState.failed',
};

/** How far a rebuild is, in percent (0–100): the total is an estimate, so never past 100. */
export function rebuildPercent(events: number, totalEvents: number): number {
  if (totalEvents <= 0) return 0;
  return Math.min(100, Math.round((events / totalEvents) * 100));
}

/**
 * How long a finished rebuild took, in seconds: as recorded, else from its start to its end (one
 * cut short by its process dying has an end but no recorded duration).
 */
export function rebuildSeconds(rebuild: Pick<RebuildView, 'durationMs' | 'startedAt' | 'finishedAt'>): number {
  if (rebuild.durationMs !== null) return rebuild.durationMs / 1000;
  if (!rebuild.finishedAt) return 0;
  return Math.max(0, Date.parse(rebuild.finishedAt) - Date.parse(rebuild.startedAt)) / 1000;
}
