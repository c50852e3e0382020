import { describe, expect, it } from 'vitest';
import { englishOf } from '../../platform/error-text';
import { createCheckoutSchema, orderLookupSchema, phoneError, phoneMessages, refundSchema } from '.';

describe('phone rule', () => {
  it.each(['0550123456', '06 61 23 45 67', '07-70-00-00-00', '(0)550123456'.replace('(0)', '0')])(
    'accepts %s',
    (phone) => {
      expect(phoneError(phone)).toBeUndefined();
    },
  );

  it.each([
    ['', phoneMessages.required],
    ['   ', phoneMessages.required],
    ['0450123456', phoneMessages.invalid],
    ['055012345', phoneMessages.invalid],
    ['05501234567', phoneMessages.invalid],
    ['+213550123456', phoneMessages.invalid],
    ['abc', phoneMessages.invalid],
  ])('refuses %j with its message', (phone, message) => {
    expect(phoneError(phone)).toBe(message);
  });

  it('normalises the phone in the checkout body', () => {
    const parsed = createCheckoutSchema.parse({
      amount: 100,
      phone: '06 61 23 45 67',
      items: [{ productId: 'p', duration: '1 month', quantity: 1 }],
    });
    expect(parsed.phone).toBe('0661234567');
    expect(
      englishOf(
        createCheckoutSchema.safeParse({ amount: 100, phone: '0661234567', items: [] }).error?.issues[0]?.message ?? '',
      ),
    ).toBe('Your cart is empty');
  });
});

describe('numbers typed on an Arabic keyboard', () => {
  it('reads Arabic-Indic and Eastern Arabic-Indic digits in the phone, quantities and the amount', () => {
    const parsed = createCheckoutSchema.parse({
      amount: '٢٠٠٠',
      phone: '٠٦٦١ ٢٣ ٤٥ ٦٧',
      items: [{ productId: 'p', duration: '1 month', quantity: '۲' }],
    });
    expect(parsed).toMatchObject({ amount: 2000, phone: '0661234567', items: [{ quantity: 2 }] });
    expect(phoneError('۰۷۷۰۰۰۰۰۰۰')).toBeUndefined();
    expect(phoneError('٠٤٥٠١٢٣٤٥٦')).toBe(phoneMessages.invalid);
  });

  it('reads an order number and a refund amount in them', () => {
    expect(orderLookupSchema.parse({ phone: '0550123456', number: '#١٠٤٢' }).number).toBe(1042);
    expect(orderLookupSchema.parse({ phone: '0550123456', number: '۱۰۴۲' }).number).toBe(1042);
    const refund = refundSchema.parse({ amount: '١٥٠٠', reason: 'r', method: 'cash', date: '2026-11-01' });
    expect(refund.amount).toBe(1500);
  });

  it('still refuses what is not a number, and a blank quantity', () => {
    const lines = (quantity: unknown) => [{ productId: 'p', duration: '1 month', quantity }];
    expect(createCheckoutSchema.safeParse({ amount: 1, phone: '0550123456', items: lines('٢x') }).success).toBe(false);
    expect(createCheckoutSchema.safeParse({ amount: 1, phone: '0550123456', items: lines(' ') }).success).toBe(false);
    expect(createCheckoutSchema.safeParse({ amount: 1, phone: '0550123456', items: lines(true) }).success).toBe(false);
  });
});

describe('checkout text fields', () => {
  const valid = { amount: 100, phone: '0661234567', items: [{ productId: 'p', duration: '1 month', quantity: 1 }] };
  it('refuses control characters and broken text, naming the field', () => {
    const result = createCheckoutSchema.safeParse({
      ...valid,
      fullName: 'A\u0000',
      email: 'a\udfff@b.dz',
      phone: '0661\u00002345 67',
      items: [{ productId: 'p\u0001', duration: '1 month', quantity: 1 }],
    });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), englishOf(i.message)]))).toEqual({
      fullName: 'Full name must not contain control characters',
      email: 'Email contains a broken character (not valid Unicode)',
      phone: 'Phone number must not contain control characters',
      'items.0.productId': 'Product id must not contain control characters',
    });
  });

  it('keeps line breaks in the description only', () => {
    expect(createCheckoutSchema.parse({ ...valid, description: 'a\nb' }).description).toBe('a\nb');
    expect(
      englishOf(createCheckoutSchema.safeParse({ ...valid, fullName: 'a\nb' }).error?.issues[0]?.message ?? ''),
    ).toBe('Full name must not contain control characters');
  });
});
