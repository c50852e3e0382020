import { describe, expect, it } from 'vitest';
import { renewedEnd } from './terms';

// A renewal's new end at its edges, with the time given (docs/product.md#renewals).

const DAY = 24 * 60 * 60 * 1000;

describe('the end of a renewed subscription', () => {
  it.each([
    // Renewed before its end: the months are added to the old end (31 January + 1 month = 28 February).
    ['2026-01-31T10:00:00.000Z', '2026-01-25T08:00:00.000Z', '1 month', '2026-02-28T10:00:00.000Z'],
    // In a leap year, 29 February.
    ['2028-01-31T10:00:00.000Z', '2028-01-30T08:00:00.000Z', '1 month', '2028-02-29T10:00:00.000Z'],
    ['2026-11-30T23:30:00.000Z', '2026-11-01T00:00:00.000Z', '3 months', '2027-02-28T23:30:00.000Z'],
    // Renewed after its end: from the payment, not the old end.
    ['2026-01-31T10:00:00.000Z', '2026-02-10T12:00:00.000Z', '1 month', '2026-03-10T12:00:00.000Z'],
    // At its very end: from the payment (the same instant).
    ['2026-05-31T10:00:00.000Z', '2026-05-31T10:00:00.000Z', '1 month', '2026-06-30T10:00:00.000Z'],
    ['2026-01-31T10:00:00.000Z', '2026-01-31T09:59:59.999Z', '12 months', '2027-01-31T10:00:00.000Z'],
  ])('ending %s, paid %s for %s, ends %s', (previousEnd, paidAt, duration, end) => {
    expect(renewedEnd(previousEnd, paidAt, duration, DAY)).toBe(end);
  });

  it('upgrades an ended trial from the payment, and never ends when bought for life', () => {
    expect(renewedEnd('2026-11-29T10:00:00.000Z', '2026-11-30T09:00:00.000Z', '1 month', DAY)).toBe(
      '2026-12-30T09:00:00.000Z',
    );
    expect(renewedEnd('2026-11-29T10:00:00.000Z', '2026-11-28T09:00:00.000Z', 'life time', DAY)).toBeNull();
  });
});
