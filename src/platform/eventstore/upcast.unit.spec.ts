import { describe, expect, it } from 'vitest';
import { timeFieldAsAt } from './upcast';

describe('timeFieldAsAt', () => {
  it('moves the old time field to `at`, the other fields kept in their order, the stored event untouched', () => {
    const stored = { type: 'OrderPaid', data: { orderId: 'o1', paidAt: '2026-11-28T10:00:00.000Z', amount: 2700 } };
    const upcast = timeFieldAsAt(stored, 'paidAt');
    expect(upcast).toEqual({
      type: 'OrderPaid',
      data: { orderId: 'o1', amount: 2700, at: '2026-11-28T10:00:00.000Z' },
    });
    expect(Object.keys(upcast.data)).toEqual(['orderId', 'amount', 'at']);
    expect(stored.data).toEqual({ orderId: 'o1', paidAt: '2026-11-28T10:00:00.000Z', amount: 2700 });
  });

  it('returns the event itself when it has `at` already, lacks the old field, or its type renamed nothing', () => {
    const current = { type: 'OrderPaid', data: { orderId: 'o1', at: '2026-11-28T10:00:00.000Z' } };
    expect(timeFieldAsAt(current, 'paidAt')).toBe(current);
    const without = { type: 'OrderPaid', data: { orderId: 'o1' } };
    expect(timeFieldAsAt(without, 'paidAt')).toBe(without);
    expect(timeFieldAsAt(without, undefined)).toBe(without);
  });
});
