import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import { decider, orderTotal, phoneChangeOpenUntil, type OrderCommand } from './decider';
import type { OrderEvent, OrderLine, PaymentOutcome, PlacedOrder } from './events';

const now = '2026-11-21T12:00:00.000Z';
const order = deciderSpec(decider);
const stateOf = (events: OrderEvent[]) => events.reduce(decider.evolve, decider.initialState);
const lines: OrderLine[] = [
  { productId: 'p1', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 2000, quantity: 2 },
  { productId: 'p2', productName: 'Sport', duration: '3 months', quality: '4K', unitPrice: 5400, quantity: 1 },
];
const customer = {
  orderId: 'o1',
  checkoutId: 'c1',
  provider: 'sandbox',
  lines,
  phone: '0550123456',
  customerName: 'Client',
  customerEmail: 'client@example.dz',
  requestedMethod: 'baridi_mob',
  access: { hash: 'hash-of-token', sealed: 'sealed-token' },
  language: 'fr',
};
const refunded = (amount: number): OrderEvent => ({
  type: 'OrderRefunded',
  data: {
    orderId: 'o1',
    amount,
    reason: 'Channel list not as promised',
    method: 'ccp',
    refundedOn: '2026-11-21',
    by: 'amina',
    at: now,
  },
});
const place: OrderCommand = { type: 'PlaceOrder', data: { ...customer, number: 1042, now } };
const pay = (outcome: PaymentOutcome): OrderCommand => ({
  type: 'RecordPayment',
  data: { orderId: 'o1', outcome, paymentMethod: 'edahabia', amount: 9400, currency: 'dzd', now },
});
const payWith = (amount: number, currency = 'dzd'): OrderCommand => ({
  type: 'RecordPayment',
  data: { orderId: 'o1', outcome: 'paid', paymentMethod: 'edahabia', amount, currency, now },
});
const decide = (decision: 'accept' | 'cancel'): OrderCommand => ({
  type: 'DecidePayment',
  data: { orderId: 'o1', decision, now },
});
const changeStatus = (status: 'dispatched' | 'pending' | 'completed' | 'failed'): OrderCommand => ({
  type: 'ChangeStatus',
  data: { orderId: 'o1', status, now },
});
const updatePhone = (phone: string): OrderCommand => ({ type: 'UpdatePhone', data: { orderId: 'o1', phone, now } });
const remove: OrderCommand = { type: 'DeleteOrder', data: { orderId: 'o1', now } };

const placedOrder: PlacedOrder = { ...customer, number: 1042, total: 9400, at: now };
const placed: OrderEvent = { type: 'OrderPlaced', data: placedOrder };
const paid: OrderEvent = {
  type: 'OrderPaid',
  data: { orderId: 'o1', paymentMethod: 'edahabia', amount: 9400, at: now },
};
const failed = (reason: Exclude<PaymentOutcome, 'paid'>): OrderEvent => ({
  type: 'OrderPaymentFailed',
  data: { orderId: 'o1', reason, at: now },
});
const phoneUpdated: OrderEvent = { type: 'OrderPhoneUpdated', data: { orderId: 'o1', phone: '0770000000', at: now } };
const dispatched: OrderEvent = { type: 'OrderDispatched', data: { orderId: 'o1', at: now } };
const deleted: OrderEvent = { type: 'OrderDeleted', data: { orderId: 'o1', at: now } };
const mismatched = (amount: number, currency = 'dzd'): OrderEvent => ({
  type: 'OrderPaymentMismatched',
  data: {
    orderId: 'o1',
    paymentMethod: 'edahabia',
    amount,
    currency,
    expectedAmount: 9400,
    expectedCurrency: 'dzd',
    at: now,
  },
});
const accepted: OrderEvent = { type: 'OrderPaymentAccepted', data: { orderId: 'o1', at: now } };
const rejected: OrderEvent = { type: 'OrderPaymentRejected', data: { orderId: 'o1', at: now } };

describe('order decider', () => {
  it('places an order priced from its lines, with the number taken for it, pending, once', () => {
    expect(orderTotal(lines)).toBe(9400);
    order.given([]).when(place).then([placed]);
    order.given([placed]).when(place).thenThrows('This order already exists', { status: 409 });
    order
      .given([])
      .when({ ...place, data: { ...place.data, lines: [] } })
      .thenThrows('Your cart is empty', { status: 400 });
  });

  it('is paid exactly once, however often the news comes', () => {
    order.given([placed]).when(pay('paid')).then([paid]);
    order.given([placed, paid]).when(pay('paid')).then([]);
    order.given([placed, paid]).when(pay('failed')).then([]);
  });

  it.each(['failed', 'canceled', 'expired'] as const)('fails once when the checkout is %s', (outcome) => {
    order
      .given([placed])
      .when(pay(outcome))
      .then([failed(outcome)]);
    order
      .given([placed, failed(outcome)])
      .when(pay(outcome))
      .then([]);
  });

  it('still takes a payment confirmed after the order lapsed here', () => {
    order
      .given([placed, failed('expired')])
      .when(pay('paid'))
      .then([paid]);
  });

  it('only offers dispatched, from completed', () => {
    order
      .given([placed])
      .when(changeStatus('dispatched'))
      .thenThrows('Only a completed (paid) order can be dispatched', { status: 409 });
    order
      .given([placed, paid])
      .when(changeStatus('failed'))
      .thenThrows('The only status change offered is to dispatched');
    order.given([placed, paid]).when(changeStatus('dispatched')).then([dispatched]);
    order
      .given([placed, paid, dispatched])
      .when(changeStatus('dispatched'))
      .thenThrows('This order is already dispatched');
  });

  describe('the shopper’s phone, changed once within the hour after payment', () => {
    const paidAt = '2026-11-21T12:00:00.000Z';
    const paidThen: OrderEvent = { type: 'OrderPaid', data: { ...paid.data, at: paidAt } } as OrderEvent;
    const after = (seconds: number) => new Date(Date.parse(paidAt) + seconds * 1000).toISOString();
    const phoneAt = (phone: string, at: string): OrderCommand => ({
      type: 'UpdatePhone',
      data: { orderId: 'o1', phone, now: at },
    });
    const changed = (at: string): OrderEvent => ({
      type: 'OrderPhoneUpdated',
      data: { orderId: 'o1', phone: '0770000000', at },
    });

    it('takes a new phone for a paid order, up to an hour after payment', () => {
      order
        .given([placed, paidThen])
        .when(phoneAt('0770000000', after(59 * 60 + 59)))
        .then([changed(after(59 * 60 + 59))]);
      order
        .given([placed, paidThen])
        .when(phoneAt('0770000000', after(60 * 60)))
        .then([changed(after(60 * 60))]);
      expect(phoneChangeOpenUntil(stateOf([placed, paidThen]))).toBe(after(60 * 60));
    });

    it('refuses it once the hour has passed', () => {
      order
        .given([placed, paidThen])
        .when(phoneAt('0770000000', after(60 * 60 + 1)))
        .thenThrows(/within an hour of its payment/, { status: 409 });
    });

    it('refuses a second change, even within the hour; the same phone again changes nothing', () => {
      const history = [placed, paidThen, changed(after(60))];
      order
        .given(history)
        .when(phoneAt('0660000000', after(120)))
        .thenThrows(/already been changed once/, { status: 409 });
      order
        .given(history)
        .when(phoneAt('0770000000', after(120)))
        .then([]);
      expect(phoneChangeOpenUntil(stateOf(history))).toBeUndefined();
    });

    it('refuses it before payment, for a failed order and once dispatched', () => {
      order
        .given([placed])
        .when(phoneAt('0770000000', after(1)))
        .thenThrows(/not paid yet/, { status: 409 });
      order
        .given([placed, failed('canceled')])
        .when(phoneAt('0770000000', after(1)))
        .thenThrows(/was not paid/, { status: 409 });
      order
        .given([placed, paidThen, dispatched])
        .when(phoneAt('0770000000', after(1)))
        .thenThrows(/already been dispatched/, { status: 409 });
      for (const history of [[placed], [placed, failed('canceled')], [placed, paidThen, dispatched]])
        expect(phoneChangeOpenUntil(stateOf(history))).toBeUndefined();
    });

    it('leaves the phone as it is when the same one comes, and refuses unknown orders', () => {
      order
        .given([placed, paidThen])
        .when(phoneAt('0550123456', after(1)))
        .then([]);
      order.given([]).when(updatePhone('0770000000')).thenThrows('Order not found', { status: 404 });
    });
  });

  it('refuses to delete an order whose checkout can still be paid', () => {
    order
      .given([placed])
      .when(remove)
      .thenThrows(/still awaiting payment/, { status: 409 });
  });

  it('deletes a failed order once; unknown orders are not found', () => {
    order
      .given([placed, failed('canceled')])
      .when(remove)
      .then([deleted]);
    order
      .given([placed, failed('canceled'), deleted])
      .when(remove)
      .thenThrows('Order not found', { status: 404 });
    order.given([]).when(pay('paid')).thenThrows('Order not found', { status: 404 });
  });

  it.each([
    ['completed', [paid]],
    ['dispatched', [paid, dispatched]],
    ['refunded', [paid, refunded(9400)]],
  ])('keeps a %s order: money was taken, so a refund is recorded instead', (_status, settled) => {
    order
      .given([placed, ...settled])
      .when(remove)
      .thenThrows(/record a refund instead/, { status: 409 });
  });

  describe('a refund', () => {
    const refund = (amount: number, refundedOn = '2026-11-21'): OrderCommand => ({
      type: 'RecordRefund',
      data: {
        orderId: 'o1',
        amount,
        reason: 'Channel list not as promised',
        method: 'ccp',
        refundedOn,
        by: 'amina',
        now,
      },
    });

    it('is recorded once for a paid or dispatched order, of all or part of its total', () => {
      order
        .given([placed, paid])
        .when(refund(9400))
        .then([refunded(9400)]);
      order
        .given([placed, paid, dispatched])
        .when(refund(2000))
        .then([refunded(2000)]);
      order
        .given([placed, paid, refunded(2000)])
        .when(refund(1000))
        .thenThrows(/already refunded/, { status: 409 });
    });

    it('is refused for an order not paid, above its total, or dated after today', () => {
      order
        .given([placed])
        .when(refund(100))
        .thenThrows(/Only a paid order/, { status: 409 });
      order
        .given([placed, failed('canceled')])
        .when(refund(100))
        .thenThrows(/Only a paid order/, { status: 409 });
      order
        .given([placed, paid])
        .when(refund(9401))
        .thenThrows(/cannot exceed/, { status: 400 });
      order.given([placed, paid]).when(refund(100, '2099-01-01')).thenThrows(/date/, { status: 400 });
    });

    it("goes by the store's day (Africa/Algiers, UTC+1), not UTC's", () => {
      // 23:30 UTC on the 21st is 00:30 on the 22nd in Algiers: the 22nd is today, the 23rd is not yet.
      const lateAt = (refundedOn: string): OrderCommand => {
        const command = refund(9400, refundedOn) as Extract<OrderCommand, { type: 'RecordRefund' }>;
        return { ...command, data: { ...command.data, now: '2026-11-21T23:30:00.000Z' } };
      };
      const recorded = refunded(9400) as Extract<OrderEvent, { type: 'OrderRefunded' }>;
      order
        .given([placed, paid])
        .when(lateAt('2026-11-22'))
        .then([{ ...recorded, data: { ...recorded.data, refundedOn: '2026-11-22', at: '2026-11-21T23:30:00.000Z' } }]);
      order.given([placed, paid]).when(lateAt('2026-11-23')).thenThrows(/date/, { status: 400 });
    });

    it('leaves a refunded order nothing to dispatch, deliver or change the phone of', () => {
      const history = [placed, paid, refunded(9400)];
      order.given(history).when(changeStatus('dispatched')).thenThrows(/./, { status: 409 });
      order
        .given(history)
        .when({ type: 'RecordDelivery', data: { orderId: 'o1', kinds: ['code'], subscriptions: 1, now } })
        .thenThrows(/./, { status: 409 });
      order
        .given(history)
        .when({ type: 'UpdatePhone', data: { orderId: 'o1', phone: '0770000000', now } })
        .thenThrows(/refunded/, { status: 409 });
    });
  });

  it('brings a deleted order back, as placed with its latest phone, when a payment reaches it', () => {
    const restored: OrderEvent = {
      type: 'OrderRestored',
      data: { orderId: 'o1', order: { ...placedOrder, phone: '0770000000' }, at: now },
    };
    order
      .given([placed, phoneUpdated, failed('expired'), deleted])
      .when(pay('paid'))
      .then([restored, paid]);
    // Paid once: the same news again changes nothing, and the order can be dispatched as any other.
    const history = [placed, phoneUpdated, failed('expired'), deleted, restored, paid];
    order.given(history).when(pay('paid')).then([]);
    order.given(history).when(changeStatus('dispatched')).then([dispatched]);
  });

  it('restores nothing for a deleted order that is already paid', () => {
    order.given([placed, paid, deleted]).when(pay('paid')).then([]);
  });

  it('reads events stored before their time was named `at`', () => {
    // As the log holds them: written as JSON under the old names, read back untyped.
    const stored = (event: unknown) => event as OrderEvent;
    const { at: placedAt, ...placedData } = placedOrder;
    const history = [
      stored({ type: 'OrderPlaced', data: { ...placedData, placedAt } }),
      stored({ type: 'OrderPhoneUpdated', data: { orderId: 'o1', phone: '0770000000', updatedAt: now } }),
      stored({ type: 'OrderPaymentFailed', data: { orderId: 'o1', reason: 'expired', failedAt: now } }),
      stored({ type: 'OrderDeleted', data: { orderId: 'o1', deletedAt: now } }),
    ];
    // The restore carries the order as placed: its time now under `at`.
    const restored: OrderEvent = {
      type: 'OrderRestored',
      data: { orderId: 'o1', order: { ...placedOrder, phone: '0770000000' }, at: now },
    };
    order.given(history).when(pay('paid')).then([restored, paid]);
    const restoredBefore = stored({
      type: 'OrderRestored',
      data: { orderId: 'o1', order: { ...placedData, phone: '0770000000', placedAt }, restoredAt: now },
    });
    const paidBefore = stored({
      type: 'OrderPaid',
      data: { orderId: 'o1', paymentMethod: 'edahabia', amount: 9400, paidAt: now },
    });
    // Read as paid: a paid order is kept (a refund is recorded instead).
    order
      .given([...history, restoredBefore, paidBefore])
      .when(remove)
      .thenThrows(/record a refund instead/, { status: 409 });
  });

  describe('a payment that does not match the order', () => {
    it('flags the order payment_mismatch instead of completing it, for a wrong amount or currency', () => {
      order
        .given([placed])
        .when(payWith(1))
        .then([mismatched(1)]);
      order
        .given([placed])
        .when(payWith(94000))
        .then([mismatched(94000)]);
      order
        .given([placed])
        .when(payWith(9400, 'eur'))
        .then([mismatched(9400, 'eur')]);
      order
        .given([placed, failed('expired')])
        .when(payWith(1))
        .then([mismatched(1)]);
    });

    it('completes the order as before when amount and currency match (currency in any case)', () => {
      order.given([placed]).when(payWith(9400)).then([paid]);
      order.given([placed]).when(payWith(9400, 'DZD')).then([paid]);
    });

    it('changes nothing on later news about a mismatched order', () => {
      order
        .given([placed, mismatched(1)])
        .when(payWith(1))
        .then([]);
      order
        .given([placed, mismatched(1)])
        .when(payWith(9400))
        .then([]);
      order
        .given([placed, mismatched(1)])
        .when(pay('failed'))
        .then([]);
    });

    it('brings a deleted order back, still flagged, when a mismatched payment reaches it', () => {
      const restored: OrderEvent = { type: 'OrderRestored', data: { orderId: 'o1', order: placedOrder, at: now } };
      order
        .given([placed, failed('expired'), deleted])
        .when(payWith(1))
        .then([restored, mismatched(1)]);
    });

    it('lets an admin accept the payment: the order is completed and can be dispatched', () => {
      order
        .given([placed, mismatched(1)])
        .when(decide('accept'))
        .then([accepted]);
      order
        .given([placed, mismatched(1), accepted])
        .when(changeStatus('dispatched'))
        .then([dispatched]);
      order
        .given([placed, mismatched(1), accepted])
        .when(payWith(1))
        .then([]);
    });

    it('lets an admin cancel the order: it fails, and the same payment news never brings it back', () => {
      order
        .given([placed, mismatched(1)])
        .when(decide('cancel'))
        .then([rejected]);
      order
        .given([placed, mismatched(1), rejected])
        .when(payWith(1))
        .then([]);
      order
        .given([placed, mismatched(1), rejected])
        .when(payWith(9400))
        .then([]);
      order
        .given([placed, mismatched(1), rejected])
        .when(remove)
        .then([deleted]);
    });

    it('refuses a decision on an order whose payment is not in question, once decided too', () => {
      const refusal = /Only an order whose payment does not match/;
      order.given([placed]).when(decide('accept')).thenThrows(refusal, { status: 409 });
      order.given([placed, paid]).when(decide('cancel')).thenThrows(refusal, { status: 409 });
      order
        .given([placed, mismatched(1), accepted])
        .when(decide('cancel'))
        .thenThrows(refusal, { status: 409 });
      order
        .given([placed, mismatched(1), rejected])
        .when(decide('accept'))
        .thenThrows(refusal, { status: 409 });
      order.given([]).when(decide('accept')).thenThrows('Order not found', { status: 404 });
    });

    it('refuses to delete or dispatch an order awaiting the decision', () => {
      order
        .given([placed, mismatched(1)])
        .when(remove)
        .thenThrows(/payment does not match/, { status: 409 });
      order
        .given([placed, mismatched(1)])
        .when(changeStatus('dispatched'))
        .thenThrows('Only a completed (paid) order can be dispatched', { status: 409 });
    });
  });

  describe('a free trial (docs/product.md#free-trials)', () => {
    const trialLine: OrderLine = {
      productId: 'p1',
      productName: 'Gold',
      duration: 'free trial',
      quality: 'HD',
      unitPrice: 0,
      quantity: 1,
    };
    const placeTrial = (trialLines: OrderLine[]): OrderCommand => ({
      type: 'PlaceOrder',
      data: {
        ...place.data,
        checkoutId: 'trial-o1',
        provider: 'none',
        requestedMethod: 'free_trial',
        lines: trialLines,
      },
    });
    const trialPlaced: OrderEvent = {
      type: 'OrderPlaced',
      data: {
        ...placedOrder,
        checkoutId: 'trial-o1',
        provider: 'none',
        requestedMethod: 'free_trial',
        lines: [trialLine],
        total: 0,
        trial: true,
      },
    };
    const granted: OrderEvent = { type: 'OrderTrialGranted', data: { orderId: 'o1', at: now } };

    it('is placed and granted at once, completed without payment', () => {
      order
        .given([])
        .when(placeTrial([trialLine]))
        .then([trialPlaced, granted]);
      expect(stateOf([trialPlaced, granted])).toMatchObject({ status: 'completed' });
      expect(phoneChangeOpenUntil(stateOf([trialPlaced, granted]))).toBeUndefined();
    });

    it('is one unit of one package', () => {
      order
        .given([])
        .when(placeTrial([{ ...trialLine, quantity: 2 }]))
        .thenThrows('A free trial is one subscription of one package: quantity 1.', { status: 400 });
      order
        .given([])
        .when(placeTrial([trialLine, { ...trialLine, productId: 'p2' }]))
        .thenThrows(/quantity 1/, { status: 400 });
    });

    it('is never mixed with paid lines', () => {
      order
        .given([])
        .when(placeTrial([trialLine, lines[0]!]))
        .thenThrows(/A free trial is ordered on its own/, { status: 400 });
    });

    it('is delivered and dispatched like a paid order, and takes no payment news', () => {
      order.given([trialPlaced, granted]).when(changeStatus('dispatched')).then([dispatched]);
      order.given([trialPlaced, granted]).when(pay('paid')).then([]);
      order.given([trialPlaced, granted]).when(pay('failed')).then([]);
    });

    it('keeps the phone it was given to', () => {
      order
        .given([trialPlaced, granted])
        .when(updatePhone('0770000000'))
        .thenThrows('A free trial keeps the phone number it was requested with.', { status: 409 });
    });
  });
});
