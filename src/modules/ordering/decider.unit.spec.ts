import { describe, expect, it } from 'vitest';
import { decide, evolve, initialState, orderTotal, type OrderCommand, type OrderState } from './decider';
import type { OrderEvent, OrderLine } from './events';

const now = '2026-11-21T12:00:00.000Z';
const lines: OrderLine[] = [
  { productId: 'p1', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 2000, quantity: 2 },
  { productId: 'p2', productName: 'Sport', duration: '3 months', quality: '4K', unitPrice: 5400, quantity: 1 },
];
const place: OrderCommand = {
  type: 'PlaceOrder',
  data: { orderId: 'o1', checkoutId: 'c1', provider: 'sandbox', lines, phone: '0550123456', customerName: 'Client', customerEmail: 'client@example.dz', requestedMethod: 'baridi_mob', now },
};
const run = (state: OrderState, command: OrderCommand): [OrderEvent[], OrderState] => {
  const events = decide(command, state);
  return [events, events.reduce(evolve, state)];
};
const pay = (outcome: 'paid' | 'failed' | 'canceled' | 'expired'): OrderCommand => ({
  type: 'RecordPayment',
  data: { orderId: 'o1', outcome, paymentMethod: 'edahabia', amount: 9400, now },
});
const [, placed] = run(initialState, place);

describe('order decider', () => {
  it('places an order priced from its lines, pending', () => {
    const [events, state] = run(initialState, place);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'OrderPlaced', data: { total: 9400, checkoutId: 'c1', placedAt: now } });
    expect(orderTotal(lines)).toBe(9400);
    expect(state).toMatchObject({ exists: true, status: 'pending', total: 9400 });
    expect(() => decide(place, state)).toThrow('already exists');
    expect(() => decide({ ...place, data: { ...place.data, lines: [] } }, initialState)).toThrow('Your cart is empty');
  });

  it('is paid exactly once, however often the news comes', () => {
    const [first, paid] = run(placed, pay('paid'));
    expect(first).toEqual([{ type: 'OrderPaid', data: { orderId: 'o1', paymentMethod: 'edahabia', amount: 9400, paidAt: now } }]);
    expect(paid.status).toBe('completed');
    expect(decide(pay('paid'), paid)).toEqual([]);
    expect(decide(pay('failed'), paid)).toEqual([]);
  });

  it.each(['failed', 'canceled', 'expired'] as const)('fails once when the checkout is %s', (outcome) => {
    const [events, failed] = run(placed, pay(outcome));
    expect(events).toEqual([{ type: 'OrderPaymentFailed', data: { orderId: 'o1', reason: outcome, failedAt: now } }]);
    expect(failed.status).toBe('failed');
    expect(decide(pay(outcome), failed)).toEqual([]);
  });

  it('still takes a payment confirmed after the order lapsed here', () => {
    const [, expired] = run(placed, pay('expired'));
    const [events, state] = run(expired, pay('paid'));
    expect(events.map((e) => e.type)).toEqual(['OrderPaid']);
    expect(state.status).toBe('completed');
  });

  it('only offers dispatched, from completed', () => {
    const change = (status: 'dispatched' | 'pending' | 'completed' | 'failed'): OrderCommand => ({ type: 'ChangeStatus', data: { orderId: 'o1', status, now } });
    expect(() => decide(change('dispatched'), placed)).toThrow('Only a completed (paid) order can be dispatched');
    const [, paid] = run(placed, pay('paid'));
    expect(() => decide(change('failed'), paid)).toThrow('The only status change offered is to dispatched');
    const [events, dispatched] = run(paid, change('dispatched'));
    expect(events).toEqual([{ type: 'OrderDispatched', data: { orderId: 'o1', dispatchedAt: now } }]);
    expect(() => decide(change('dispatched'), dispatched)).toThrow('already dispatched');
  });

  it('updates the phone, ignoring the same one again', () => {
    const update = (phone: string): OrderCommand => ({ type: 'UpdatePhone', data: { orderId: 'o1', phone, now } });
    expect(decide(update('0550123456'), placed)).toEqual([]);
    const [events, state] = run(placed, update('0770000000'));
    expect(events.map((e) => e.type)).toEqual(['OrderPhoneUpdated']);
    expect(state.phone).toBe('0770000000');
  });

  it('deletes an order once; unknown orders are not found', () => {
    const remove: OrderCommand = { type: 'DeleteOrder', data: { orderId: 'o1', now } };
    const [, deleted] = run(placed, remove);
    expect(() => decide(remove, deleted)).toThrow('Order not found');
    expect(() => decide(pay('paid'), initialState)).toThrow('Order not found');
    // The provider's news about a deleted order is still recorded.
    expect(decide(pay('paid'), deleted).map((e) => e.type)).toEqual(['OrderPaid']);
  });
});
