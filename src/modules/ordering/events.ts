import type { OrderStatus } from '../../shared/ordering';

// Events of one order. The order is placed when the checkout opens, so a shopper who pays and
// closes the tab still has an order; the provider's answer then settles it.

export interface OrderLine {
  productId: string;
  productName: string;
  duration: string;
  quality: string;
  /** Price of one unit for that duration, from the catalogue at checkout time. */
  unitPrice: number;
  quantity: number;
}

export type PaymentOutcome = 'paid' | 'failed' | 'canceled' | 'expired';

export interface PlacedOrder {
  orderId: string;
  checkoutId: string;
  provider: string;
  lines: OrderLine[];
  total: number;
  phone: string;
  customerName: string;
  customerEmail: string;
  requestedMethod: string;
  placedAt: string;
}

export type OrderEvent =
  | { type: 'OrderPlaced'; data: PlacedOrder }
  | { type: 'OrderPaid'; data: { orderId: string; paymentMethod: string | null; amount: number; paidAt: string } }
  | { type: 'OrderPaymentFailed'; data: { orderId: string; reason: Exclude<PaymentOutcome, 'paid'>; failedAt: string } }
  | { type: 'OrderPhoneUpdated'; data: { orderId: string; phone: string; updatedAt: string } }
  | { type: 'OrderDispatched'; data: { orderId: string; dispatchedAt: string } }
  | { type: 'OrderDeleted'; data: { orderId: string; deletedAt: string } }
  /**
   * A payment arrived for an order an admin had deleted: the order comes back (as it was placed,
   * with its latest phone) and is flagged for the admins. Always followed by its OrderPaid.
   */
  | { type: 'OrderRestored'; data: { orderId: string; order: PlacedOrder; restoredAt: string } };

export type OrderEventType = OrderEvent['type'];

export const orderStream = (orderId: string) => `order-${orderId}`;

export type { OrderStatus };
