import { describe, expect, it } from 'vitest';
import { AlreadyReminded, remindersDecider, type RemindCommand } from './reminders';

// Each reminder step once per subscription (docs/product.md#subscriptions-screen).

const remind = (step: RemindCommand['data']['step'], by = 'amina', remindable = true): RemindCommand => ({
  type: 'Remind',
  data: { subscriptionId: 'sub-1', orderId: 'order-1', step, by, remindable, now: '2026-12-24T09:00:00.000Z' },
});
const { decide, evolve, initialState } = remindersDecider;

describe('reminders', () => {
  it('records a step, then refuses it again naming who sent it and when', () => {
    const events = decide(remind('7d'), initialState);
    expect(events).toEqual([
      {
        type: 'SubscriptionReminded',
        data: { subscriptionId: 'sub-1', orderId: 'order-1', step: '7d', by: 'amina', at: '2026-12-24T09:00:00.000Z' },
      },
    ]);
    const state = events.reduce(evolve, initialState);
    const again = () => decide(remind('7d', 'karim'), state);
    expect(again).toThrow(AlreadyReminded);
    try {
      again();
    } catch (error) {
      expect(error).toMatchObject({ status: 409, by: 'amina', at: '2026-12-24T09:00:00.000Z' });
    }
    expect(decide(remind('1d', 'karim'), state)).toHaveLength(1);
  });

  it('refuses a subscription that is not delivered or has no end', () => {
    expect(() => decide(remind('0d', 'amina', false), initialState)).toThrow(/subscriptions.not_remindable|remind/);
  });
});
