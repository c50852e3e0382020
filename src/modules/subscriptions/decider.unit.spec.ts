import { describe, expect, it } from 'vitest';
import { endOf } from '../../shared/subscriptions/terms';
import { deliveryDecider, type DeliveryCommand, type DeliveryState } from './decider';

// The rules of a delivery with the time given: calendar months, trials, life time, the start a
// correction keeps, and what a delivery may name (docs/product.md#subscriptions).

const DAY = 24 * 60 * 60 * 1000;

describe('when a subscription ends', () => {
  it.each([
    ['1 month', '2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z'],
    ['1 month', '2028-01-31T10:00:00.000Z', '2028-02-29T10:00:00.000Z'],
    ['3 months', '2026-11-30T23:30:00.000Z', '2027-02-28T23:30:00.000Z'],
    ['6 months', '2026-08-31T00:00:00.000Z', '2027-02-28T00:00:00.000Z'],
    ['12 months', '2026-11-29T07:00:00.000Z', '2027-11-29T07:00:00.000Z'],
    ['15 months', '2026-11-29T07:00:00.000Z', '2028-02-29T07:00:00.000Z'],
    ['1 month', '2026-03-15T12:00:00.000Z', '2026-04-15T12:00:00.000Z'],
  ])('%s from %s ends on %s (calendar months, the last day when the month is shorter)', (duration, start, end) => {
    expect(endOf(duration, start, DAY)).toBe(end);
  });

  it('ends a free trial after the trial length, and a life-time subscription never', () => {
    expect(endOf('free trial', '2026-11-29T23:00:00.000Z', DAY)).toBe('2026-11-30T23:00:00.000Z');
    expect(endOf('free trial', '2026-11-29T23:00:00.000Z', 90 * 60_000)).toBe('2026-11-30T00:30:00.000Z');
    expect(endOf('life time', '2026-11-29T23:00:00.000Z', DAY)).toBeNull();
    expect(endOf('forever and a day', '2026-11-29T23:00:00.000Z', DAY)).toBeNull();
  });
});

describe('a delivery', () => {
  const deliverable = [
    { id: 'sub-1', duration: '3 months' },
    { id: 'sub-2', duration: 'free trial' },
  ];
  const deliver = (now: string, ids = ['sub-1', 'sub-2'], list = deliverable): DeliveryCommand => ({
    type: 'Deliver',
    data: {
      orderId: 'order-1',
      deliverable: list,
      message: 'sealed message',
      subscriptions: ids.map((subscriptionId) => ({
        subscriptionId,
        kind: 'xtream',
        activation: `sealed ${subscriptionId}`,
      })),
      trialLengthMs: DAY,
      now,
    },
  });
  const decide = (command: DeliveryCommand, state: DeliveryState = deliveryDecider.initialState) =>
    deliveryDecider.decide(command, state);

  it('starts each subscription at its first delivery and ends it by its duration', () => {
    const [event] = decide(deliver('2026-11-29T08:00:00.000Z'));
    expect(event).toEqual({
      type: 'SubscriptionsDelivered',
      data: {
        orderId: 'order-1',
        message: 'sealed message',
        at: '2026-11-29T08:00:00.000Z',
        subscriptions: [
          {
            subscriptionId: 'sub-1',
            kind: 'xtream',
            activation: 'sealed sub-1',
            startsAt: '2026-11-29T08:00:00.000Z',
            endsAt: '2027-02-28T08:00:00.000Z',
          },
          {
            subscriptionId: 'sub-2',
            kind: 'xtream',
            activation: 'sealed sub-2',
            startsAt: '2026-11-29T08:00:00.000Z',
            endsAt: '2026-11-30T08:00:00.000Z',
          },
        ],
      },
    });
  });

  it('keeps the first start when the details are corrected later, and starts only what is new', () => {
    const first = decide(deliver('2026-11-29T08:00:00.000Z', ['sub-1']));
    const state = first.reduce(deliveryDecider.evolve, deliveryDecider.initialState);
    const [correction] = decide(deliver('2026-12-05T09:00:00.000Z'), state);
    if (correction?.type !== 'SubscriptionsDelivered') throw new Error('expected a delivery');
    expect(correction.data.subscriptions.map((s) => [s.subscriptionId, s.startsAt, s.endsAt])).toEqual([
      ['sub-1', '2026-11-29T08:00:00.000Z', '2027-02-28T08:00:00.000Z'],
      ['sub-2', '2026-12-05T09:00:00.000Z', '2026-12-06T09:00:00.000Z'],
    ]);
  });

  it('refuses a subscription the order does not have, one named twice, and an order with none to deliver', () => {
    expect(() => decide(deliver('2026-11-29T08:00:00.000Z', ['sub-9']))).toThrow(
      expect.objectContaining({
        status: 404,
        code: 'delivery.unknown_subscription',
        params: { subscriptionId: 'sub-9' },
      }),
    );
    expect(() => decide(deliver('2026-11-29T08:00:00.000Z', ['sub-1', 'sub-1']))).toThrow(
      expect.objectContaining({ status: 400, code: 'delivery.duplicate_subscription' }),
    );
    expect(() => decide(deliver('2026-11-29T08:00:00.000Z', ['sub-1'], []))).toThrow(
      expect.objectContaining({ status: 409, code: 'delivery.order_not_paid' }),
    );
  });
});

describe('automatic delivery (docs/product.md#automatic-delivery)', () => {
  const now = '2026-11-29T08:00:00.000Z';
  const delivered = deliveryDecider.decide(
    {
      type: 'Deliver',
      data: {
        orderId: 'order-1',
        deliverable: [{ id: 'sub-1', duration: '1 month' }],
        message: null,
        subscriptions: [{ subscriptionId: 'sub-1', kind: 'code', activation: 'sealed' }],
        trialLengthMs: DAY,
        now,
      },
    },
    deliveryDecider.initialState,
  );
  const fail = (subscriptionIds: string[]): DeliveryCommand => ({
    type: 'RecordAutomaticFailure',
    data: { orderId: 'order-1', subscriptionIds, reason: 'the provisioning service answered 503', now },
  });

  it('records a failure for the subscriptions still undelivered, and none once an admin delivered them all', () => {
    const state = delivered.reduce(deliveryDecider.evolve, deliveryDecider.initialState);
    expect(deliveryDecider.decide(fail(['sub-1', 'sub-2']), state)).toEqual([
      {
        type: 'AutomaticDeliveryFailed',
        data: {
          orderId: 'order-1',
          subscriptionIds: ['sub-2'],
          reason: 'the provisioning service answered 503',
          at: now,
        },
      },
    ]);
    expect(deliveryDecider.decide(fail(['sub-1']), state)).toEqual([]);
  });

  it('is retried for an order with a subscription awaiting its details only', () => {
    const retry = (awaiting: string[]): DeliveryCommand => ({
      type: 'RetryAutomaticDelivery',
      data: { orderId: 'order-1', awaiting, now },
    });
    const failed = deliveryDecider.decide(fail(['sub-2']), deliveryDecider.initialState);
    const state = failed.reduce(deliveryDecider.evolve, deliveryDecider.initialState);
    expect(deliveryDecider.decide(retry(['sub-2']), state)).toEqual([
      { type: 'AutomaticDeliveryRetried', data: { orderId: 'order-1', at: now } },
    ]);
    expect(() => deliveryDecider.decide(retry([]), state)).toThrow(
      expect.objectContaining({ status: 409, code: 'provisioning.nothing_awaiting' }),
    );
  });
});
