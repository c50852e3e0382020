import { describe, expect, it } from 'vitest';
import { daysLeft, subscriptionStatusAt } from './constants';

// A subscription's status and days left at a given time (docs/product.md#subscriptions-screen),
// at the edges of the expiring window and of the end.

const DAY = 24 * 60 * 60 * 1000;
const WEEK = 7 * DAY;
const END = '2026-12-31T10:00:00.000Z';
const at = (offsetMs: number) => new Date(Date.parse(END) + offsetMs);

describe('a subscription at a given time', () => {
  it.each([
    ['more than the window before its end', -WEEK - 1, 'active'],
    ['exactly the window before its end', -WEEK, 'expiring'],
    ['a minute before its end', -60_000, 'expiring'],
    ['at its end', 0, 'expired'],
    ['a day after its end', DAY, 'expired'],
  ])('is %s → %s', (_when, offset, status) => {
    expect(subscriptionStatusAt('active', END, at(offset), WEEK)).toBe(status);
  });

  it('never expires without an end (life time), and keeps awaiting and cancelled as they are', () => {
    expect(subscriptionStatusAt('active', null, at(10 * 365 * DAY), WEEK)).toBe('active');
    expect(subscriptionStatusAt('awaiting_delivery', null, at(0), WEEK)).toBe('awaiting_delivery');
    expect(subscriptionStatusAt('cancelled', END, at(DAY), WEEK)).toBe('cancelled');
  });

  it.each([
    [-7 * DAY, 7],
    [-DAY - 1, 2],
    [-12 * 60 * 60 * 1000, 1],
    [-1, 1],
    [0, 0],
    [1, -1],
    [DAY, -1],
    [DAY + 1, -2],
  ])('counts %i ms from the end as %i days left', (offset, days) => {
    expect(daysLeft(END, at(offset))).toBe(days);
  });

  it('has no days left to count without an end', () => {
    expect(daysLeft(null, at(0))).toBeNull();
  });
});
