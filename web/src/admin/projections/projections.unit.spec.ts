import { QueryClient } from '@tanstack/react-query';
import type { ProjectionsOverview, RebuildView } from '@shared/operations/types';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { applyRebuild, runningRebuild, withRebuild } from '../api/projections';
import { projectionKeys } from '../api/keys';
import { durationParts, formatDuration, rebuildPercent, rebuildSeconds } from './format';

// The projections page's figures (durations, progress) and how a pushed rebuild reaches the
// cached status: replacing itself, or going first, with its read models shown as rebuilding.

const rebuild = (changes: Partial<RebuildView> = {}): RebuildView => ({
  id: 'r1',
  projections: ['orders'],
  state: 'running',
  origin: 'admin',
  startedBy: { id: 'a1', name: 'Amina' },
  instance: 'host:1',
  startedAt: '2026-11-24T10:00:00.000Z',
  events: 100,
  totalEvents: 400,
  rate: 50,
  etaSeconds: 6,
  finishedAt: null,
  durationMs: null,
  rows: null,
  error: null,
  ...changes,
});

const overview = (rebuilds: RebuildView[] = []): ProjectionsOverview => ({
  head: '10/10',
  projections: [
    { name: 'orders', state: 'live', position: '10/10', behindEvents: 0, lagSeconds: 0, error: null, instance: 'h:1' },
    { name: 'audit', state: 'live', position: '10/10', behindEvents: 0, lagSeconds: 0, error: null, instance: 'h:1' },
  ],
  rebuilds,
});

describe('durations', () => {
  it('keeps a tenth of a second under 10 s, whole seconds under a minute, then two units', () => {
    expect(durationParts(0)).toEqual([{ unit: 'second', value: 0 }]);
    expect(durationParts(2.345)).toEqual([{ unit: 'second', value: 2.3 }]);
    expect(durationParts(42.6)).toEqual([{ unit: 'second', value: 43 }]);
    expect(durationParts(65)).toEqual([
      { unit: 'minute', value: 1 },
      { unit: 'second', value: 5 },
    ]);
    expect(durationParts(120)).toEqual([{ unit: 'minute', value: 2 }]);
    expect(durationParts(3600 * 2 + 60 * 3 + 59)).toEqual([
      { unit: 'hour', value: 2 },
      { unit: 'minute', value: 3 },
    ]);
    expect(durationParts(-5)).toEqual([{ unit: 'second', value: 0 }]);
  });

  it('are worded in the language, Latin digits in Arabic', () => {
    expect(formatDuration(createIntl({ locale: 'en' }), 65)).toBe('1 min 5 sec');
    expect(formatDuration(createIntl({ locale: 'fr' }), 65)).toMatch(/^1\smin\s5\ss$/);
    expect(formatDuration(createIntl({ locale: 'ar-DZ-u-nu-latn' }), 65)).toMatch(/^1\D+5\D+$/);
  });
});

describe('rebuild progress', () => {
  it('took its recorded duration, else from its start to its end', () => {
    expect(rebuildSeconds(rebuild({ durationMs: 2500 }))).toBe(2.5);
    expect(rebuildSeconds(rebuild({ finishedAt: '2026-11-24T10:00:03.500Z' }))).toBe(3.5);
    expect(rebuildSeconds(rebuild())).toBe(0);
  });

  it('is a percentage of the estimate, never past 100', () => {
    expect(rebuildPercent(100, 400)).toBe(25);
    expect(rebuildPercent(500, 400)).toBe(100);
    expect(rebuildPercent(0, 0)).toBe(0);
  });

  it('puts a new rebuild first and marks its read models rebuilding', () => {
    const older = rebuild({ id: 'r0', state: 'done' });
    const next = withRebuild(overview([older]), rebuild());
    expect(next.rebuilds.map((r) => r.id)).toEqual(['r1', 'r0']);
    expect(next.projections.map((p) => [p.name, p.state])).toEqual([
      ['orders', 'rebuilding'],
      ['audit', 'live'],
    ]);
    expect(runningRebuild(next)?.id).toBe('r1');
  });

  it('replaces the same rebuild with its progress, then its outcome', () => {
    const started = overview([rebuild()]);
    const later = withRebuild(started, rebuild({ events: 300 }));
    expect(later.rebuilds).toHaveLength(1);
    expect(later.rebuilds[0]!.events).toBe(300);
    const done = withRebuild(later, rebuild({ state: 'done', events: 400, rows: { orders: 12 } }));
    expect(done.rebuilds[0]!.state).toBe('done');
    expect(runningRebuild(done)).toBeUndefined();
  });

  it('keeps an outcome over a late progress of the same rebuild', () => {
    const done = overview([rebuild({ state: 'done', events: 400 })]);
    expect(withRebuild(done, rebuild({ events: 390 })).rebuilds[0]!.state).toBe('done');
  });

  it('reaches the cached status from a push, which reads it again once the rebuild ended', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(projectionKeys.all, overview());
    applyRebuild(queryClient, rebuild());
    expect(queryClient.getQueryData<ProjectionsOverview>(projectionKeys.all)!.rebuilds[0]!.id).toBe('r1');
    expect(queryClient.getQueryState(projectionKeys.all)!.isInvalidated).toBe(false);
    applyRebuild(queryClient, rebuild({ state: 'done' }));
    expect(queryClient.getQueryState(projectionKeys.all)!.isInvalidated).toBe(true);
  });

  it('leaves a status never read alone (the page reads it itself)', () => {
    const queryClient = new QueryClient();
    applyRebuild(queryClient, rebuild({ state: 'done' }));
    expect(queryClient.getQueryState(projectionKeys.all)).toBeUndefined();
  });

  it('drops a push that says nothing new (the server repeats its last change)', () => {
    const queryClient = new QueryClient();
    const done = rebuild({ state: 'done' });
    queryClient.setQueryData(projectionKeys.all, overview([done]));
    const updatedAt = queryClient.getQueryState(projectionKeys.all)!.dataUpdatedAt;
    applyRebuild(queryClient, { ...done });
    expect(queryClient.getQueryState(projectionKeys.all)!.dataUpdatedAt).toBe(updatedAt);
    expect(queryClient.getQueryState(projectionKeys.all)!.isInvalidated).toBe(false);
  });
});
