import type { NoteView } from '../notes/types';
import type { AdminSubscriptionRowView, DeliveryState, ShopperSubscriptionView } from '../subscriptions/types';
import type { CheckoutStatus, OrderStatus, PaymentMethod, RefundMethod } from './constants';

// The payment API's answers to the storefront (docs/product.md#api), as the server sends them.

/** `POST /api/payment/create-checkout` for a paid cart: where to send the shopper to pay. */
export interface CreatedCheckoutView {
  success: true;
  message: string;
  checkout: { id: string; checkoutUrl: string };
  /** The order's private link token (the page /orders/{token}): answered this once, never again. */
  orderAccessToken: string;
}

/**
 * `POST /api/payment/create-checkout` for a free trial (docs/product.md#free-trials): no payment, the
 * order is placed and granted at once; the shopper goes straight to its page.
 */
export interface StartedTrialView {
  success: true;
  trial: true;
  order: { id: string; number: number };
  /** As for a paid checkout: the token of the order's page, answered this once. */
  orderAccessToken: string;
}

/** `GET /api/payment/checkout-status/{checkoutId}`: the checkout as the return page reads it. */
export interface CheckoutStatusView {
  success: true;
  checkout: {
    /** The provider's checkout id. */
    id: string;
    status: CheckoutStatus;
    /** The method the shopper used, or the one asked for while none is known. */
    paymentMethod: string | null;
    amount: number;
    metadata: { orderId: string; customer_name: string; customer_email: string };
  };
}

/** One line of a customer's order, in the cart's shape. */
export interface CustomerOrderLineView {
  product: { name: string; price: number; duration: string; quality: string };
  quantity: number;
  selectedPrice: number;
  selectedDuration: string;
}

/** `GET /api/payment/order/{checkoutId}` answers `{order}`: an order as its customer sees it (docs/product.md#order-confirmation). */
export interface CustomerOrderView {
  dbOrderId: string;
  /** The number the shopper quotes to support, shown as #1042 (the id stays out of sight). */
  orderNumber: number;
  checkoutId: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod | string;
  /** Whole dinars. */
  total: number;
  /** A free trial (docs/product.md#free-trials): nothing was paid. */
  trial: boolean;
  phone: string;
  /**
   * Until when the shopper may still change the phone (ISO time): once, within an hour of the
   * payment, while the order is paid and not yet dispatched. Null when no change would be taken.
   */
  phoneChangeUntil: string | null;
  date: string;
  items: CustomerOrderLineView[];
  adminContact: { phone: string; whatsapp: string; email: string };
}

/**
 * `GET /api/orders/{token}`: the order as its shopper's private page shows it
 * (docs/product.md#order-page), with its subscriptions and, once delivered, their activation
 * details and the shop's message.
 */
export interface ShopperOrderView extends Omit<CustomerOrderView, 'phoneChangeUntil'> {
  subscriptions: ShopperSubscriptionView[];
  deliveryState: DeliveryState;
  /** The administrator's word about the whole order, once delivered. */
  message: string | null;
  /** The language the shopper checked out in. */
  language: string | null;
}

/** `POST /api/orders/lookup`: what Find my order shows — never the activation details nor the link. */
export interface OrderLookupView {
  orderNumber: number;
  status: OrderStatus;
  date: string;
  total: number;
  items: { package: string; duration: string; quantity: number }[];
  deliveryState: DeliveryState;
  adminContact: CustomerOrderView['adminContact'];
}

/** The private link of an order, as an administrator copies it (and as New link answers it). */
export interface OrderAccessLinkView {
  token: string;
  url: string;
}

/**
 * Who recorded a refunded order's refund, by name (docs/product.md#refunds): in the admin's order
 * detail and the refund's answer, apart from `refund` so a live update of the order keeps it.
 */
export interface OrderRefundByView {
  /** Null for an order not refunded. */
  refundedByName: string | null;
}

/** What the admin's order detail adds about reaching the shopper. */
export interface OrderContactView {
  /** The language the shopper checked out in (null on older orders). */
  language: string | null;
  /** The private link, or null on orders placed before links (New link makes one). */
  accessLink: OrderAccessLinkView | null;
  /** The last time an administrator sent the order on WhatsApp, and who. */
  whatsappSent: { at: string; by: string; byName: string } | null;
}

/**
 * An order in the admin's list and detail (docs/product.md#orders) and in the `order:created` /
 * `order:updated` socket events (`{order}`).
 */
export interface AdminOrderView {
  /** The internal key: URLs and API paths. */
  id: string;
  /** The number people say, shown as #1042; the search finds it as 1042 or #1042. */
  number: number;
  customer_name: string;
  customer_email: string;
  phone: string;
  /** Whole dinars. */
  total_amount: number;
  status: OrderStatus;
  /** The method the shopper used, or the one asked for while none is known. */
  payment_method: string;
  created_at: string;
  paid_at: string | null;
  /** The order's version: send it back as If-Match. */
  version: number;
  /** When a payment brought back an order an admin had deleted. */
  restored_at: string | null;
  /**
   * A payment whose amount or currency was not the order's (status payment_mismatch until an admin
   * decides; kept afterwards); null for every other order.
   */
  payment_mismatch: PaymentMismatchView | null;
  /** A renewal (docs/product.md#renewals): the number of the order whose subscription it renews ("Renewal of #1042"). */
  renewal_of_number: number | null;
  /** What an administrator recorded of the refund of a refunded order (docs/product.md#refunds). */
  refund: RefundView | null;
  /** A free trial (docs/product.md#free-trials): granted without payment, never in the revenue. */
  trial: boolean;
}

/** What the provider said was paid, next to what the order asked for. Amounts in `currency`'s units. */
export interface PaymentMismatchView {
  amount: number;
  /** Chargily's lower-case currency code (the store's is dzd). */
  currency: string;
  expectedAmount: number;
  expectedCurrency: string;
}

/** One line of an order in the admin's detail; subtotal = price × quantity. */
export interface AdminOrderItemView {
  id: string;
  product_id: string;
  product_name: string;
  selected_duration: string;
  selected_price: number;
  quantity: number;
  subtotal: number;
}

/** `GET /api/admin/orders/{id}` answers `{order}` (with an ETag of its version). */
export interface AdminOrderDetailView extends AdminOrderView {
  items: AdminOrderItemView[];
}

/** The page of a paginated admin list. */
export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

/** A row of the admin's orders list. */
export interface AdminOrderListItem extends AdminOrderView {
  /** A subscription of the order awaits its activation details (docs/product.md#subscriptions). */
  awaiting_delivery: boolean;
}

/** `GET /api/admin/orders?status=&delivery=awaiting&search=&page=&limit=`. */
export interface AdminOrderPage {
  orders: AdminOrderListItem[];
  pagination: Pagination;
}

/** A customer: the orders of one phone number (shoppers have no accounts). `id` is the phone. */
export interface CustomerView {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** Orders that count (deleted ones do not). */
  orders: number;
  /** Whole dinars, paid orders only. */
  totalSpent: number;
  /** The first order's time. */
  joinDate: string;
}

/** `GET /api/admin/customers?search=&page=&limit=`. */
export interface CustomerPage {
  customers: CustomerView[];
  pagination: Pagination;
}

/** This range against the one before it. */
export interface Trend {
  current: number;
  previous: number;
  change: number;
  /** Percent change; null when the previous range had nothing. */
  percent: number | null;
}

/** `GET /api/admin/dashboard/stats?range=7|30|90`. */
export interface DashboardStatsView {
  stats: {
    productsCount: number;
    ordersCount: number;
    dispatchedOrdersCount: number;
    /** Paid orders only: never an order whose payment awaits a decision. */
    revenue: number;
    /** Orders whose payment does not match their total, waiting for an admin's decision. */
    paymentMismatchCount: number;
    /** Paid orders with a subscription awaiting its activation details (docs/product.md#subscriptions). */
    awaitingDeliveryCount: number;
    /** Delivered subscriptions that have not ended, now (docs/product.md#subscriptions-screen). */
    activeSubscriptionsCount: number;
    /** Of those, the ones ending within EXPIRING_WITHIN. */
    expiringSubscriptionsCount: number;
    /** Of the subscription terms that ended in the range, the share renewed in time (0..1); null when none ended. */
    renewalRate: number | null;
    /** What renewals paid in the range (docs/product.md#renewals). */
    renewalRevenue: number;
    /** Free trials placed in the range (docs/product.md#free-trials); they are orders, never revenue. */
    trialsCount: number;
  };
  range: number;
  recentOrders: AdminOrderView[];
  /** Every day of the range, oldest first: paid revenue and paid orders (Africa/Algiers days). */
  revenueByDay: { date: string; revenue: number; orders: number }[];
  trends: { products: { added: number }; orders: Trend; dispatched: Trend; revenue: Trend };
}

/**
 * Who caused a live order event: an admin's id, `shopper` or `system` (payments), with the name to
 * show. An admin's own changes raise no notification on their screens.
 */
export interface LiveActor {
  actor: string;
  actorName: string;
}

/** `GET /api/admin/customers/{phone}`: a customer's page — their subscriptions, orders and notes. */
export interface CustomerDetailView {
  customer: CustomerView;
  subscriptions: AdminSubscriptionRowView[];
  orders: AdminOrderView[];
  notes: NoteView[];
}

/** POST /api/admin/orders/{id}/refund's body (refundSchema): whole dinars, a method, why, the day (YYYY-MM-DD). */
export interface RefundInput {
  amount: number;
  reason: string;
  method: RefundMethod;
  date: string;
}

/** A refund as an administrator recorded it: given back outside the store. */
export interface RefundView {
  amount: number;
  reason: string;
  method: string;
  /** The day the money went back (YYYY-MM-DD). */
  refundedOn: string;
  /** Who recorded it (an admin id), and when. */
  by: string;
  at: string;
}
