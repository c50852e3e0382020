import { describe, expect, it } from 'vitest';
import { parseActivitySearch } from './activity-search';
import { serverFilters } from './ActivityPage';
import { dayEnd, dayStart, today } from './day-range';

// The activity page's URL and the days it asks the server for, in the admin's timezone.

describe('activity filters', () => {
  it('keeps what the page understands from the URL, and turns a backwards range around', () => {
    expect(
      parseActivitySearch({
        actor: 'admin',
        entityType: 'product',
        action: 'product.updated',
        from: '2026-03-09',
        to: '2026-03-01',
        search: '  gold ',
        page: '2',
      }),
    ).toEqual({
      actor: 'admin',
      entityType: 'product',
      action: 'product.updated',
      from: '2026-03-01',
      to: '2026-03-09',
      search: 'gold',
    });
    expect(parseActivitySearch({ entityType: 'planet', action: 'x.y', from: '2026-13-45', actor: 'a b' })).toEqual({});
  });

  it("turns days into the instants they start and end at in the admin's timezone", () => {
    // Algiers is UTC+1 all year.
    expect(dayStart('2026-03-05', 'Africa/Algiers').toISOString()).toBe('2026-03-04T23:00:00.000Z');
    expect(dayEnd('2026-03-05', 'Africa/Algiers').toISOString()).toBe('2026-03-05T22:59:59.999Z');
    expect(dayStart('2026-03-05', 'UTC').toISOString()).toBe('2026-03-05T00:00:00.000Z');
    // New York moves to daylight time on 8 March 2026: that day is 23 hours long.
    expect(dayStart('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayEnd('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(today('Africa/Algiers', new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
    expect(serverFilters({ from: '2026-03-05', to: '2026-03-05', search: 'gold' }, 'Africa/Algiers')).toEqual({
      from: '2026-03-04T23:00:00.000Z',
      to: '2026-03-05T22:59:59.999Z',
      q: 'gold',
    });
  });
});
