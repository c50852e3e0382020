import { describe, expect, it } from 'vitest';
import { renewalTargets, type RenewedOrder } from './renewals';

// What a cart may renew (docs/product.md#renewals): each refusal with its code, and the targets.

const order: RenewedOrder = {
  id: 'order-1',
  number: 1042,
  subscriptions: [
    { id: 'sub-active', productId: 'gold', status: 'active', endsAt: '2026-12-31T10:00:00.000Z' },
    { id: 'sub-ended', productId: 'gold', status: 'active', endsAt: '2026-01-31T10:00:00.000Z' },
    { id: 'sub-forever', productId: 'gold', status: 'active', endsAt: null },
    { id: 'sub-waiting', productId: 'gold', status: 'awaiting_delivery', endsAt: null },
    { id: 'sub-cancelled', productId: 'gold', status: 'cancelled', endsAt: '2026-12-31T10:00:00.000Z' },
  ],
};
const line = (renewalOf: string, over: Partial<{ productId: string; duration: string; quantity: number }> = {}) => ({
  productId: 'gold',
  duration: '3 months',
  quantity: 1,
  renewalOf,
  ...over,
});
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { status: number; message: string }).status;
  }
  return 'accepted';
};

describe('renewal targets', () => {
  it('renews an active or ended subscription of the order, naming the order people know', () => {
    const targets = renewalTargets(
      [line('sub-active'), line('sub-ended'), { ...line(''), renewalOf: undefined }],
      order,
    );
    expect([...targets.values()]).toEqual([
      { subscriptionId: 'sub-active', orderId: 'order-1', orderNumber: 1042 },
      { subscriptionId: 'sub-ended', orderId: 'order-1', orderNumber: 1042 },
    ]);
  });

  it.each([
    ['without the order’s link', () => renewalTargets([line('sub-active')], undefined), 404],
    ['a subscription of another order', () => renewalTargets([line('sub-other')], order), 404],
    ['with another package', () => renewalTargets([line('sub-active', { productId: 'silver' })], order), 400],
    ['two units', () => renewalTargets([line('sub-active', { quantity: 2 })], order), 400],
    ['the same subscription twice', () => renewalTargets([line('sub-active'), line('sub-active')], order), 400],
    ['as a free trial', () => renewalTargets([line('sub-active', { duration: 'free trial' })], order), 400],
    ['for life', () => renewalTargets([line('sub-forever')], order), 409],
    ['before its delivery', () => renewalTargets([line('sub-waiting')], order), 409],
    ['once cancelled', () => renewalTargets([line('sub-cancelled')], order), 409],
  ])('refuses a renewal %s', (_what, run, status) => {
    expect(codeOf(run)).toBe(status);
  });
});
