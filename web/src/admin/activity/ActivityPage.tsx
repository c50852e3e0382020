import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { InboxIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/Spinner';
import { StatePanel } from '../../components/ui/StatePanel';
import type { AuditFilter } from '@shared/audit/types';
import { auditCsvPath, auditListQuery } from '../api/audit';
import { usersQuery } from '../api/users';
import { AuditTimeline } from '../history/AuditTimeline';
import { useAdminText } from '../i18n';
import { useAdminDates } from '../ui/dates';
import { ExportButton } from '../ui/list/ExportButton';
import { ListError } from '../ui/list/ListError';
import { ListPageHead } from '../ui/list/ListPageHead';
import { ListSkeleton } from '../ui/list/ListSkeleton';
import { isFiltered, type ActivitySearch } from './activity-search';
import { ActivityFilters } from './ActivityFilters';
import { dayEnd, dayStart, today } from './day-range';

// /admin/activity: the audit trail as a timeline, newest first and grouped by day, filtered by who,
// what, which action, a range of days and free text (all in the URL), 50 entries at a time with
// "Load more", and the CSV of everything the filters keep. Entries other admins cause while the
// page is open come in at the top (the live layer adds them to this list's cache).

const PAGE = 50;

export interface ActivityPageProps {
  search: ActivitySearch;
  /** Moves to other filters (`replace` keeps typing out of the history). */
  onSearch: (next: ActivitySearch, replace?: boolean) => void;
}

export function ActivityPage({ search, onSearch }: ActivityPageProps) {
  const t = useAdminText();
  const { timeZone } = useAdminDates();
  const filters = useMemo(() => serverFilters(search, timeZone), [search, timeZone]);
  const list = useInfiniteQuery(auditListQuery(filters, PAGE));
  const admins = useQuery(usersQuery());
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = isFiltered(search);
  const clear = () => onSearch({});

  return (
    <div className="admin-page" data-testid="activity-page">
      <ListPageHead title={t('admin.activity.title')} subtitle={t('admin.activity.subtitle')}>
        <ExportButton path={auditCsvPath(filters)} fileName="activity.csv" testId="activity-export" />
      </ListPageHead>
      <ActivityFilters search={search} admins={admins.data ?? []} today={today(timeZone)} onChange={onSearch} />
      {filtered && (
        <div>
          <button type="button" className="btn btn-ghost btn-sm" onClick={clear} data-testid="activity-clear">
            {t('admin.activity.clearFilters')}
          </button>
        </div>
      )}
      <section className="card admin-panel" aria-label={t('admin.activity.timeline')} aria-busy={list.isFetching}>
        {list.isPending ? (
          <ListSkeleton rows={6} label={t('admin.activity.loading')} testId="activity-loading" />
        ) : list.isError && !list.data ? (
          <ListError
            text={t('admin.activity.loadFailed')}
            onRetry={() => void list.refetch()}
            testId="activity-error"
          />
        ) : entries.length === 0 ? (
          <StatePanel
            icon={<InboxIcon size={28} />}
            title={t(filtered ? 'admin.activity.empty' : 'admin.activity.emptyAll')}
            text={t(filtered ? 'admin.activity.emptyHint' : 'admin.activity.emptyAllHint')}
            actions={
              filtered && (
                <button type="button" className="btn btn-secondary" onClick={clear}>
                  {t('admin.activity.clearFilters')}
                </button>
              )
            }
            headingLevel={2}
            testId="activity-empty"
          />
        ) : (
          <>
            <AuditTimeline entries={entries} headingLevel={2} testId="activity-timeline" />
            <div className="audit-more">
              {list.hasNextPage ? (
                <button
                  type="button"
                  className="btn btn-secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                  data-testid="activity-more"
                >
                  {list.isFetchingNextPage && <Spinner size="sm" />}
                  {t(list.isFetchingNextPage ? 'admin.activity.loadingMore' : 'admin.activity.loadMore')}
                </button>
              ) : (
                <p className="entity-history-state" data-testid="activity-end">
                  {t('admin.activity.end')}
                </p>
              )}
            </div>
            <p className="visually-hidden" role="status" data-testid="activity-count">
              {t('admin.activity.shown', { count: entries.length })}
            </p>
          </>
        )}
      </section>
    </div>
  );
}

/** The URL's filters as the server takes them: days become the instants they start and end at, in the admin's timezone. */
export function serverFilters(search: ActivitySearch, timeZone: string): AuditFilter {
  const filters: AuditFilter = {};
  if (search.actor) filters.actor = search.actor;
  if (search.entityType) filters.entityType = search.entityType;
  if (search.action) filters.action = search.action;
  if (search.from) filters.from = dayStart(search.from, timeZone).toISOString();
  if (search.to) filters.to = dayEnd(search.to, timeZone).toISOString();
  if (search.search) filters.q = search.search;
  return filters;
}
