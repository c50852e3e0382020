import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { AUDIT_ACTOR_TYPES } from '@shared/audit/constants';
import type { AuditEntry, AuditFilter, AuditPage } from '@shared/audit/types';
import { adminApi, adminRetry } from './client';

// The audit trail's calls (GET /api/admin/audit, newest first, a cursor for older pages; the CSV of
// the same filters), and how a live push (`auditEntries`) reaches the lists on screen: each cached
// list gets the new entries its filters keep, at its top, without a refetch.

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilter, limit: number) => [...auditKeys.lists(), filters, limit] as const,
};

/** The query string of a list or its CSV: only what narrows it. */
export function auditQueryString(filters: AuditFilter, page: { limit?: number; cursor?: string } = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, ...page }))
    if (value !== undefined && value !== '') params.set(name, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** `GET /api/admin/audit`: pages of `limit`, newest first; "Load more" asks for the next one. */
export const auditListQuery = (filters: AuditFilter, limit: number) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters, limit),
    retry: adminRetry,
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditPage) => last.nextCursor ?? undefined,
    queryFn: ({ pageParam, signal }) =>
      adminApi.json<AuditPage>(`/api/admin/audit${auditQueryString(filters, { limit, cursor: pageParam })}`, {
        signal,
      }),
  });

/** The CSV of every entry the filters keep. */
export const auditCsvPath = (filters: AuditFilter) => `/api/admin/audit.csv${auditQueryString(filters)}`;

/** Whether a list with these filters holds the entry, as the server decides it (queries.ts). */
export function entryMatches(entry: AuditEntry, filters: AuditFilter): boolean {
  if (filters.entityType && entry.entity.type !== filters.entityType) return false;
  if (filters.entityId && entry.entity.id !== filters.entityId) return false;
  if (filters.action && entry.action !== filters.action) return false;
  if (filters.actor) {
    const kind = (AUDIT_ACTOR_TYPES as readonly string[]).includes(filters.actor);
    if ((kind ? entry.actor.type : entry.actor.id) !== filters.actor) return false;
  }
  if (filters.from && entry.at < new Date(filters.from).toISOString()) return false;
  if (filters.to && entry.at > new Date(filters.to).toISOString()) return false;
  const q = filters.q?.trim().toLowerCase();
  if (q) {
    const text = `${entry.entity.label} ${entry.actor.name ?? ''} ${entry.action} ${entry.entity.id}`.toLowerCase();
    if (!text.includes(q)) return false;
  }
  return true;
}

/** Entries pushed live in the last moments: the screens mark them (a short highlight) once. */
const freshUntil = new Map<string, number>();
const FRESH_MS = 10_000;

export function isFreshEntry(id: string): boolean {
  const until = freshUntil.get(id);
  return until !== undefined && until > Date.now();
}

/** A live push: each audit list on screen gets, at its top, the new entries its filters keep. */
export function applyAuditEntries(queryClient: QueryClient, entries: AuditEntry[]): void {
  const now = Date.now();
  for (const [id, until] of freshUntil) if (until <= now) freshUntil.delete(id);
  for (const entry of entries) freshUntil.set(entry.id, now + FRESH_MS);
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<AuditPage>>({ queryKey: auditKeys.lists() })) {
    const filters = key[3] as AuditFilter | undefined;
    const first = data?.pages[0];
    if (!data || !first || !filters) continue;
    const known = new Set(data.pages.flatMap((page) => page.entries.map((entry) => entry.id)));
    const added = entries.filter((entry) => !known.has(entry.id) && entryMatches(entry, filters));
    if (!added.length) continue;
    queryClient.setQueryData<InfiniteData<AuditPage>>(key, {
      ...data,
      pages: [{ ...first, entries: [...added, ...first.entries] }, ...data.pages.slice(1)],
    });
  }
}
