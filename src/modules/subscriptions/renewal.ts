import { endOf } from './decider';

// Renewing a subscription (docs/product.md#renewals): a renewal is a new order whose line names
// the subscription it renews. Paying it extends that subscription, whose activation details stay.

/**
 * The end of a subscription that ended (or ends) at `previousEnd`, renewed by a payment at `paidAt`
 * for `duration`: the bought months are added to the old end while it has not come, else to the
 * payment's time — time already paid for is never lost, time past is never charged.
 */
export function renewedEnd(
  previousEnd: string,
  paidAt: string,
  duration: string,
  trialLengthMs: number,
): string | null {
  const from = Date.parse(previousEnd) > Date.parse(paidAt) ? previousEnd : paidAt;
  return endOf(duration, from, trialLengthMs);
}
