import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import { RuleError } from '../../platform/rule-error';
import { coded } from '../../shared/errors';
import type { ReminderStep } from '../../shared/subscriptions/types';
import type { SubscriptionEvent } from './events';

// Pure rules of one subscription's reminders (docs/product.md#subscriptions-screen): each step is
// sent once, so two admins working the same worklist never remind a customer twice for it.

export interface RemindersState {
  sent: Partial<Record<ReminderStep, { by: string; at: string }>>;
}

export interface RemindCommand {
  type: 'Remind';
  data: {
    subscriptionId: string;
    orderId: string;
    step: ReminderStep;
    by: string;
    /** Delivered and with an end (the read model's word): nothing to remind otherwise. */
    remindable: boolean;
    now: string;
  };
}

/** The step was already sent: by whom and when (the route names them in its 409). */
export class AlreadyReminded extends RuleError {
  constructor(
    readonly by: string,
    readonly at: string,
  ) {
    super(409, coded('subscriptions.already_reminded', { name: by, at }));
  }
}

function decide(command: RemindCommand, state: RemindersState): SubscriptionEvent[] {
  const { subscriptionId, orderId, step, by, remindable, now } = command.data;
  if (!remindable) throw new RuleError(409, coded('subscriptions.not_remindable'));
  const sent = state.sent[step];
  if (sent) throw new AlreadyReminded(sent.by, sent.at);
  return [{ type: 'SubscriptionReminded', data: { subscriptionId, orderId, step, by, at: now } }];
}

function evolve(state: RemindersState, event: SubscriptionEvent): RemindersState {
  switch (event.type) {
    case 'SubscriptionReminded':
      return { sent: { ...state.sent, [event.data.step]: { by: event.data.by, at: event.data.at } } };
    case 'SubscriptionsDelivered':
    case 'AutomaticDeliveryFailed':
    case 'AutomaticDeliveryRetried':
    case 'AutomaticExtensionSucceeded':
    case 'AutomaticExtensionFailed':
    case 'AutomaticExtensionRetried':
      return state;
    default:
      return exhaustive(event);
  }
}

export const remindersDecider: Decider<RemindCommand, SubscriptionEvent, RemindersState> = {
  decide,
  evolve,
  initialState: { sent: {} },
};
