import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { REMINDER_STEPS } from '@shared/subscriptions/constants';
import type { AdminSubscriptionPage, ReminderStep, ReminderView, SubscriptionView } from '@shared/subscriptions/types';
import { isRecord } from '../../api/http';
import { adminApi, adminRetry } from './client';
import { subscriptionKeys } from './keys';

// The subscriptions screen's reads and its one write (docs/product.md#subscriptions-screen). The
// live layer calls subscriptionsMoved when an order changes (a delivery moves a row out of
// "awaiting") and puts any admin's reminder on its row (applyReminded).

export interface SubscriptionFilters {
  view: SubscriptionView;
  search: string;
  page: number;
  limit: number;
}

/** A view changes with time alone (a subscription becomes expiring, then expired): it is read again every minute. */
export const SUBSCRIPTIONS_REFRESH_MS = 60_000;

/** The query string of a view or its CSV: the view, then only what narrows it. */
export function subscriptionQueryString(filters: Pick<SubscriptionFilters, 'view'> & Partial<SubscriptionFilters>) {
  const params = new URLSearchParams({ view: filters.view });
  if (filters.search) params.set('search', filters.search);
  if (filters.page) params.set('page', String(filters.page));
  if (filters.limit) params.set('limit', String(filters.limit));
  return `?${params.toString()}`;
}

/** `GET /api/admin/subscriptions`: one page of a view; the page before stays on screen while the next loads. */
export const subscriptionsQuery = (filters: SubscriptionFilters) =>
  queryOptions({
    queryKey: subscriptionKeys.list(filters),
    retry: adminRetry,
    placeholderData: keepPreviousData,
    refetchInterval: SUBSCRIPTIONS_REFRESH_MS,
    queryFn: ({ signal }) =>
      adminApi.json<AdminSubscriptionPage>(`/api/admin/subscriptions${subscriptionQueryString(filters)}`, { signal }),
  });

/** The CSV of every subscription of the view the search matches (not just the page shown). */
export const subscriptionsCsvPath = ({ view, search }: Pick<SubscriptionFilters, 'view' | 'search'>) =>
  `/api/admin/subscriptions.csv${subscriptionQueryString({ view, search })}`;

/** `POST /api/admin/subscriptions/{id}/reminders`: records that the customer was reminded at `step`. */
export const recordReminder = (subscriptionId: string, step: ReminderStep) =>
  adminApi.json<{ message: string; reminder: Omit<ReminderView, 'byName'> }>(
    `/api/admin/subscriptions/${encodeURIComponent(subscriptionId)}/reminders`,
    { method: 'POST', body: { step } },
  );

/** An order changed (placed, paid, delivered): its subscriptions may have moved to another view. */
export function subscriptionsMoved(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
}

/** Whether `reminder` comes after `shown` (as the server orders them: by time, then by step). */
function isLater(reminder: ReminderView, shown: ReminderView | null): boolean {
  if (!shown) return true;
  if (reminder.at !== shown.at) return reminder.at > shown.at;
  return REMINDER_STEPS.indexOf(reminder.step) > REMINDER_STEPS.indexOf(shown.step);
}

/** Puts a reminder on its subscription's row in every cached view, unless a later one shows there already. */
export function showReminder(queryClient: QueryClient, subscriptionId: string, reminder: ReminderView): void {
  queryClient.setQueriesData<AdminSubscriptionPage>(
    { queryKey: subscriptionKeys.lists() },
    (page) =>
      page && {
        ...page,
        subscriptions: page.subscriptions.map((row) =>
          row.id === subscriptionId && isLater(reminder, row.lastReminder) ? { ...row, lastReminder: reminder } : row,
        ),
      },
  );
}

/** `subscription:reminded` (any admin's, this one's too): the row shows who reminded, and when. */
export function applyReminded(queryClient: QueryClient, payload: Record<string, unknown>): void {
  const { subscriptionId, step, at, actor, actorName } = payload;
  if (typeof subscriptionId !== 'string' || typeof at !== 'string' || typeof actor !== 'string') return;
  if (!(REMINDER_STEPS as readonly unknown[]).includes(step)) return;
  const byName = typeof actorName === 'string' ? actorName : actor;
  showReminder(queryClient, subscriptionId, { step: step as ReminderStep, at, by: actor, byName });
}

/** The reminder a 409 `subscriptions.already_reminded` names: who sent that step, and when. */
export function alreadyReminded(body: unknown): ReminderView | null {
  if (!isRecord(body) || body.code !== 'subscriptions.already_reminded' || !isRecord(body.reminder)) return null;
  const { step, at, by, byName } = body.reminder;
  if (!(REMINDER_STEPS as readonly unknown[]).includes(step) || typeof at !== 'string' || typeof by !== 'string')
    return null;
  return { step: step as ReminderStep, at, by, byName: typeof byName === 'string' ? byName : by };
}
