import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ageOf } from '../dashboard/time';
import { useAdminText } from '../i18n';
import { dueDay } from './reminder';

// Times as the subscriptions screen words them, in the admin's language: how long ago a reminder
// was sent ("3 minutes ago"), and where a subscription's end stands ("in 3 days", "today",
// "ended 2 days ago"), by calendar days in the admin's timezone.

/** "3 minutes ago", "yesterday": minutes under an hour, hours under a day, else days. */
export function useAgo(): (at: string, now: Date) => string {
  const intl = useIntl();
  return useCallback(
    (at, now) => {
      const age = ageOf(new Date(at), now);
      return intl.formatRelativeTime(-age.value, age.unit, { numeric: 'auto' });
    },
    [intl],
  );
}

/** "in 3 days", "tomorrow", "today", "ended today", "ended 2 days ago". */
export function useDaysLeft(): (endsAt: string, now: Date, timeZone: string) => string {
  const intl = useIntl();
  const t = useAdminText();
  return useCallback(
    (endsAt, now, timeZone) => {
      const { ended, days } = dueDay(endsAt, now, timeZone);
      if (!ended) return intl.formatRelativeTime(days, 'day', { numeric: 'auto' });
      return t('admin.subscriptions.ended', { when: intl.formatRelativeTime(-days, 'day', { numeric: 'auto' }) });
    },
    [intl, t],
  );
}

/** The worklist's heading of a row's day: "In 7 days" … "Tomorrow", "Today", "Ended yesterday", "Ended 3 days ago". */
export function useDueHeading(): (endsAt: string, now: Date, timeZone: string) => string {
  const t = useAdminText();
  return useCallback(
    (endsAt, now, timeZone) => {
      const { ended, days } = dueDay(endsAt, now, timeZone);
      return t(ended ? 'admin.subscriptions.due.ended' : 'admin.subscriptions.due.ahead', { days });
    },
    [t],
  );
}
