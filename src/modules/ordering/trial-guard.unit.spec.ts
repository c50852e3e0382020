import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import type { TrialGuardEvent } from './events';
import { trialGuardDecider, type TrialGuardCommand } from './trial-guard';

// One free trial per phone within the cooldown (docs/product.md#free-trials), the time given in the
// command: 365 days by default.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const COOLDOWN = 365 * DAY;
const first = '2026-01-10T09:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(first) + ms).toISOString();
const guard = deciderSpec(trialGuardDecider);
const claim = (orderId: string, now: string, standingAbandoned = false): TrialGuardCommand => ({
  type: 'ClaimTrial',
  data: { phone: '0550123456', orderId, now, cooldownMs: COOLDOWN, standingAbandoned },
});
const claimed = (orderId: string, at: string): TrialGuardEvent => ({
  type: 'TrialClaimed',
  data: { phone: '0550123456', orderId, at },
});
const release = (orderId: string): TrialGuardCommand => ({
  type: 'ReleaseTrial',
  data: { phone: '0550123456', orderId, now: later(HOUR) },
});
const released = (orderId: string): TrialGuardEvent => ({
  type: 'TrialReleased',
  data: { phone: '0550123456', orderId, at: later(HOUR) },
});

describe('trial guard of one phone', () => {
  it('gives a phone its first trial', () => {
    guard
      .given([])
      .when(claim('o1', first))
      .then([claimed('o1', first)]);
  });

  it('refuses another until the cooldown has passed: 364 days 23 hours is too early, 365 days is not', () => {
    guard
      .given([claimed('o1', first)])
      .when(claim('o2', later(364 * DAY + 23 * HOUR)))
      .thenThrows(/already had a free trial/, {
        status: 409,
        details: { availableAt: later(COOLDOWN) },
      });
    guard
      .given([claimed('o1', first)])
      .when(claim('o2', later(COOLDOWN)))
      .then([claimed('o2', later(COOLDOWN))]);
  });

  it('says in how many days the next trial becomes possible', () => {
    const refusal = (days: string) =>
      `This phone number has already had a free trial. Another one will be possible in ${days}.`;
    guard
      .given([claimed('o1', first)])
      .when(claim('o2', later(10 * DAY)))
      .thenThrows(refusal('355 days'));
    guard
      .given([claimed('o1', first)])
      .when(claim('o2', later(364 * DAY + 23 * HOUR)))
      .thenThrows(refusal('1 day'));
  });

  it('counts from the latest trial, not the first', () => {
    const second = later(COOLDOWN);
    guard
      .given([claimed('o1', first), claimed('o2', second)])
      .when(claim('o3', later(COOLDOWN + 30 * DAY)))
      .thenThrows(/already had a free trial/, { status: 409 });
  });

  it('takes back a claim whose order could not be placed, and only that one', () => {
    guard
      .given([claimed('o1', first)])
      .when(release('o1'))
      .then([released('o1')]);
    guard
      .given([claimed('o1', first)])
      .when(release('o9'))
      .then([]);
    guard
      .given([claimed('o1', first), released('o1')])
      .when(claim('o2', later(2 * HOUR)))
      .then([claimed('o2', later(2 * HOUR))]);
  });

  it('does not count a standing claim whose order was never placed', () => {
    guard
      .given([claimed('o1', first)])
      .when(claim('o2', later(DAY), true))
      .then([claimed('o2', later(DAY))]);
  });
});
