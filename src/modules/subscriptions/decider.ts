import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import { coded } from '../../shared/errors';
import type { ActivationKind } from '../../shared/subscriptions/types';
import type { SubscriptionEvent } from './events';

// Pure rules of an order's deliveries (docs/product.md#subscriptions): decide(command, state) →
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

export type DeliveryCommand = {
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
};

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

const MONTHS = /^(\d+) months?$/;

/**
 * When a subscription of `duration` started at `startsAt` ends: plus the months on the calendar (a
 * month from 31 January ends on the last day of February), 'free trial' plus the trial's length,
 * 'life time' (or a duration the store does not know) never: null.
 */
export function endOf(duration: string, startsAt: string, trialLengthMs: number): string | null {
  const start = new Date(startsAt);
  if (duration === 'free trial') return new Date(start.getTime() + trialLengthMs).toISOString();
  const months = MONTHS.exec(duration);
  if (!months) return null;
  return addCalendarMonths(start, Number(months[1])).toISOString();
}

function addCalendarMonths(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

function decide(command: DeliveryCommand, state: DeliveryState): SubscriptionEvent[] {
  switch (command.type) {
    case 'Deliver': {
      const { orderId, deliverable, message, subscriptions, trialLengthMs, now } = command.data;
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
      return [{ type: 'SubscriptionsDelivered', data: { orderId, message, subscriptions: delivered, at: now } }];
    }
    default:
      return exhaustive(command.type);
  }
}

function evolve(state: DeliveryState, event: SubscriptionEvent): DeliveryState {
  switch (event.type) {
    case 'SubscriptionsDelivered': {
      const startedAt = { ...state.startedAt };
      for (const s of event.data.subscriptions) startedAt[s.subscriptionId] ??= s.startsAt;
      return { startedAt };
    }
    // Reminders have streams of their own (reminders.ts).
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
