import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { formatPrice } from '../../../shared/locale';
import { cardProblems, expiryValid, luhnValid } from './sandbox-page';

const JUNE_2026 = new Date('2026-06-15T12:00:00Z');
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/28', cvv: '123' };

describe('card checks', () => {
  it.each(['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'])(
    'Luhn accepts %s',
    (number) => {
      expect(luhnValid(number)).toBe(true);
    },
  );

  it.each(['4242424242424241', '1234567812345678'])('Luhn refuses %s', (number) => {
    expect(luhnValid(number)).toBe(false);
  });

  it('accepts a plausible card, spaces and dashes in the number included', () => {
    expect(cardProblems(goodCard, JUNE_2026)).toEqual([]);
    expect(cardProblems({ ...goodCard, cardNumber: '4242-4242-4242-4242' }, JUNE_2026)).toEqual([]);
  });

  it.each([
    ['a number failing Luhn', { cardNumber: '4242 4242 4242 4241' }, ['cardNumber']],
    ['a number too short', { cardNumber: '4242 4242 42' }, ['cardNumber']],
    ['letters in the number', { cardNumber: '4242 4242 4242 424x' }, ['cardNumber']],
    ['an empty card', { cardNumber: '', expiry: '', cvv: '' }, ['cardNumber', 'expiry', 'cvv']],
    ['a CVV of 2 digits', { cvv: '12' }, ['cvv']],
    ['a CVV of 4 digits', { cvv: '1234' }, ['cvv']],
    ['a CVV with letters', { cvv: '12a' }, ['cvv']],
  ])('refuses %s', (_name, change, problems) => {
    expect(cardProblems({ ...goodCard, ...change }, JUNE_2026)).toEqual(problems);
  });

  it.each([
    ['06/26', true, 'the current month'],
    ['07/26', true, 'next month'],
    ['05/26', false, 'last month'],
    ['12/25', false, 'last year'],
    ['13/27', false, 'month 13'],
    ['00/27', false, 'month 0'],
    ['6/27', false, 'a one-digit month'],
    ['06/2027', false, 'a four-digit year'],
    ['06 / 27', true, 'spaces around the slash'],
  ])('expiry %s is %s (%s)', (text, valid) => {
    expect(expiryValid(text, JUNE_2026)).toBe(valid);
  });
});

describe('page text', () => {
  it('escapes everything HTML could read as markup', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;',
    );
  });

  it('writes amounts as the storefront does, with Latin digits and Da', () => {
    expect(formatPrice(2000, 'en')).toBe('2,000\u00a0Da');
    expect(formatPrice(2000, 'fr').replace(/[\u00a0\u202f]/g, ' ')).toBe('2 000 Da');
    expect(formatPrice(2000, 'ar')).toMatch(/^2[.,\u00a0\u202f ]000\u00a0Da$/);
  });
});
