import { describe, expect, it } from 'vitest';
import { ageOf, timeOfDay } from './time';

const at = (hours: number, minutes = 0) => new Date(2025, 0, 15, hours, minutes);

describe('the dashboard greeting', () => {
  it('says morning before 12, afternoon before 18, evening after', () => {
    expect(timeOfDay(at(0))).toBe('morning');
    expect(timeOfDay(at(11, 59))).toBe('morning');
    expect(timeOfDay(at(12))).toBe('afternoon');
    expect(timeOfDay(at(17, 59))).toBe('afternoon');
    expect(timeOfDay(at(18))).toBe('evening');
    expect(timeOfDay(at(23, 59))).toBe('evening');
  });
});

describe("a recent order's age", () => {
  const now = new Date('2025-01-15T12:00:00Z');
  const ago = (minutes: number) => ageOf(new Date(now.getTime() - minutes * 60_000), now);

  it('is in minutes under 60, hours under 1440 minutes, else days', () => {
    expect(ago(0)).toEqual({ value: 0, unit: 'minute' });
    expect(ago(59)).toEqual({ value: 59, unit: 'minute' });
    expect(ago(60)).toEqual({ value: 1, unit: 'hour' });
    expect(ago(1439)).toEqual({ value: 23, unit: 'hour' });
    expect(ago(1440)).toEqual({ value: 1, unit: 'day' });
    expect(ago(10 * 1440 + 5)).toEqual({ value: 10, unit: 'day' });
  });

  it('is never negative when the clocks disagree', () => {
    expect(ago(-3)).toEqual({ value: 0, unit: 'minute' });
  });
});

describe("the greeting in the admin's timezone", () => {
  it('goes by the hour where the admin is, not where the browser is', async () => {
    const { adminDates } = await import('../ui/dates');
    const lateInLondon = new Date('2026-03-04T23:30:00Z');
    expect(timeOfDay(lateInLondon, adminDates('en', 'Europe/Paris', 'DD/MM/YYYY').hour)).toBe('morning');
    expect(timeOfDay(lateInLondon, adminDates('en', 'Europe/London', 'DD/MM/YYYY').hour)).toBe('evening');
    expect(timeOfDay(new Date('2026-03-04T17:30:00Z'), adminDates('en', 'America/New_York', 'DD/MM/YYYY').hour)).toBe(
      'afternoon',
    );
  });
});
