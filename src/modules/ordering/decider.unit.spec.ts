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
    expect(state).toMatchObject({ exists: true, status: 'pending', order: { total: 9400, checkoutId: 'c1' } });
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
    expect(state.order?.phone).toBe('0770000000');
  });

  it('refuses to delete an order whose checkout can still be paid', () => {
    const remove: OrderCommand = { type: 'DeleteOrder', data: { orderId: 'o1', now } };
    expect(() => decide(remove, placed)).toThrow(expect.objectContaining({ status: 409, message: expect.stringContaining('still awaiting payment') }));
  });

  it.each([
    ['failed', [pay('canceled')]],
    ['completed', [pay('paid')]],
    ['dispatched', [pay('paid'), { type: 'ChangeStatus', data: { orderId: 'o1', status: 'dispatched', now } }]],
  ] as [string, OrderCommand[]][])('deletes a %s order once; unknown orders are not found', (_status, history) => {
    const settled = history.reduce((state, command) => run(state, command)[1], placed);
    const remove: OrderCommand = { type: 'DeleteOrder', data: { orderId: 'o1', now } };
    const [events, deleted] = run(settled, remove);
    expect(events).toEqual([{ type: 'OrderDeleted', data: { orderId: 'o1', deletedAt: now } }]);
    expect(() => decide(remove, deleted)).toThrow('Order not found');
    expect(() => decide(pay('paid'), initialState)).toThrow('Order not found');
  });

  it('brings a deleted order back, as placed with its latest phone, when a payment reaches it', () => {
    const [, withPhone] = run(placed, { type: 'UpdatePhone', data: { orderId: 'o1', phone: '0770000000', now } });
    const [, expired] = run(withPhone, pay('expired'));
    const [, deleted] = run(expired, { type: 'DeleteOrder', data: { orderId: 'o1', now } });
    const [events, restored] = run(deleted, pay('paid'));
    expect(events).toEqual([
      { type: 'OrderRestored', data: { orderId: 'o1', order: { ...(placed.order as object), phone: '0770000000' }, restoredAt: now } },
      { type: 'OrderPaid', data: { orderId: 'o1', paymentMethod: 'edahabia', amount: 9400, paidAt: now } },
    ]);
    expect(restored).toMatchObject({ deleted: false, status: 'completed' });
    // Paid once: the same news again changes nothing, and the order can be dispatched as any other.
    expect(decide(pay('paid'), restored)).toEqual([]);
    expect(decide({ type: 'ChangeStatus', data: { orderId: 'o1', status: 'dispatched', now } }, restored).map((e) => e.type)).toEqual(['OrderDispatched']);
  });

  it('restores nothing for a deleted order that is already paid', () => {
    const [, paid] = run(placed, pay('paid'));
    const [, deleted] = run(paid, { type: 'DeleteOrder', data: { orderId: 'o1', now } });
    expect(decide(pay('paid'), deleted)).toEqual([]);
  });
});
