// How long a subscription runs (docs/product.md#subscriptions, docs/product.md#renewals): shared by
// the deliveries' rules and the subscriptions read model, which extends a renewed subscription.
// Pure: the time is always given.

const MONTHS = /^(\d+) months?$/;

/**
 * When a subscription of `duration` started at `startsAt` ends: plus the months on the calendar (a
 * month from 31 January ends on the last day of February), 'free trial' plus the trial's length,
 * 'life time' (or a duration the store does not know) never: null.
 */
export function endOf(duration: string, startsAt: string, trialLengthMs: number): string | null {
  const start = new Date(startsAt);
  if (duration === 'free trial') return new Date(start.getTime() + trialLengthMs).toISOString();
  const months = MONTHS.exec(duration);
  if (!months) return null;
  return addCalendarMonths(start, Number(months[1])).toISOString();
}

function addCalendarMonths(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

/**
 * The end of a subscription that ended (or ends) at `previousEnd`, renewed by a payment at `paidAt`
 * for `duration`: the bought months are added to the old end while it has not come, else to the
 * payment's time — time already paid for is never lost, time past is never charged.
 */
export function renewedEnd(
  previousEnd: string,
  paidAt: string,
  duration: string,
  trialLengthMs: number,
): string | null {
  const from = Date.parse(previousEnd) > Date.parse(paidAt) ? previousEnd : paidAt;
  return endOf(duration, from, trialLengthMs);
}
