import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http';
import { canRefund, draftOf, draftProblems, refundInput, serverProblems } from './refund-form';

// The refund form's rules (docs/product.md#refunds): which orders offer it, how it opens (the total,
// the store's today), the shared checks before sending, the body, and the server's refusals by field.

const paid = { status: 'completed' as const, total_amount: 1500 };
// 23:30 UTC on 28 November: already the 29th in Algiers, the store's day.
const lateEvening = new Date('2026-11-28T23:30:00.000Z');

describe('the refund form', () => {
  it('is offered for a paid or dispatched order for money, not for a free trial, one unpaid or refunded', () => {
    expect(canRefund(paid)).toBe(true);
    expect(canRefund({ ...paid, status: 'dispatched' })).toBe(true);
    expect(canRefund({ ...paid, total_amount: 0 })).toBe(false);
    for (const status of ['pending', 'failed', 'payment_mismatch', 'refunded'] as const)
      expect(canRefund({ ...paid, status }), status).toBe(false);
  });

  it("opens with the whole total and the store's today, the method and the reason left to give", () => {
    expect(draftOf(paid, lateEvening)).toEqual({ amount: '1500', reason: '', method: '', date: '2026-11-29' });
  });

  it('says what the server would refuse, by field, with its code', () => {
    const draft = draftOf(paid, lateEvening);
    expect(draftProblems(draft, paid, lateEvening)).toEqual({
      reason: { code: 'text.required', params: { field: 'Reason' } },
      method: { code: 'order.refund_method', params: { allowed: 'baridi_mob, ccp, card, cash, other' } },
    });
    const typed = { ...draft, amount: '1501', reason: 'Wrong package', method: 'ccp', date: '2026-11-30' };
    expect(draftProblems(typed, paid, lateEvening)).toEqual({
      amount: { code: 'order.refund_too_much', params: { total: 1500 } },
      date: { code: 'order.refund_date' },
    });
    expect(draftProblems({ ...typed, amount: '1500', date: '2026-11-29' }, paid, lateEvening)).toEqual({});
  });

  it('sends whole dinars and the reason trimmed', () => {
    expect(refundInput({ amount: '900', reason: '  Wrong package \n', method: 'cash', date: '2026-11-29' })).toEqual({
      amount: 900,
      reason: 'Wrong package',
      method: 'cash',
      date: '2026-11-29',
    });
  });

  it("puts the server's refusals next to their field, and the order's state above the form", () => {
    const refused = (status: number, body: object, fields: Record<string, { code: string }> = {}) =>
      new ApiError('refused', status, body, body as { code: string }, fields);
    expect(serverProblems(refused(400, { code: 'validation' }, { reason: { code: 'text.control' } }))).toEqual({
      reason: { code: 'text.control' },
    });
    const tooMuch = { code: 'order.refund_too_much', params: { total: 1500 } };
    expect(serverProblems(refused(400, tooMuch))).toEqual({ amount: tooMuch });
    expect(serverProblems(refused(400, { code: 'order.refund_date' }))).toEqual({
      date: { code: 'order.refund_date' },
    });
    expect(serverProblems(refused(409, { code: 'order.already_refunded' }))).toEqual({
      form: { code: 'order.already_refunded' },
    });
    expect(serverProblems(refused(500, { code: 'internal' }))).toEqual({});
    expect(serverProblems(new TypeError('offline'))).toEqual({});
  });
});
