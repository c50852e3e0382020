import type { OrderStatus } from '@shared/ordering/constants';
import type { MessageId } from '../../i18n/messages';

/** An order's status as its shopper reads it (docs/product.md#order-statuses). */
export const ORDER_STATUS_MESSAGES: Record<OrderStatus, MessageId> = {
  pending: 'success.status.pending',
  completed: 'success.status.completed',
  dispatched: 'success.status.completed',
  payment_mismatch: 'success.status.review',
  failed: 'success.status.failed',
  refunded: 'success.status.refunded',
};

/** Paid: completed, or dispatched after it. */
export const isPaid = (status: OrderStatus): boolean => status === 'completed' || status === 'dispatched';
