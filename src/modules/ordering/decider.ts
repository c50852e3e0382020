import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import {
  STORE_CURRENCY,
  isTrialDuration,
  storeDay,
  type OrderStatus,
  type PaymentDecision,
} from '../../shared/ordering';
import type { OrderAccess } from './access';
import type { RefundRecord } from './events';
import { upcastOrderEvent, type OrderEvent, type OrderLine, type PaymentOutcome, type PlacedOrder } from './events';
import { coded, type Coded } from '../../shared/errors';

// Pure rules of one order: decide(command, state) → events; evolve(state, event) → state.
//
// Deleting and paying (issue: a paid order vanished): an admin may delete an order only once its
// checkout can no longer be paid here (failed, completed, dispatched); a pending one is refused.
// A provider can still confirm a payment after we gave up on a checkout (a failed order), so a
// payment that reaches a deleted order brings it back, flagged for the admins (OrderRestored):
// money taken always leaves an order in every read model.
//
// The shopper's phone (issue: anyone holding an order id could rewrite it, as often as they
// liked): checkout requires a phone, and the confirmation page may change it once, within an hour
// of the payment, while the order is paid and not dispatched. Anything else is a 409 and writes
// nothing; the same phone sent again after the change (a retried save) changes nothing.
//
// Money is checked twice (issue: a 1 Da payment completed a 16,000 Da order): a payment completes
// its order only when its amount and currency are the order's total in the store's currency.
// Otherwise the order waits as payment_mismatch, out of the revenue, until an admin accepts the
// payment (completed) or cancels the order (failed, to be refunded with the provider); a canceled
// order takes no later payment news for the same checkout.
//
// Free trials (docs/product.md#free-trials): a cart of one 'free trial' unit is placed and granted
// in one append (OrderPlaced with `trial`, OrderTrialGranted), with no payment; trial lines next to
// paid ones, or more than one unit, are refused. One trial per phone is guarded on the phone's own
// stream (trial-guard.ts), before the order is placed.

export interface OrderState {
  exists: boolean;
  deleted: boolean;
  status: OrderStatus;
  /** An admin refused its mismatched payment: later news of that payment changes nothing. */
  paymentRejected?: boolean;
  /** The order as placed, its phone kept current: what a restore brings back. */
  order?: PlacedOrder;
  /** When the payment was recorded (the latest OrderPaid). */
  paidAt?: string;
  /** The shopper has changed the phone once (OrderPhoneUpdated): no further change is taken. */
  phoneChanged?: boolean;
}

const initialState: OrderState = { exists: false, deleted: false, status: 'pending' };

/**
 * How long after its payment an order's phone may be changed, once, by whoever holds the order's
 * id (the shopper's confirmation page): long enough to correct a typo, short enough that a leaked
 * id cannot redirect a subscription later.
 */
export const PHONE_CHANGE_WINDOW_MS = 60 * 60 * 1000;

/** Until when the shopper may still change the order's phone (ISO time), or undefined when no change would be taken. */
export function phoneChangeOpenUntil(state: OrderState): string | undefined {
  if (!state.exists || state.deleted || state.status !== 'completed' || state.phoneChanged || !state.paidAt)
    return undefined;
  return new Date(Date.parse(state.paidAt) + PHONE_CHANGE_WINDOW_MS).toISOString();
}

/**
 * Why the shopper's change of the phone to `phone` at `now` is refused, or undefined when it is
 * taken. The same phone again after the change (a retried save) is taken, and changes nothing.
 */
function phoneChangeRefusal(state: OrderState, phone: string, now: string): Coded | undefined {
  // The trial was claimed for this phone (trial-guard.ts).
  if (state.order?.trial) return coded('order.phone_trial');
  switch (state.status) {
    case 'pending':
      return coded('order.phone_unpaid');
    case 'failed':
      return coded('order.phone_failed');
    case 'dispatched':
      return coded('order.phone_dispatched');
    case 'payment_mismatch':
      return coded('order.phone_payment_mismatch');
    case 'refunded':
      return coded('order.phone_refunded');
    case 'completed':
      break;
    default:
      return exhaustive(state.status);
  }
  const deadline = state.paidAt ? Date.parse(state.paidAt) + PHONE_CHANGE_WINDOW_MS : -Infinity;
  if (Date.parse(now) > deadline) return coded('order.phone_window_closed');
  if (state.phoneChanged && phone !== state.order?.phone) return coded('order.phone_changed_once');
  return undefined;
}

export type OrderCommand =
  | {
      type: 'PlaceOrder';
      data: {
        orderId: string;
        /** Taken from the order-number sequence before the command (order-numbers.ts). */
        number: number;
        checkoutId: string;
        provider: string;
        lines: OrderLine[];
        phone: string;
        customerName: string;
        customerEmail: string;
        requestedMethod: string;
        access: OrderAccess;
        language: string;
        now: string;
      };
    }
  | {
      type: 'RecordPayment';
      data: {
        orderId: string;
        outcome: PaymentOutcome;
        paymentMethod: string | null;
        /** What the provider says was paid, in `currency` (Chargily's code, e.g. dzd). */
        amount: number;
        currency: string;
        now: string;
      };
    }
  | { type: 'DecidePayment'; data: { orderId: string; decision: PaymentDecision; now: string } }
  | { type: 'UpdatePhone'; data: { orderId: string; phone: string; now: string } }
  | { type: 'ChangeStatus'; data: { orderId: string; status: OrderStatus; now: string } }
  /** Activation details delivered (docs/product.md#subscriptions): a completed order becomes dispatched. */
  | { type: 'RecordDelivery'; data: { orderId: string; kinds: string[]; subscriptions: number; now: string } }
  /** A new private link for the order (docs/product.md#order-page); the old token stops working. */
  | { type: 'RenewAccessLink'; data: { orderId: string; access: OrderAccess; now: string } }
  | { type: 'RecordWhatsAppSent'; data: { orderId: string; withDetails: boolean; by: string; now: string } }
  /** An administrator refunded the shopper outside the store (docs/product.md#refunds). */
  | { type: 'RecordRefund'; data: RefundRecord & { orderId: string; by: string; now: string } }
  | { type: 'DeleteOrder'; data: { orderId: string; now: string } };

export class OrderRuleError extends RuleError {}

export const orderTotal = (lines: OrderLine[]) => lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);

/**
 * Whether the lines are a free trial: every line in the trial duration, one unit in all. Trial
 * lines next to paid ones, or more than one trial unit, are refused (400).
 */
export function isTrialOrder(lines: readonly OrderLine[]): boolean {
  const trials = lines.filter((line) => isTrialDuration(line.duration));
  if (!trials.length) return false;
  if (trials.length < lines.length) throw new OrderRuleError(400, coded('trial.mixed_cart'));
  if (trials.length > 1 || trials[0]!.quantity !== 1) throw new OrderRuleError(400, coded('trial.quantity'));
  return true;
}

function placeOrder(data: Extract<OrderCommand, { type: 'PlaceOrder' }>['data']): OrderEvent[] {
  const { now, lines, ...rest } = data;
  if (!lines.length) throw new OrderRuleError(400, coded('cart.empty'));
  const placed = { ...rest, lines, total: orderTotal(lines), at: now };
  if (!isTrialOrder(lines)) return [{ type: 'OrderPlaced', data: placed }];
  return [
    { type: 'OrderPlaced', data: { ...placed, trial: true } },
    { type: 'OrderTrialGranted', data: { orderId: data.orderId, at: now } },
  ];
}

function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      if (state.exists) throw new OrderRuleError(409, coded('order.exists'));
      return placeOrder(command.data);
    case 'RecordPayment':
      // Even a deleted order takes the provider's news: a payment brings it back (recordPayment).
      if (!state.exists) throw new OrderRuleError(404, coded('order.not_found'));
      return recordPayment(command.data, state);
    case 'UpdatePhone': {
      requireOrder(state);
      const { orderId, phone, now } = command.data;
      const refusal = phoneChangeRefusal(state, phone, now);
      if (refusal) throw new OrderRuleError(409, refusal);
      return phone === state.order?.phone ? [] : [{ type: 'OrderPhoneUpdated', data: { orderId, phone, at: now } }];
    }
    case 'ChangeStatus': {
      requireOrder(state);
      const { orderId, status, now } = command.data;
      if (status !== 'dispatched') throw new OrderRuleError(409, coded('order.dispatch_only'));
      if (state.status === 'dispatched') throw new OrderRuleError(409, coded('order.already_dispatched'));
      if (state.status !== 'completed') throw new OrderRuleError(409, coded('order.dispatch_unpaid'));
      return [{ type: 'OrderDispatched', data: { orderId, at: now } }];
    }
    case 'DecidePayment':
      return decidePayment(command.data, state);
    case 'RecordDelivery':
      requireOrder(state);
      return recordDelivery(command.data, state);
    case 'RenewAccessLink': {
      requireOrder(state);
      const { orderId, access, now } = command.data;
      const replacedHash = state.order?.access?.hash ?? null;
      return [{ type: 'OrderAccessLinkRenewed', data: { orderId, access, replacedHash, at: now } }];
    }
    case 'RecordWhatsAppSent': {
      requireOrder(state);
      const { orderId, withDetails, by, now } = command.data;
      return [{ type: 'OrderSentOnWhatsApp', data: { orderId, withDetails, by, at: now } }];
    }
    case 'RecordRefund':
      requireOrder(state);
      return recordRefund(command.data, state);
    case 'DeleteOrder':
      requireOrder(state);
      if (state.status === 'payment_mismatch') throw new OrderRuleError(409, coded('order.delete_payment_mismatch'));
      // Money was taken: the order stays, and a refund says what was given back.
      if (state.status === 'completed' || state.status === 'dispatched' || state.status === 'refunded')
        throw new OrderRuleError(409, coded('order.delete_paid'));
      if (state.status === 'pending') {
        throw new OrderRuleError(409, coded('order.delete_pending'));
      }
      return [{ type: 'OrderDeleted', data: { orderId: command.data.orderId, at: command.data.now } }];
    default:
      return exhaustive(command);
  }
}

// Exactly once: only a pending order (or one we gave up on, see below) takes a payment outcome;
// the same news arriving again by webhook, poll or return page changes nothing.
function recordPayment(
  data: Extract<OrderCommand, { type: 'RecordPayment' }>['data'],
  state: OrderState,
): OrderEvent[] {
  const { orderId, outcome, now } = data;
  if (outcome === 'paid') {
    // A payment the provider confirms after we marked the order failed (it lapsed here first) is
    // still money the shopper paid: the order becomes paid rather than lost. One an admin refused
    // stays refused.
    if ((state.status !== 'pending' && state.status !== 'failed') || state.paymentRejected) return [];
    const paid = paymentEvent(data, state);
    if (!state.deleted || !state.order) return [paid];
    return [{ type: 'OrderRestored', data: { orderId, order: state.order, at: now } }, paid];
  }
  if (state.status !== 'pending') return [];
  return [{ type: 'OrderPaymentFailed', data: { orderId, reason: outcome, at: now } }];
}

/** OrderPaid when the amount and currency are the order's; OrderPaymentMismatched otherwise. */
function paymentEvent(data: Extract<OrderCommand, { type: 'RecordPayment' }>['data'], state: OrderState): OrderEvent {
  const { orderId, paymentMethod, amount, now } = data;
  const currency = data.currency.toLowerCase();
  const expectedAmount = state.order?.total;
  if (amount === expectedAmount && currency === STORE_CURRENCY)
    return { type: 'OrderPaid', data: { orderId, paymentMethod, amount, at: now } };
  return {
    type: 'OrderPaymentMismatched',
    data: {
      orderId,
      paymentMethod,
      amount,
      currency,
      expectedAmount: expectedAmount ?? 0,
      expectedCurrency: STORE_CURRENCY,
      at: now,
    },
  };
}

/** An admin's answer to a mismatched payment: only an order awaiting it takes one. */
function decidePayment(
  data: Extract<OrderCommand, { type: 'DecidePayment' }>['data'],
  state: OrderState,
): OrderEvent[] {
  requireOrder(state);
  if (state.status !== 'payment_mismatch') throw new OrderRuleError(409, coded('order.no_payment_decision'));
  const event = { orderId: data.orderId, at: data.now };
  return [
    data.decision === 'accept'
      ? { type: 'OrderPaymentAccepted', data: event }
      : { type: 'OrderPaymentRejected', data: event },
  ];
}

// A refund is recorded once, for a paid order, of all or part of what was paid; its subscriptions
// are cancelled (the subscriptions read model) and its amount leaves the revenue.
function recordRefund(data: Extract<OrderCommand, { type: 'RecordRefund' }>['data'], state: OrderState): OrderEvent[] {
  const { orderId, amount, reason, method, refundedOn, by, now } = data;
  if (state.status === 'refunded') throw new OrderRuleError(409, coded('order.already_refunded'));
  if (state.status !== 'completed' && state.status !== 'dispatched')
    throw new OrderRuleError(409, coded('order.refund_unpaid'));
  const paid = state.order?.total ?? 0;
  if (amount > paid) throw new OrderRuleError(400, coded('order.refund_too_much', { total: paid }));
  // Not after the store's today: Algiers' day, not UTC's (docs/product.md#refunds).
  if (refundedOn > storeDay(new Date(now))) throw new OrderRuleError(400, coded('order.refund_date'));
  return [{ type: 'OrderRefunded', data: { orderId, amount, reason, method, refundedOn, by, at: now } }];
}

// A delivery is taken for a paid order only. The first one dispatches it (the same OrderDispatched
// as the admin's status change); later ones correct the details and dispatch nothing.
function recordDelivery(
  data: Extract<OrderCommand, { type: 'RecordDelivery' }>['data'],
  state: OrderState,
): OrderEvent[] {
  const { orderId, kinds, subscriptions, now } = data;
  if (
    state.status === 'pending' ||
    state.status === 'failed' ||
    state.status === 'payment_mismatch' ||
    state.status === 'refunded'
  )
    throw new OrderRuleError(409, coded('delivery.order_not_paid'));
  const delivered: OrderEvent = { type: 'OrderDelivered', data: { orderId, kinds, subscriptions, at: now } };
  if (state.status === 'dispatched') return [delivered];
  return [{ type: 'OrderDispatched', data: { orderId, at: now } }, delivered];
}

function evolve(state: OrderState, stored: OrderEvent): OrderState {
  const event = upcastOrderEvent(stored);
  switch (event.type) {
    case 'OrderPlaced':
      return { exists: true, deleted: false, status: 'pending', order: event.data };
    case 'OrderPaid':
      return { ...state, status: 'completed', paidAt: event.data.at };
    case 'OrderPaymentFailed':
      return { ...state, status: 'failed' };
    case 'OrderPaymentMismatched':
      return { ...state, status: 'payment_mismatch' };
    case 'OrderPaymentAccepted':
    case 'OrderTrialGranted':
      return { ...state, status: 'completed' };
    case 'OrderPaymentRejected':
      return { ...state, status: 'failed', paymentRejected: true };
    case 'OrderPhoneUpdated':
      return { ...state, order: state.order && { ...state.order, phone: event.data.phone }, phoneChanged: true };
    case 'OrderDispatched':
      return { ...state, status: 'dispatched' };
    case 'OrderAccessLinkRenewed':
      // A restore brings the order back with the link it has now.
      return { ...state, order: state.order && { ...state.order, access: event.data.access } };
    case 'OrderDelivered':
    case 'OrderSentOnWhatsApp':
      return state;
    case 'OrderRefunded':
      return { ...state, status: 'refunded' };
    case 'OrderDeleted':
      return { ...state, deleted: true };
    case 'OrderRestored':
      return { ...state, deleted: false };
    default:
      return exhaustive(event);
  }
}

function requireOrder(state: OrderState): void {
  if (!state.exists || state.deleted) throw new OrderRuleError(404, coded('order.not_found'));
}

/** The rules of one order's stream; evolve reads events stored under older field names too. */
export const decider: Decider<OrderCommand, OrderEvent, OrderState> = { decide, evolve, initialState };
