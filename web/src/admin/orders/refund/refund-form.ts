import {
  refundProblems,
  storeDay,
  type RefundDraft,
  type RefundField,
  type RefundMethod,
} from '@shared/ordering/constants';
import type { AdminOrderView, RefundInput } from '@shared/ordering/types';
import { typedNumberOf } from '@shared/text/constants';
import { ApiError, type Problem } from '../../../api/http';

// The refund form's rules (docs/product.md#refunds): the server's own (src/shared/ordering), checked
// before the request so a mistake shows next to its field by the code the server would answer, in
// the admin's language; what the server still refuses is put next to the field it concerns.

/** Problems by field, and `form` for the one no field holds (already refunded, no longer paid). */
export type RefundProblems = Partial<Record<RefundField | 'form', Problem>>;

type RefundedOrder = Pick<AdminOrderView, 'status' | 'total_amount'>;

/**
 * Whether the order may be refunded: paid (completed or dispatched) and for money (a free trial's
 * total is 0, and a refund is at least 1 Da).
 */
export const canRefund = (order: RefundedOrder): boolean =>
  (order.status === 'completed' || order.status === 'dispatched') && order.total_amount > 0;

/** The form as it opens: the whole total, the store's today, the method and the reason to give. */
export function draftOf(order: RefundedOrder, now: Date): RefundDraft {
  return { amount: String(order.total_amount), reason: '', method: '', date: storeDay(now) };
}

/** What the server would refuse, before sending: at most the total, not after the store's today. */
export function draftProblems(draft: RefundDraft, order: RefundedOrder, now: Date): RefundProblems {
  return refundProblems(draft, { total: order.total_amount, today: storeDay(now) });
}

/** The body, once draftProblems finds nothing. */
export function refundInput(draft: RefundDraft): RefundInput {
  return {
    amount: typedNumberOf(draft.amount),
    reason: draft.reason.trim(),
    method: draft.method as RefundMethod,
    date: draft.date,
  };
}

/** The order's rules the server checks after the body's, by the field each concerns. */
const FIELD_OF_CODE: Record<string, RefundField> = {
  'order.refund_amount': 'amount',
  'order.refund_too_much': 'amount',
  'order.refund_method': 'method',
  'order.refund_date': 'date',
};

const isRefundField = (field: string): field is RefundField =>
  field === 'amount' || field === 'reason' || field === 'method' || field === 'date';

/**
 * A refused refund's problems: a 400's fields by name, an order rule by its field, and what no
 * field holds (already refunded, not paid) for the whole form. Nothing for a stale version (the
 * conflict dialog says it) or a failure the toast tells.
 */
export function serverProblems(error: unknown): RefundProblems {
  if (!(error instanceof ApiError) || !error.problem || error.status >= 500) return {};
  const fields = Object.entries(error.fields).filter(([field]) => isRefundField(field));
  if (fields.length) return Object.fromEntries(fields);
  const field = FIELD_OF_CODE[error.problem.code];
  return { [field ?? 'form']: error.problem };
}
