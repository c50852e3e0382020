import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { failureSearch } from '../lib/search';
import { changedTotal, fieldErrors, orderDescription, paymentReturnSearch } from './payment';

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

describe('failureSearch', () => {
  const parse = (search: string) => failureSearch(defaultParseSearch(search));

  it('reads the error and the code as text, whatever the router parsed them as', () => {
    expect(parse('?error=Payment%20verification%20failed&code=failed')).toEqual({ error: 'Payment verification failed', code: 'failed' });
    expect(parse('?error=true&code=502')).toEqual({ error: 'true', code: '502' });
    expect(parse('?error=&code=%20')).toEqual({});
  });
});
