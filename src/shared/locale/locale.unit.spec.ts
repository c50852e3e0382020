import { describe, expect, it } from 'vitest';
import { formatPrice, intlLocaleOf } from './constants';

// The Intl tag of each language (docs/product.md#bidirectional-text): French times on the 24-hour clock.

const at = new Date('2026-03-05T15:05:00.000Z'); // 16:05 in Algiers
const timeIn = (language: 'ar' | 'fr' | 'en') =>
  new Intl.DateTimeFormat(intlLocaleOf(language), { timeStyle: 'short', timeZone: 'Africa/Algiers' }).format(at);

describe('intlLocaleOf', () => {
  it('writes French times on the 24-hour clock, with no AM/PM', () => {
    expect(timeIn('fr')).toBe('16:05');
    expect(
      new Intl.DateTimeFormat(intlLocaleOf('fr'), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Africa/Algiers',
      }).format(at),
    ).toBe('5 mars 2026, 16:05');
  });

  it('keeps Arabic and English times as those languages write them', () => {
    expect(timeIn('ar')).toBe('4:05 م');
    expect(timeIn('en')).toBe('4:05 PM');
  });

  it('keeps each language’s grouping of amounts', () => {
    expect([formatPrice(2800, 'ar'), formatPrice(2800, 'fr'), formatPrice(2800, 'en')]).toEqual([
      '2.800\u00a0Da',
      '2\u202f800\u00a0Da',
      '2,800\u00a0Da',
    ]);
  });
});
