import type { StoreConfig } from '../../config';
import type { OrderRow } from '../../projections/orders';
import type { CustomerOrderView } from '../../shared/ordering';

/** How shoppers reach the shop (SUPPORT_* settings). */
export const supportContact = (config: Pick<StoreConfig, 'SUPPORT_PHONE' | 'SUPPORT_WHATSAPP' | 'SUPPORT_EMAIL'>) => ({
  phone: config.SUPPORT_PHONE,
  whatsapp: config.SUPPORT_WHATSAPP,
  email: config.SUPPORT_EMAIL,
});

/** An order as its customer sees it (docs/product.md#order-confirmation, docs/product.md#order-page). */
export function customerOrder(
  order: OrderRow,
  phoneChangeUntil: string | null,
  config: Pick<StoreConfig, 'SUPPORT_PHONE' | 'SUPPORT_WHATSAPP' | 'SUPPORT_EMAIL'>,
): CustomerOrderView {
  return {
    dbOrderId: order.id,
    orderNumber: order.number,
    checkoutId: order.checkout_id,
    status: order.status,
    paymentMethod: order.payment_method ?? order.requested_method,
    total: order.total_amount,
    trial: order.trial,
    phone: order.phone,
    phoneChangeUntil,
    date: new Date(order.created_at).toISOString(),
    items: order.items.map((line) => ({
      product: { name: line.productName, price: line.unitPrice, duration: line.duration, quality: line.quality },
      quantity: line.quantity,
      selectedPrice: line.unitPrice,
      selectedDuration: line.duration,
    })),
    adminContact: supportContact(config),
  };
}
