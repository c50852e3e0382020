import type { DateFormat } from '@shared/identity/constants';
import { westernDigits } from '@shared/text/constants';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_REGION, useMySettings } from '../api/settings';

// Every date and time the back office shows, in the signed-in admin's timezone and date format
// (Settings > Language & Region; the defaults Africa/Algiers and DD/MM/YYYY until they are loaded).
// The day, month and year are read in the timezone with Intl and put in the chosen order with
// two-digit days and months; weekdays and times are worded in the admin's language.

export type DateInput = string | number | Date;

export interface AdminDates {
  timeZone: string;
  dateFormat: DateFormat;
  /** 05/03/2026, 03/05/2026 or 2026-03-05; `weekday` puts the day's name first ("Thursday 05/03/2026"). */
  date(value: DateInput, options?: { weekday?: boolean }): string;
  /** The date and the time: "05/03/2026 14:05" (the time as the admin's language writes it). */
  dateTime(value: DateInput, options?: { weekday?: boolean }): string;
  /** The time of day: "2:05 PM", "14:05". */
  time(value: DateInput): string;
  /** The hour (0–23) in the admin's timezone: what the dashboard's greeting goes by. */
  hour(value: DateInput): number;
  /**
   * A calendar day given as YYYY-MM-DD (the shop's days, as the dashboard's revenue has them):
   * in the chosen order, as it is (no timezone applies to a day); `short` leaves out the year.
   */
  day(isoDay: string, options?: { short?: boolean }): string;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

interface Parts {
  year: string;
  month: string;
  day: string;
}

/** Day, month and year in the chosen order. */
export function arrange({ year, month, day }: Parts, format: DateFormat, short = false): string {
  switch (format) {
    case 'DD/MM/YYYY':
      return short ? `${day}/${month}` : `${day}/${month}/${year}`;
    case 'MM/DD/YYYY':
      return short ? `${month}/${day}` : `${month}/${day}/${year}`;
    case 'YYYY-MM-DD':
      return short ? `${month}-${day}` : `${year}-${month}-${day}`;
  }
}

/**
 * A day typed in the admin's date format ("05/03/2026"; any of / - . between, Arabic digits too), as
 * YYYY-MM-DD, or undefined when it is not a day of the calendar.
 */
export function readDay(text: string, format: DateFormat): string | undefined {
  const numbers = westernDigits(text)
    .trim()
    .split(/\s*[/.-]\s*/);
  if (numbers.length !== 3 || numbers.some((n) => !/^\d{1,4}$/.test(n))) return undefined;
  const [a, b, c] = numbers as [string, string, string];
  const [year, month, day] = format === 'YYYY-MM-DD' ? [a, b, c] : format === 'MM/DD/YYYY' ? [c, a, b] : [c, b, a];
  if (year.length !== 4) return undefined;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : undefined;
}

/**
 * The formatters of one language (its Intl tag: Latin digits everywhere), timezone and date format.
 * Pure, so tests can run it in any zone.
 */
export function adminDates(intlLocale: string, timeZone: string, dateFormat: DateFormat): AdminDates {
  // Numbers only, so a fixed locale: 4-digit year, 2-digit month and day, Latin digits.
  const numeric = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  });
  const weekday = new Intl.DateTimeFormat(intlLocale, { timeZone, weekday: 'long' });
  const clock = new Intl.DateTimeFormat(intlLocale, { timeZone, timeStyle: 'short' });
  const partsOf = (value: DateInput) => {
    const parts = Object.fromEntries(numeric.formatToParts(toDate(value)).map((part) => [part.type, part.value]));
    return parts as Record<'year' | 'month' | 'day' | 'hour', string>;
  };
  const date = (value: DateInput, options?: { weekday?: boolean }) => {
    const text = arrange(partsOf(value), dateFormat);
    return options?.weekday ? `${weekday.format(toDate(value))} ${text}` : text;
  };
  return {
    timeZone,
    dateFormat,
    date,
    dateTime: (value, options) => `${date(value, options)} ${clock.format(toDate(value))}`,
    time: (value) => clock.format(toDate(value)),
    hour: (value) => Number(partsOf(value).hour) % 24,
    day: (isoDay, options) => {
      const [year = '', month = '', day = ''] = isoDay.slice(0, 10).split('-');
      return arrange({ year, month, day }, dateFormat, options?.short);
    },
  };
}

/** The signed-in admin's date formatters (they follow a change of settings or of language at once). */
export function useAdminDates(): AdminDates {
  const { locale } = useIntl();
  const settings = useMySettings()?.settings;
  const timeZone = settings?.timezone ?? DEFAULT_REGION.timezone;
  const dateFormat = settings?.dateFormat ?? DEFAULT_REGION.dateFormat;
  return useMemo(() => adminDates(locale, timeZone, dateFormat), [locale, timeZone, dateFormat]);
}
