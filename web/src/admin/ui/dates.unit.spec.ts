import { DATE_FORMATS, TIMEZONES, type DateFormat, type Timezone } from '@shared/identity/constants';
import { describe, expect, it } from 'vitest';
import { adminDates, arrange, readDay } from './dates';

// The back office's dates in the admin's timezone and date format, whatever zone the browser is in.

/** Spaces as people read them (Intl puts narrow no-break spaces before AM/PM). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the date formats', () => {
  const parts = { year: '2026', month: '03', day: '05' };

  it.each<[DateFormat, string, string]>([
    ['DD/MM/YYYY', '05/03/2026', '05/03'],
    ['MM/DD/YYYY', '03/05/2026', '03/05'],
    ['YYYY-MM-DD', '2026-03-05', '03-05'],
  ])('%s puts day, month and year in its order', (format, full, short) => {
    expect(arrange(parts, format)).toBe(full);
    expect(arrange(parts, format, true)).toBe(short);
    const dates = adminDates('en', 'Africa/Algiers', format);
    expect(dates.date('2026-03-05T10:00:00.000Z')).toBe(full);
    expect(dates.day('2026-03-05')).toBe(full);
    expect(dates.day('2026-03-05', { short: true })).toBe(short);
  });

  it('pads days and months to two digits and keeps Latin digits in Arabic', () => {
    const dates = adminDates('ar-DZ-u-nu-latn', 'Africa/Algiers', 'DD/MM/YYYY');
    expect(dates.date('2026-01-02T12:00:00.000Z')).toBe('02/01/2026');
    expect(dates.time('2026-01-02T12:00:00.000Z')).toMatch(/^1:00\s?م$/u);
  });
});

describe('the timezones, across midnight', () => {
  // 23:30 UTC on 4 March 2026 (winter: Paris UTC+1, London UTC+0, New York UTC−5) and 22:30 UTC on
  // 1 July 2026 (summer: Paris UTC+2, London UTC+1, New York UTC−4; Algiers UTC+1 all year).
  const winter = '2026-03-04T23:30:00.000Z';
  const summer = '2026-07-01T22:30:00.000Z';
  const expected: Record<Timezone, { winter: [string, string, number]; summer: [string, string, number] }> = {
    'Africa/Algiers': { winter: ['05/03/2026', '00:30', 0], summer: ['01/07/2026', '23:30', 23] },
    'Europe/Paris': { winter: ['05/03/2026', '00:30', 0], summer: ['02/07/2026', '00:30', 0] },
    'Europe/London': { winter: ['04/03/2026', '23:30', 23], summer: ['01/07/2026', '23:30', 23] },
    'America/New_York': { winter: ['04/03/2026', '18:30', 18], summer: ['01/07/2026', '18:30', 18] },
  };

  it.each(TIMEZONES)('%s gives the day, time and hour of that place', (timeZone) => {
    const dates = adminDates('fr', timeZone, 'DD/MM/YYYY');
    for (const season of ['winter', 'summer'] as const) {
      const [date, time, hour] = expected[timeZone][season];
      const instant = season === 'winter' ? winter : summer;
      expect(dates.date(instant), `${timeZone} ${season}`).toBe(date);
      expect(dates.time(instant), `${timeZone} ${season}`).toBe(time);
      expect(dates.dateTime(instant), `${timeZone} ${season}`).toBe(`${date} ${time}`);
      expect(dates.hour(instant), `${timeZone} ${season}`).toBe(hour);
    }
  });

  it.each(DATE_FORMATS)('%s applies in every timezone', (format) => {
    const days = TIMEZONES.map((timeZone) => adminDates('en', timeZone, format).date(winter));
    const [march5, march4] =
      format === 'DD/MM/YYYY'
        ? ['05/03/2026', '04/03/2026']
        : format === 'MM/DD/YYYY'
          ? ['03/05/2026', '03/04/2026']
          : ['2026-03-05', '2026-03-04'];
    expect(days).toEqual([march5, march5, march4, march4]);
  });

  it('reads midnight as hour 0, not 24', () => {
    expect(adminDates('en', 'Europe/London', 'DD/MM/YYYY').hour('2026-03-05T00:00:00.000Z')).toBe(0);
  });
});

describe('words in the admin’s language', () => {
  const instant = '2026-03-05T13:05:00.000Z'; // a Thursday, 14:05 in Algiers

  it('names the weekday and writes the time as each language does', () => {
    expect(plain(adminDates('en', 'Africa/Algiers', 'MM/DD/YYYY').dateTime(instant, { weekday: true }))).toBe(
      'Thursday 03/05/2026 2:05 PM',
    );
    expect(adminDates('fr-DZ', 'Africa/Algiers', 'DD/MM/YYYY').date(instant, { weekday: true })).toBe(
      'jeudi 05/03/2026',
    );
    expect(adminDates('ar-DZ-u-nu-latn', 'Africa/Algiers', 'YYYY-MM-DD').date(instant, { weekday: true })).toBe(
      'الخميس 2026-03-05',
    );
  });

  it('takes the date as an ISO string, a Date or a time in milliseconds alike', () => {
    const dates = adminDates('en', 'America/New_York', 'YYYY-MM-DD');
    const at = new Date(instant);
    expect([dates.date(instant), dates.date(at), dates.date(at.getTime())]).toEqual(Array(3).fill('2026-03-05'));
  });
});

describe('a day typed in the admin’s format', () => {
  it.each([
    ['05/03/2026', 'DD/MM/YYYY', '2026-03-05'],
    ['5/3/2026', 'DD/MM/YYYY', '2026-03-05'],
    ['05-03-2026', 'DD/MM/YYYY', '2026-03-05'],
    [' 05.03.2026 ', 'DD/MM/YYYY', '2026-03-05'],
    ['٠٥/٠٣/٢٠٢٦', 'DD/MM/YYYY', '2026-03-05'],
    ['03/05/2026', 'MM/DD/YYYY', '2026-03-05'],
    ['2026-03-05', 'YYYY-MM-DD', '2026-03-05'],
    ['29/02/2028', 'DD/MM/YYYY', '2028-02-29'],
  ] as const)('reads %j in %s as %s', (text, format, day) => {
    expect(readDay(text, format)).toBe(day);
  });

  it.each([
    ['', 'DD/MM/YYYY'],
    ['05/03', 'DD/MM/YYYY'],
    ['05/03/26', 'DD/MM/YYYY'],
    ['31/02/2026', 'DD/MM/YYYY'],
    ['29/02/2026', 'DD/MM/YYYY'],
    ['13/13/2026', 'DD/MM/YYYY'],
    ['2026-03-05', 'DD/MM/YYYY'],
    ['05/03/2026', 'YYYY-MM-DD'],
    ['aa/bb/cccc', 'DD/MM/YYYY'],
  ] as const)('refuses %j in %s', (text, format) => {
    expect(readDay(text, format)).toBeUndefined();
  });

  it('reads back what it writes, in each format', () => {
    for (const format of ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const)
      expect(readDay(adminDates('fr', 'Africa/Algiers', format).day('2026-12-31'), format)).toBe('2026-12-31');
  });
});
