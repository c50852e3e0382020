import type { OrderStatus } from '@shared/ordering/constants';
import type { AdminMessageId } from '../i18n';

/**
 * Why an order cannot be deleted (docs/product.md#refunds), as a message id, or undefined when it
 * can: a pending one may still be paid, a mismatched payment awaits a decision, and money taken is
 * given back by a refund, never by a deletion.
 */
export function deleteRefusalId(status: OrderStatus): AdminMessageId | undefined {
  switch (status) {
    case 'pending':
      return 'admin.orders.pendingNoDelete';
    case 'payment_mismatch':
      return 'admin.orders.mismatchNoDelete';
    case 'completed':
    case 'dispatched':
    case 'refunded':
      return 'admin.orders.paidNoDelete';
    case 'failed':
      return undefined;
  }
}
