import type { AdminSubscriptionView } from '@shared/subscriptions/types';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http';
import { deliveryInput, draftOf, draftProblems, serverProblems, type DeliveryDraft } from './delivery-form';

// The delivery form's rules (docs/product.md#subscriptions): the shared checks before sending, the
// body sent, and the server's field problems by the names the form uses.

const subscription = (id: string, extra: Partial<AdminSubscriptionView> = {}): AdminSubscriptionView => ({
  id,
  orderId: 'o1',
  productId: 'p1',
  packageName: 'Gold',
  duration: '1 month',
  quality: 'HD',
  devices: 1,
  status: 'awaiting_delivery',
  startsAt: null,
  endsAt: null,
  activation: null,
  deliveredAt: null,
  renewals: [],
  ...extra,
});

describe('the delivery form', () => {
  it('opens Xtream and empty for a subscription awaiting, filled in for one delivered, without the cancelled', () => {
    const draft = draftOf([
      subscription('s1'),
      subscription('s2', {
        status: 'active',
        activation: { kind: 'mag', portalUrl: 'http://p.example/c/', mac: '00:1A:79:AB:CD:EF', note: 'Hi' },
      }),
      subscription('s3', { status: 'cancelled' }),
    ]);
    expect(draft.subscriptions).toEqual([
      { subscriptionId: 's1', kind: 'xtream', values: {}, note: '' },
      {
        subscriptionId: 's2',
        kind: 'mag',
        values: { portalUrl: 'http://p.example/c/', mac: '00:1A:79:AB:CD:EF' },
        note: 'Hi',
      },
    ]);
  });

  it('names each field in error by the server’s path: required, http(s) URLs, the MAC format, lengths', () => {
    const draft: DeliveryDraft = {
      message: 'x'.repeat(2001),
      subscriptions: [
        { subscriptionId: 's1', kind: 'xtream', values: { serverUrl: 'ftp://tv.example', username: ' ' }, note: '' },
        {
          subscriptionId: 's2',
          kind: 'mag',
          values: { portalUrl: 'https://p.example', mac: '00:1A:79:AB:CD' },
          note: '',
        },
        { subscriptionId: 's3', kind: 'code', values: { code: 'ABC' }, note: 'n'.repeat(1001) },
      ],
    };
    expect(draftProblems(draft)).toEqual({
      'subscriptions.0.serverUrl': { id: 'admin.orders.delivery.invalidUrl' },
      'subscriptions.0.username': { id: 'admin.orders.delivery.required' },
      'subscriptions.0.password': { id: 'admin.orders.delivery.required' },
      'subscriptions.1.mac': { id: 'admin.orders.delivery.invalidMac' },
      'subscriptions.2.note': { id: 'admin.orders.delivery.tooLong', values: { max: 1000 } },
      message: { id: 'admin.orders.delivery.tooLong', values: { max: 2000 } },
    });
  });

  it('sends the chosen kind’s fields only, trimmed but the password, and leaves out empty notes and message', () => {
    const draft: DeliveryDraft = {
      message: '  ',
      subscriptions: [
        {
          subscriptionId: 's1',
          kind: 'code',
          values: { serverUrl: 'http://left.over', code: ' ABC ' },
          note: ' ',
        },
        {
          subscriptionId: 's2',
          kind: 'xtream',
          values: { serverUrl: 'http://tv.example ', username: 'u', password: ' p ' },
          note: ' Use VLC ',
        },
      ],
    };
    expect(draftProblems(draft)).toEqual({});
    expect(deliveryInput(draft)).toEqual({
      subscriptions: [
        { subscriptionId: 's1', kind: 'code', code: 'ABC' },
        {
          subscriptionId: 's2',
          kind: 'xtream',
          serverUrl: 'http://tv.example',
          username: 'u',
          password: ' p ',
          note: 'Use VLC',
        },
      ],
    });
  });

  it('keeps a refused delivery’s field problems by their paths, and none for other failures', () => {
    const refused = new ApiError(
      'Bad request',
      400,
      undefined,
      { code: 'delivery.invalid_mac' },
      {
        'subscriptions.0.mac': { code: 'delivery.invalid_mac' },
      },
    );
    expect(Object.keys(serverProblems(refused))).toEqual(['subscriptions.0.mac']);
    expect(serverProblems(new ApiError('Conflict', 409))).toEqual({});
    expect(serverProblems(new TypeError('network'))).toEqual({});
  });
});
