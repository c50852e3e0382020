// The admin picks days; the server takes instants. A day in the admin's timezone (Settings >
// Language & Region) starts at its local midnight, which is another UTC time in each zone (and on
// daylight-saving days moves): worked out with Intl, no date library.

/** How far ahead of UTC the zone is at `time` (ms). */
function zoneOffset(time: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(time))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour % 24, parts.minute, parts.second);
  return asUtc - (time - (((time % 1000) + 1000) % 1000));
}

/** The instant a day (YYYY-MM-DD) starts in `timeZone`. */
export function dayStart(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date);
  let start = midnightUtc - zoneOffset(midnightUtc, timeZone);
  // The offset at the guess may differ from the one at the real start (a change of offset that day).
  const again = midnightUtc - zoneOffset(start, timeZone);
  if (again !== start) start = again;
  return new Date(start);
}

/** The last millisecond of a day in `timeZone` (the server's `to` is inclusive). */
export function dayEnd(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return new Date(dayStart(next, timeZone).getTime() - 1);
}

/** Today in `timeZone`, as YYYY-MM-DD (the date inputs' latest day). */
export function today(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
