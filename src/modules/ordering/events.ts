import { timeFieldAsAt } from '../../platform/eventstore/upcast';
import type { OrderStatus } from '../../shared/ordering';
import type { OrderAccess } from './access';

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
  /** A renewal (docs/product.md#renewals): the subscription it extends once paid, and its order. */
  renewalOf?: RenewalTarget;
}

/** The subscription a renewal line extends, and the order people know it by (#1042). */
export interface RenewalTarget {
  subscriptionId: string;
  orderId: string;
  orderNumber: number;
}

export type PaymentOutcome = 'paid' | 'failed' | 'canceled' | 'expired';

export interface PlacedOrder {
  orderId: string;
  /**
   * The number people say (#1042), unique, from a sequence taken at checkout (order-numbers.ts).
   * Absent on orders placed before orders had numbers: the orders read model numbers those.
   */
  number?: number;
  checkoutId: string;
  provider: string;
  lines: OrderLine[];
  total: number;
  phone: string;
  customerName: string;
  customerEmail: string;
  requestedMethod: string;
  /**
   * The shopper's private link (access.ts). Absent on orders placed before orders had links: an
   * administrator's New link gives them one (OrderAccessLinkRenewed).
   */
  access?: OrderAccess;
  /** The language the shopper checked out in (ar, fr, en): messages to them are written in it. */
  language?: string;
  /**
   * A free trial (docs/product.md#free-trials): one unit of a 'free trial' line, priced 0, with no
   * provider checkout (`checkoutId` is derived from the order's id). Always followed by its
   * OrderTrialGranted. Absent on paid orders.
   */
  trial?: true;
  /** When the order was placed. */
  at: string;
}

/** What the provider said was paid, next to what the order asked for. */
export interface MismatchedPayment {
  orderId: string;
  paymentMethod: string | null;
  amount: number;
  currency: string;
  expectedAmount: number;
  expectedCurrency: string;
  at: string;
}

/** What an administrator gave back, how, why and on which day (docs/product.md#refunds). */
export interface RefundRecord {
  /** Whole dinars, at most the order's total. */
  amount: number;
  reason: string;
  method: string;
  /** The day the money went back (YYYY-MM-DD), as the administrator says. */
  refundedOn: string;
}

export type OrderEvent =
  | { type: 'OrderPlaced'; data: PlacedOrder }
  | { type: 'OrderPaid'; data: { orderId: string; paymentMethod: string | null; amount: number; at: string } }
  | { type: 'OrderPaymentFailed'; data: { orderId: string; reason: Exclude<PaymentOutcome, 'paid'>; at: string } }
  /**
   * The provider confirmed a payment whose amount or currency is not the order's: the order is not
   * completed but waits for an admin's decision (status payment_mismatch).
   */
  | { type: 'OrderPaymentMismatched'; data: MismatchedPayment }
  /** An admin accepted a mismatched payment: the order is completed (and counts as revenue) from now on. */
  | { type: 'OrderPaymentAccepted'; data: { orderId: string; at: string } }
  /** An admin refused a mismatched payment and canceled the order (failed); the money is refunded with the provider. */
  | { type: 'OrderPaymentRejected'; data: { orderId: string; at: string } }
  | { type: 'OrderPhoneUpdated'; data: { orderId: string; phone: string; at: string } }
  /**
   * A free trial's order is completed without payment, in the append that placed it: its
   * subscription opens as a paid order's does, and it never counts as revenue.
   */
  | { type: 'OrderTrialGranted'; data: { orderId: string; at: string } }
  | { type: 'OrderDispatched'; data: { orderId: string; at: string } }
  /**
   * An administrator delivered activation details for the order's subscriptions (the details
   * themselves, sealed, are in the subscriptions module's stream; docs/product.md#subscriptions).
   * It moves the order's version, so two deliveries made from the same version cannot both pass.
   */
  | { type: 'OrderDelivered'; data: { orderId: string; kinds: string[]; subscriptions: number; at: string } }
  /**
   * An administrator minted a new private link: the previous token (`replacedHash`, the hash of
   * the link it replaces, if the order had one) stops working.
   */
  | {
      type: 'OrderAccessLinkRenewed';
      data: { orderId: string; access: OrderAccess; replacedHash: string | null; at: string };
    }
  /**
   * An administrator (`by`, their id: read models are rebuilt without the events' metadata) sent
   * the order's link, and when `withDetails` its activation details, on WhatsApp.
   */
  | { type: 'OrderSentOnWhatsApp'; data: { orderId: string; withDetails: boolean; by: string; at: string } }
  /**
   * An administrator (`by`) refunded the shopper outside the store (the provider has no refund API):
   * the order is refunded, its subscriptions cancelled, the amount out of the revenue.
   */
  | { type: 'OrderRefunded'; data: RefundRecord & { orderId: string; by: string; at: string } }
  | { type: 'OrderDeleted'; data: { orderId: string; at: string } }
  /**
   * A payment arrived for an order an admin had deleted: the order comes back (as it was placed,
   * with its latest phone) and is flagged for the admins. Always followed by its OrderPaid.
   */
  | { type: 'OrderRestored'; data: { orderId: string; order: PlacedOrder; at: string } };

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'OrderPlaced',
  'OrderPaid',
  'OrderPaymentFailed',
  'OrderPaymentMismatched',
  'OrderPaymentAccepted',
  'OrderPaymentRejected',
  'OrderPhoneUpdated',
  'OrderTrialGranted',
  'OrderDispatched',
  'OrderDelivered',
  'OrderAccessLinkRenewed',
  'OrderSentOnWhatsApp',
  'OrderRefunded',
  'OrderDeleted',
  'OrderRestored',
];

/**
 * The name each event gave its time before every event called it `at`; the log still holds such
 * events. Events younger than that rename have none.
 */
const OLD_TIME_FIELD: Record<OrderEventType, string | undefined> = {
  OrderPlaced: 'placedAt',
  OrderPaid: 'paidAt',
  OrderPaymentFailed: 'failedAt',
  OrderPaymentMismatched: undefined,
  OrderPaymentAccepted: undefined,
  OrderPaymentRejected: undefined,
  OrderPhoneUpdated: 'updatedAt',
  OrderTrialGranted: undefined,
  OrderDispatched: 'dispatchedAt',
  OrderDelivered: 'at',
  OrderAccessLinkRenewed: undefined,
  OrderSentOnWhatsApp: undefined,
  OrderRefunded: undefined,
  OrderDeleted: 'deletedAt',
  OrderRestored: 'restoredAt',
};

/** An order event as read from the log, its time under `at` whatever name it was stored with. */
export function upcastOrderEvent<E extends OrderEvent>(stored: E): E {
  const event = timeFieldAsAt(stored, OLD_TIME_FIELD[stored.type]);
  if (event === stored || event.type !== 'OrderRestored') return event;
  // A restore carries the order as it was placed, stored under the old names as well.
  const order = timeFieldAsAt({ type: 'OrderPlaced', data: event.data.order }, OLD_TIME_FIELD.OrderPlaced).data;
  return { ...event, data: { ...event.data, order } };
}

export const orderStream = (orderId: string) => `order-${orderId}`;

/** A free trial's order has no provider checkout: its checkout id, unique like any, is its own. */
export const trialCheckoutId = (orderId: string) => `trial-${orderId}`;

/**
 * The free trials of one phone (trial-guard.ts): each trial claims the phone before its order is
 * placed, and gives it back if the order could not be placed. No read model folds them.
 */
export type TrialGuardEvent =
  | { type: 'TrialClaimed'; data: { phone: string; orderId: string; at: string } }
  | { type: 'TrialReleased'; data: { phone: string; orderId: string; at: string } };

export const trialGuardStream = (phone: string) => `trial-phone-${phone}`;

export type { OrderStatus };
