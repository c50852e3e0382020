import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { changedTotal, fieldErrors, normalizeOrder, orderDescription, paymentReturnSearch } from './payment';
import { normalizeProductDetail } from './products';

describe('normalizeOrder', () => {
  it('reads the customer-side order of SPEC §3', () => {
    const order = normalizeOrder({
      order: {
        dbOrderId: 42,
        status: 'completed',
        paymentMethod: 'baridi_mob',
        total: '10800',
        phone: '0555123456',
        date: '2025-01-02T10:00:00Z',
        items: [{ product: { name: 'Premium', price: 4000, duration: '1 month', quality: '4K' }, quantity: 2, selectedPrice: 5400, selectedDuration: '3 months' }, null],
        adminContact: { phone: '+213 555', whatsapp: '213555', email: 'help@example.com' },
      },
    });
    expect(order).toEqual({
      dbOrderId: '42',
      status: 'completed',
      paymentMethod: 'baridi_mob',
      total: 10800,
      phone: '0555123456',
      date: '2025-01-02T10:00:00Z',
      items: [{ name: 'Premium', price: 5400, duration: '3 months', quality: '4K', quantity: 2 }],
      adminContact: { phone: '+213 555', whatsapp: '213555', email: 'help@example.com' },
    });
  });

  it('fills the gaps of a sparse order', () => {
    const order = normalizeOrder({ order: { items: 'x' } })!;
    expect(order.status).toBe('pending');
    expect(order.items).toEqual([]);
    expect(order.dbOrderId).toBeNull();
    expect(normalizeOrder('nope')).toBeNull();
  });
});

describe('checkout errors', () => {
  it('reads the new total of a 409', () => {
    expect(changedTotal(new ApiError('Prices changed', 409, { message: 'Prices changed', status: 409, total: 12000 }))).toBe(12000);
    expect(changedTotal(new ApiError('Bad', 400, { total: 1 }))).toBeNull();
  });

  it('reads field errors given as an object or a list', () => {
    expect(fieldErrors(new ApiError('x', 400, { errors: { phone: ['Phone number is required'] } }))).toEqual({ phone: 'Phone number is required' });
    expect(fieldErrors(new ApiError('x', 400, { errors: [{ path: ['phone'], message: 'Bad phone' }] }))).toEqual({ phone: 'Bad phone' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });

  it('describes the order for the payment page', () => {
    const item = (name: string, duration: string, quantity: number) => ({
      product: { id: name, name, price: 1, duration },
      quantity,
      selectedDuration: duration,
      selectedPrice: 1,
    });
    expect(orderDescription([item('Basic', '1 month', 1), item('Premium', '3 months', 2)], 'Order')).toBe('Order: Basic (1 month), Premium (3 months) ×2');
    expect(orderDescription([item('x'.repeat(600), '1 month', 1)], 'Order').length).toBeLessThanOrEqual(480);
  });
});

describe('normalizeProductDetail', () => {
  it('sorts durations, reads 0/1 booleans and keeps active similar products', () => {
    const detail = normalizeProductDetail({
      id: 7,
      name: 'Gold',
      popular: 1,
      vod: '0',
      priceDurations: [
        { duration: '12 months', price: 18000, active: 1 },
        { duration: '1 month', price: 2000, active: 1 },
        { duration: 'free trial', price: 0, active: 0 },
      ],
      similarProducts: [{ id: 8, name: 'Silver', active: 1 }, { id: 9, name: 'Hidden', active: 0 }, { id: 7, name: 'Gold' }],
    })!;
    expect(detail.priceDurations.map((d) => d.duration)).toEqual(['free trial', '1 month', '12 months']);
    expect(detail.popular).toBe(true);
    expect(detail.vod).toBe(false);
    expect(detail.price).toBe(0); // the first entry's, when the server sends no price
    expect(detail.similarProducts.map((p) => p.id)).toEqual([8]);
  });
});

describe('paymentReturnSearch', () => {
  const ORDER = '5b3f0c1e-8d7a-4c2b-9e61-0a4d2f7c9b15';
  // Parsed by the router exactly as the return page's URL would be.
  const parse = (search: string) => paymentReturnSearch(defaultParseSearch(search));

  it.each([
    ['our order, then the checkout_id Chargily appends', `?order=${ORDER}&checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8`, ORDER],
    ['SPEC’s checkout_id alone', '?checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8', '01hj5n7cqpaf0mt2d0xx85tgz8'],
    ['checkout_id twice (an older return link plus Chargily’s): the first', `?checkout_id=${ORDER}&checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8`, ORDER],
    ['a numeric id, which the router reads as a number', '?checkout_id=42', '42'],
    ['Chargily’s id appended with a second question mark', `?order=${ORDER}?checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8`, ORDER],
    ['an empty order next to a checkout_id', '?order=&checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8', '01hj5n7cqpaf0mt2d0xx85tgz8'],
  ])('reads %s', (_name, search, id) => {
    expect(parse(search)).toEqual({ checkout_id: id });
  });

  it('finds nothing in a URL without either', () => {
    expect(parse('')).toEqual({});
    expect(parse('?lang=en')).toEqual({});
  });
});
