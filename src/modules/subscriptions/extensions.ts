import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import { coded } from '../../shared/errors';
import { DeliveryRuleError } from './decider';
import type { SubscriptionEvent } from './events';

// Pure rules of what the provisioning service was told of one renewal order's renewals
// (docs/product.md#automatic-delivery): each renewed subscription is extended there once, a
// failure stands only for those not extended yet, and an administrator's retry needs one left.

export interface ExtensionsState {
  /** Each subscription the service extended, to the end it was told. */
  extended: Record<string, string | null>;
}

export type ExtensionCommand =
  /** The service answered the extension of one subscription to `endsAt`. */
  | { type: 'RecordExtension'; data: { orderId: string; subscriptionId: string; endsAt: string | null; now: string } }
  /** The job's last try failed for these subscriptions. */
  | {
      type: 'RecordExtensionFailure';
      data: { orderId: string; subscriptionIds: string[]; reason: string; now: string };
    }
  /** An administrator asks again; `renewed`: the subscriptions the order renews (not cancelled). */
  | { type: 'RetryExtension'; data: { orderId: string; renewed: string[]; now: string } };

function decide(command: ExtensionCommand, state: ExtensionsState): SubscriptionEvent[] {
  switch (command.type) {
    case 'RecordExtension': {
      const { orderId, subscriptionId, endsAt, now } = command.data;
      // The same answer twice (a retry after a crash) records nothing more.
      if (subscriptionId in state.extended && state.extended[subscriptionId] === endsAt) return [];
      return [{ type: 'AutomaticExtensionSucceeded', data: { orderId, subscriptionId, endsAt, at: now } }];
    }
    case 'RecordExtensionFailure': {
      const { orderId, reason, now } = command.data;
      const subscriptionIds = command.data.subscriptionIds.filter((id) => !(id in state.extended));
      if (!subscriptionIds.length) return [];
      return [{ type: 'AutomaticExtensionFailed', data: { orderId, subscriptionIds, reason, at: now } }];
    }
    case 'RetryExtension': {
      const { orderId, renewed, now } = command.data;
      if (!renewed.some((id) => !(id in state.extended)))
        throw new DeliveryRuleError(409, coded('provisioning.nothing_to_extend'));
      return [{ type: 'AutomaticExtensionRetried', data: { orderId, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

function evolve(state: ExtensionsState, event: SubscriptionEvent): ExtensionsState {
  switch (event.type) {
    case 'AutomaticExtensionSucceeded':
      return { extended: { ...state.extended, [event.data.subscriptionId]: event.data.endsAt } };
    // A failure or a retry changes no rule; the other events live in other streams.
    case 'AutomaticExtensionFailed':
    case 'AutomaticExtensionRetried':
    case 'SubscriptionsDelivered':
    case 'AutomaticDeliveryFailed':
    case 'AutomaticDeliveryRetried':
    case 'SubscriptionReminded':
      return state;
    default:
      return exhaustive(event);
  }
}

/** The rules of one renewal order's extensions on the provisioning service. */
export const extensionsDecider: Decider<ExtensionCommand, SubscriptionEvent, ExtensionsState> = {
  decide,
  evolve,
  initialState: { extended: {} },
};
