import { describe, expect, it } from 'vitest';
import { daysLeft, orderStage, progressOf } from './progress';

describe('order progress', () => {
  it('follows the payment, then the delivery', () => {
    expect(orderStage({ status: 'pending', deliveryState: 'none' })).toBe('pending');
    expect(orderStage({ status: 'payment_mismatch', deliveryState: 'none' })).toBe('review');
    expect(orderStage({ status: 'failed', deliveryState: 'none' })).toBe('failed');
    expect(orderStage({ status: 'completed', deliveryState: 'awaiting' })).toBe('activating');
    expect(orderStage({ status: 'dispatched', deliveryState: 'delivered' })).toBe('ready');
    expect(orderStage({ status: 'completed', deliveryState: 'none' })).toBe('paid');
  });

  it('marks the steps done, current or to come; off the road there are none', () => {
    expect(progressOf('activating')).toEqual({ paid: 'done', activating: 'current', ready: 'todo' });
    expect(progressOf('ready')).toEqual({ paid: 'done', activating: 'done', ready: 'done' });
    expect(progressOf('pending')).toEqual({ paid: 'current', activating: 'todo', ready: 'todo' });
    expect(progressOf('failed')).toBeNull();
    expect(progressOf('review')).toBeNull();
  });

  it('counts the days left, a day begun as one, never below zero', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(daysLeft('2026-03-31T12:00:00Z', now)).toBe(30);
    expect(daysLeft('2026-03-02T08:00:00Z', now)).toBe(1);
    expect(daysLeft('2026-02-28T12:00:00Z', now)).toBe(0);
  });
});
