import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import type { SubscriptionEvent } from './events';
import { extensionsDecider, type ExtensionCommand } from './extensions';

// The rules of a renewal order's extensions on the provisioning service
// (docs/product.md#automatic-delivery): each renewed subscription is recorded extended once, a
// failure names only those not extended, and a retry needs one left.

const spec = deciderSpec(extensionsDecider);
const now = '2026-11-29T10:00:00.000Z';
const END = '2027-02-28T10:00:00.000Z';

const extend = (subscriptionId: string, endsAt: string | null = END): ExtensionCommand => ({
  type: 'RecordExtension',
  data: { orderId: 'renewal-1', subscriptionId, endsAt, now },
});
const extended = (subscriptionId: string, endsAt: string | null = END): SubscriptionEvent => ({
  type: 'AutomaticExtensionSucceeded',
  data: { orderId: 'renewal-1', subscriptionId, endsAt, at: now },
});
const fail = (subscriptionIds: string[]): ExtensionCommand => ({
  type: 'RecordExtensionFailure',
  data: { orderId: 'renewal-1', subscriptionIds, reason: 'the provisioning service answered 503', now },
});
const failed = (subscriptionIds: string[]): SubscriptionEvent => ({
  type: 'AutomaticExtensionFailed',
  data: { orderId: 'renewal-1', subscriptionIds, reason: 'the provisioning service answered 503', at: now },
});
const retry = (renewed: string[]): ExtensionCommand => ({
  type: 'RetryExtension',
  data: { orderId: 'renewal-1', renewed, now },
});

describe('extending renewals on the provisioning service', () => {
  it('records the service’s answer once: the same answer again (a retry after a crash) records nothing', () => {
    spec
      .given([])
      .when(extend('sub-1'))
      .then([extended('sub-1')]);
    spec
      .given([extended('sub-1')])
      .when(extend('sub-1'))
      .then([]);
    spec
      .given([])
      .when(extend('sub-1', null))
      .then([extended('sub-1', null)]);
    spec
      .given([extended('sub-1', null)])
      .when(extend('sub-1', null))
      .then([]);
  });

  it('records a failure for the renewals not extended yet, and none once all were', () => {
    spec
      .given([extended('sub-1')])
      .when(fail(['sub-1', 'sub-2']))
      .then([failed(['sub-2'])]);
    spec
      .given([extended('sub-1')])
      .when(fail(['sub-1']))
      .then([]);
  });

  it('is retried while a renewed subscription is left to extend, else refused', () => {
    const retried: SubscriptionEvent = { type: 'AutomaticExtensionRetried', data: { orderId: 'renewal-1', at: now } };
    spec
      .given([failed(['sub-1'])])
      .when(retry(['sub-1']))
      .then([retried]);
    spec
      .given([extended('sub-1'), failed(['sub-2'])])
      .when(retry(['sub-1', 'sub-2']))
      .then([retried]);
    spec
      .given([extended('sub-1')])
      .when(retry(['sub-1']))
      .thenThrows(/no subscription left to extend/, { status: 409, code: 'provisioning.nothing_to_extend' });
    // An order that renews nothing (or only cancelled subscriptions) has nothing to retry.
    spec
      .given([])
      .when(retry([]))
      .thenThrows(/no subscription left/, { code: 'provisioning.nothing_to_extend' });
  });
});
