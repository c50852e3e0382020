import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { failureSearch, paymentReturnSearch } from './search';

describe('paymentReturnSearch', () => {
  const ORDER = '5b3f0c1e-8d7a-4c2b-9e61-0a4d2f7c9b15';
  // Parsed by the router exactly as the return page's URL would be.
  const parse = (search: string) => paymentReturnSearch(defaultParseSearch(search));

  it.each([
    [
      'our order, then the checkout_id Chargily appends',
      `?order=${ORDER}&checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8`,
      ORDER,
    ],
    ['checkout_id alone', '?checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8', '01hj5n7cqpaf0mt2d0xx85tgz8'],
    [
      'checkout_id twice (an older return link plus Chargily’s): the first',
      `?checkout_id=${ORDER}&checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8`,
      ORDER,
    ],
    ['a numeric id, which the router reads as a number', '?checkout_id=42', '42'],
    [
      'Chargily’s id appended with a second question mark',
      `?order=${ORDER}?checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8`,
      ORDER,
    ],
    [
      'an empty order next to a checkout_id',
      '?order=&checkout_id=01hj5n7cqpaf0mt2d0xx85tgz8',
      '01hj5n7cqpaf0mt2d0xx85tgz8',
    ],
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
    expect(parse('?error=Payment%20verification%20failed&code=failed')).toEqual({
      error: 'Payment verification failed',
      code: 'failed',
    });
    expect(parse('?error=true&code=502')).toEqual({ error: 'true', code: '502' });
    expect(parse('?error=&code=%20')).toEqual({});
  });

  it('keeps as the code only a status or a payment state, never a sentence', () => {
    expect(parse('?error=x&code=PIN%20to%200799')).toEqual({ error: 'x' });
    expect(parse('?code=expired')).toEqual({ code: 'expired' });
  });
});
