import type { PriceDuration } from '@shared/catalogue/types';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  parseStoredCart,
  removeItem,
  serializeCart,
  updateQuantity,
  type CartProduct,
  type Renewal,
} from './cart';
import { paidDurations, putRenewal, removeRenewal, renewalChoice, renewedOrder, setRenewalDuration } from './renewals';

// Renewal lines (docs/product.md#renewals): one unit of one subscription, a line of its own, the
// renewed order's token kept with it.

const gold: CartProduct = { id: 'p-gold', name: 'Gold', price: 2000, duration: '1 month' };
const silver: CartProduct = { id: 'p-silver', name: 'Silver', price: 1500, duration: '1 month' };
const threeMonths = { duration: '3 months', price: 5000 };
const renewal = (subscriptionId: string, orderToken = 'token-1042'): Renewal => ({
  subscriptionId,
  orderNumber: 1042,
  orderToken,
});

const durations: PriceDuration[] = [
  { duration: 'free trial', price: 0, active: true },
  { duration: '1 month', price: 2000, active: false },
  { duration: '3 months', price: 5000, active: true },
  { duration: '6 months', price: 9000, active: true },
];

describe('the duration a renewal starts on', () => {
  it('is the subscription’s own while it is offered, else the first paid one; never a free trial', () => {
    expect(paidDurations(durations).map((entry) => entry.duration)).toEqual(['3 months', '6 months']);
    expect(renewalChoice(durations, '6 months')?.duration).toBe('6 months');
    expect(renewalChoice(durations, '1 month')?.duration).toBe('3 months');
    expect(renewalChoice(durations, 'free trial')?.duration).toBe('3 months');
    expect(renewalChoice(durations.slice(0, 2), '1 month')).toBeUndefined();
  });
});

describe('a renewal line', () => {
  it('is one unit, apart from a purchase of the same package and duration, whose quantity it never takes', () => {
    let cart = addItem([], gold, threeMonths);
    cart = putRenewal(cart, gold, threeMonths, renewal('s-1'));
    cart = addItem(cart, gold, threeMonths);
    expect(cart.map((item) => [item.quantity, item.renewal?.subscriptionId])).toEqual([
      [2, undefined],
      [1, 's-1'],
    ]);
    expect(updateQuantity(cart, gold.id, '3 months', 5).map((item) => item.quantity)).toEqual([5, 1]);
  });

  it('replaces an earlier renewal of the same subscription, in place, at the new duration', () => {
    let cart = putRenewal([], gold, threeMonths, renewal('s-1'));
    cart = putRenewal(cart, silver, { duration: '1 month', price: 1500 }, renewal('s-2'));
    cart = putRenewal(cart, gold, { duration: '6 months', price: 9000 }, renewal('s-1'));
    expect(cart.map((item) => [item.renewal?.subscriptionId, item.selectedDuration, item.quantity])).toEqual([
      ['s-1', '6 months', 1],
      ['s-2', '1 month', 1],
    ]);
  });

  it('renews one order’s subscriptions per cart: another order’s renewals and a free trial give way', () => {
    let cart = putRenewal([], gold, threeMonths, renewal('s-1', 'token-1042'));
    cart = putRenewal(cart, silver, { duration: '1 month', price: 1500 }, renewal('s-9', 'token-1077'));
    expect(cart.map((item) => item.renewal?.subscriptionId)).toEqual(['s-9']);
    expect(renewedOrder(cart)).toEqual({ token: 'token-1077', number: 1042 });

    const trial = addItem([], gold, { duration: 'free trial', price: 0 });
    expect(putRenewal(trial, gold, threeMonths, renewal('s-1')).map((item) => item.selectedDuration)).toEqual([
      '3 months',
    ]);
    expect(renewedOrder(addItem([], gold))).toBeUndefined();
  });

  it('changes duration and price, and goes only through its own Remove', () => {
    let cart = addItem([], gold);
    cart = putRenewal(cart, gold, threeMonths, renewal('s-1'));
    cart = setRenewalDuration(cart, 's-1', { duration: '6 months', price: 9000 });
    expect(cart[1]).toMatchObject({ selectedDuration: '6 months', selectedPrice: 9000, quantity: 1 });
    expect(removeItem(cart, gold.id).map((item) => item.renewal?.subscriptionId)).toEqual(['s-1']);
    expect(removeRenewal(cart, 's-1')).toEqual([cart[0]]);
  });

  it('is stored with its token and read back at one unit; one that cannot be read is dropped, not bought', () => {
    const cart = putRenewal(addItem([], gold), gold, threeMonths, { ...renewal('s-1'), upgrade: true });
    expect(parseStoredCart(serializeCart(cart))).toEqual(cart);

    const stored = JSON.parse(serializeCart(cart)) as Record<string, unknown>[];
    const twice = [...stored, { ...stored[1], quantity: 3 }];
    expect(parseStoredCart(JSON.stringify(twice)).map((item) => item.quantity)).toEqual([1, 1]);
    const broken = [stored[0], { ...stored[1], renewal: { subscriptionId: 's-1' } }];
    expect(parseStoredCart(JSON.stringify(broken))).toEqual([cart[0]]);
  });
});
