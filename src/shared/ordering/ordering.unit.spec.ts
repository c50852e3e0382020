import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { englishOf } from '../../platform/error-text';
import { readCoded } from '../errors';
import {
  REFUND_REASON_MAX,
  createCheckoutSchema,
  isCalendarDay,
  orderLookupSchema,
  phoneError,
  phoneMessages,
  refundProblems,
  refundSchema,
  storeDay,
  type RefundDraft,
  type RefundInput,
} from '.';

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

describe("the store's day", () => {
  it.each([
    ['2026-11-21T22:59:59.999Z', '2026-11-21'],
    ['2026-11-21T23:00:00.000Z', '2026-11-22'],
    ['2026-06-30T23:30:00.000Z', '2026-07-01'],
    ['2026-12-31T23:00:00.000Z', '2027-01-01'],
  ])('at %s is %s in Algiers (UTC+1 all year)', (at, day) => {
    expect(storeDay(new Date(at))).toBe(day);
  });

  it.each([
    ['2026-11-29', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['29/11/2026', false],
    ['', false],
  ])('%j is a calendar day: %s', (value, valid) => {
    expect(isCalendarDay(value)).toBe(valid);
  });
});

describe('refund rules', () => {
  const order = { total: 2000, today: '2026-11-29' };
  const good: RefundDraft = { amount: '2000', reason: 'Wrong package', method: 'ccp', date: '2026-11-29' };
  const codes = (draft: Partial<RefundDraft>) =>
    Object.fromEntries(
      Object.entries(refundProblems({ ...good, ...draft }, order)).map(([field, problem]) => [field, problem.code]),
    );

  it('takes a refund of whole dinars up to the total, with a reason and a method, dated up to today', () => {
    expect(refundProblems(good, order)).toEqual({});
    expect(refundProblems({ ...good, amount: '1', date: '2020-01-01', method: 'other' }, order)).toEqual({});
    expect(refundProblems({ ...good, amount: '١٥٠٠' }, order)).toEqual({});
  });

  it.each([
    [{ amount: '' }, { amount: 'order.refund_amount' }],
    [{ amount: '0' }, { amount: 'order.refund_amount' }],
    [{ amount: '12.5' }, { amount: 'order.refund_amount' }],
    [{ amount: '1 500' }, { amount: 'order.refund_amount' }],
    [{ amount: '2001' }, { amount: 'order.refund_too_much' }],
    [{ reason: '  ' }, { reason: 'text.required' }],
    [{ reason: 'x'.repeat(REFUND_REASON_MAX + 1) }, { reason: 'text.too_long' }],
    [{ reason: 'a\u0000b' }, { reason: 'text.control' }],
    [{ method: '' }, { method: 'order.refund_method' }],
    [{ method: 'cheque' }, { method: 'order.refund_method' }],
    [{ date: '' }, { date: 'order.refund_date' }],
    [{ date: '2026-11-30' }, { date: 'order.refund_date' }],
    [{ date: '2026-02-30' }, { date: 'order.refund_date' }],
  ])('refuses %j with the code the server answers', (draft, expected) => {
    expect(codes(draft)).toEqual(expected);
  });

  it('types the body the web sends as the schema reads it', () => {
    expectTypeOf<z.infer<typeof refundSchema>>().toEqualTypeOf<RefundInput>();
  });

  it("refuses in the form what the body's schema refuses, with the same code", () => {
    const drafts: Partial<RefundDraft>[] = [
      { amount: '' },
      { amount: '٠' },
      { amount: '-3' },
      { amount: '7.5' },
      { reason: '' },
      { reason: 'x'.repeat(REFUND_REASON_MAX + 1) },
      { reason: 'line\u0001' },
      { method: 'cheque' },
      { date: '2026-02-30' },
      { date: 'tomorrow' },
    ];
    for (const draft of drafts) {
      const issues = refundSchema.safeParse({ ...good, ...draft }).error?.issues ?? [];
      const server = Object.fromEntries(issues.map((issue) => [issue.path[0], readCoded(issue.message)?.code]));
      expect(codes(draft), JSON.stringify(draft)).toEqual(server);
    }
  });
});
