import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import { coded } from '../../shared/errors';
import type { ActivationKind } from '../../shared/subscriptions/types';
import { endOf } from '../../shared/subscriptions/terms';
import type { SubscriptionEvent } from './events';

// Pure rules of an order's deliveries (docs/product.md#subscriptions), by hand or automatic
// (docs/product.md#automatic-delivery): decide(command, state) →
// events; evolve(state, event) → state. The time comes in the command; details arrive sealed.

export interface DeliveryState {
  /** Each delivered subscription's first delivery: a correction keeps its start. */
  startedAt: Record<string, string>;
}

const initialState: DeliveryState = { startedAt: {} };

/** A subscription of the order that may be delivered (not cancelled), as the read model has it. */
export interface DeliverableSubscription {
  id: string;
  duration: string;
}

export type DeliveryCommand =
  | {
      type: 'Deliver';
      data: {
        orderId: string;
        /** The order's subscriptions that may be delivered. */
        deliverable: DeliverableSubscription[];
        message: string | null;
        subscriptions: { subscriptionId: string; kind: ActivationKind; activation: string }[];
        /** How long a 'free trial' lasts (TRIAL_LENGTH). */
        trialLengthMs: number;
        now: string;
      };
    }
  /** Automatic delivery's last try failed for these subscriptions (docs/product.md#automatic-delivery). */
  | {
      type: 'RecordAutomaticFailure';
      data: { orderId: string; subscriptionIds: string[]; reason: string; now: string };
    }
  /** An administrator asks for automatic delivery again; `awaiting`: the order's subscriptions awaiting details. */
  | { type: 'RetryAutomaticDelivery'; data: { orderId: string; awaiting: string[]; now: string } };

export class DeliveryRuleError extends RuleError {}

/** Refuses a delivery naming a subscription twice, or one the order does not have (or has cancelled). */
export function checkDelivery(deliverable: DeliverableSubscription[], subscriptionIds: string[]): void {
  if (!deliverable.length) throw new DeliveryRuleError(409, coded('delivery.order_not_paid'));
  const known = new Set(deliverable.map((s) => s.id));
  const seen = new Set<string>();
  for (const id of subscriptionIds) {
    if (!known.has(id))
      throw new DeliveryRuleError(404, coded('delivery.unknown_subscription', { subscriptionId: id }));
    if (seen.has(id))
      throw new DeliveryRuleError(400, coded('delivery.duplicate_subscription', { subscriptionId: id }));
    seen.add(id);
  }
}

function decide(command: DeliveryCommand, state: DeliveryState): SubscriptionEvent[] {
  switch (command.type) {
    case 'Deliver':
      return [deliver(command.data, state)];
    case 'RecordAutomaticFailure': {
      // Those delivered meanwhile (by hand) did not fail: nothing is recorded when none is left.
      const { orderId, reason, now } = command.data;
      const subscriptionIds = command.data.subscriptionIds.filter((id) => !state.startedAt[id]);
      if (!subscriptionIds.length) return [];
      return [{ type: 'AutomaticDeliveryFailed', data: { orderId, subscriptionIds, reason, at: now } }];
    }
    case 'RetryAutomaticDelivery': {
      const { orderId, awaiting, now } = command.data;
      if (!awaiting.length) throw new DeliveryRuleError(409, coded('provisioning.nothing_awaiting'));
      return [{ type: 'AutomaticDeliveryRetried', data: { orderId, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

function deliver(data: Extract<DeliveryCommand, { type: 'Deliver' }>['data'], state: DeliveryState): SubscriptionEvent {
  const { orderId, deliverable, message, subscriptions, trialLengthMs, now } = data;
  checkDelivery(
    deliverable,
    subscriptions.map((s) => s.subscriptionId),
  );
  const durations = new Map(deliverable.map((s) => [s.id, s.duration]));
  const delivered = subscriptions.map(({ subscriptionId, kind, activation }) => {
    const startsAt = state.startedAt[subscriptionId] ?? now;
    const endsAt = endOf(durations.get(subscriptionId)!, startsAt, trialLengthMs);
    return { subscriptionId, kind, activation, startsAt, endsAt };
  });
  return { type: 'SubscriptionsDelivered', data: { orderId, message, subscriptions: delivered, at: now } };
}

function evolve(state: DeliveryState, event: SubscriptionEvent): DeliveryState {
  switch (event.type) {
    case 'SubscriptionsDelivered': {
      const startedAt = { ...state.startedAt };
      for (const s of event.data.subscriptions) startedAt[s.subscriptionId] ??= s.startsAt;
      return { startedAt };
    }
    // What automatic delivery tried changes no rule of a delivery; reminders and renewals' extensions
    // have streams of their own (reminders.ts, extensions.ts).
    case 'AutomaticDeliveryFailed':
    case 'AutomaticDeliveryRetried':
    case 'AutomaticExtensionSucceeded':
    case 'AutomaticExtensionFailed':
    case 'AutomaticExtensionRetried':
    case 'SubscriptionReminded':
      return state;
    default:
      return exhaustive(event);
  }
}

/** The rules of one order's deliveries. */
export const deliveryDecider: Decider<DeliveryCommand, SubscriptionEvent, DeliveryState> = {
  decide,
  evolve,
  initialState,
};
