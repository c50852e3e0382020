import { useEffect, useState } from 'react';

// The dashboard's clock (docs/product.md#dashboard): the greeting by time of day, the clock refreshed every 60 s, and an order's age
// in minutes under an hour, hours under 1,440 minutes, else days.

export const CLOCK_REFRESH_MS = 60_000;

export type TimeOfDay = 'morning' | 'afternoon' | 'evening';

/** Morning before 12, afternoon before 18, else evening (by `hourOf`: the admin's timezone, else the browser's). */
export function timeOfDay(date: Date, hourOf: (date: Date) => number = (d) => d.getHours()): TimeOfDay {
  const hour = hourOf(date);
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/** How long ago `then` was, in minutes under an hour, hours under a day, else days (whole units, rounded down). */
export function ageOf(then: Date, now: Date): { value: number; unit: 'minute' | 'hour' | 'day' } {
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  if (minutes < 1440) return { value: Math.floor(minutes / 60), unit: 'hour' };
  return { value: Math.floor(minutes / 1440), unit: 'day' };
}

/** The current time, refreshed every 60 s. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
