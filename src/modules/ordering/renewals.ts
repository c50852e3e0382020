import { coded } from '../../shared/errors';
import type { CheckoutItem } from '../../shared/ordering';
import { OrderRuleError } from './decider';
import type { RenewalTarget } from './events';

// What a cart may renew (docs/product.md#renewals): a renewal line names one subscription of the
// order whose private link the cart holds, for the same package, one unit of a paid duration. The
// subscription must have been delivered and must end (life time has nothing to renew); one that
// has ended may be renewed (it starts again from the payment).

/** A subscription of the order the token opens, as the subscriptions read model has it. */
export interface RenewableSubscription {
  id: string;
  productId: string;
  status: 'awaiting_delivery' | 'active' | 'cancelled';
  endsAt: string | null;
}

/** The order the cart's token opens, and its subscriptions. */
export interface RenewedOrder {
  id: string;
  number: number;
  subscriptions: RenewableSubscription[];
}

/** The renewal lines' targets by subscription id; refuses (400/404/409, nothing written) any line it cannot renew. */
export function renewalTargets(items: CheckoutItem[], order: RenewedOrder | undefined): Map<string, RenewalTarget> {
  const targets = new Map<string, RenewalTarget>();
  for (const item of items.filter((line) => line.renewalOf)) {
    const subscriptionId = item.renewalOf!;
    if (!order) throw new OrderRuleError(404, coded('renewal.link_required'));
    const subscription = order.subscriptions.find((s) => s.id === subscriptionId);
    if (!subscription) throw new OrderRuleError(404, coded('renewal.not_found'));
    if (subscription.productId !== item.productId) throw new OrderRuleError(400, coded('renewal.other_package'));
    if (item.quantity !== 1 || targets.has(subscriptionId)) throw new OrderRuleError(400, coded('renewal.one_unit'));
    if (item.duration === 'free trial') throw new OrderRuleError(400, coded('renewal.paid_duration'));
    if (subscription.status !== 'active' || subscription.endsAt === null)
      throw new OrderRuleError(409, coded('renewal.not_renewable'));
    targets.set(subscriptionId, { subscriptionId, orderId: order.id, orderNumber: order.number });
  }
  return targets;
}
