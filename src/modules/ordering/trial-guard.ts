import { handleCommand, type Decider } from '../../platform/eventstore/command-handler';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import type { EventStore } from '../../platform/eventstore/port';
import { exhaustive } from '../../platform/exhaustive';
import { coded } from '../../shared/errors';
import { OrderRuleError } from './decider';
import { orderStream, trialGuardStream, type TrialGuardEvent } from './events';

// One free trial per phone within TRIAL_COOLDOWN (docs/product.md#free-trials). The orders read
// model lags behind the log, so two trials asked at once for one phone would both find none there:
// each trial claims the phone on the phone's own stream, at the revision it read, before its order
// is placed (docs/architecture.md#invariants). Of ten claims at once one is appended; the others
// collide, decide again on it, and are refused. A claim whose order could not be placed is
// released; one left by a process that stopped in between counts while its order may still be
// written (TRIAL_CLAIM_IN_FLIGHT_MS), then no longer if the order never was.

export interface TrialGuardState {
  /** The phone's standing trial: its order and when it was claimed. */
  claim?: { orderId: string; at: string };
}

export type TrialGuardCommand =
  | {
      type: 'ClaimTrial';
      data: {
        phone: string;
        orderId: string;
        now: string;
        cooldownMs: number;
        /** The standing claim's order was never placed (claimTrial looked): it does not count. */
        standingAbandoned: boolean;
      };
    }
  | { type: 'ReleaseTrial'; data: { phone: string; orderId: string; now: string } };

const DAY_MS = 86_400_000;

/** How long a claim whose order is not in the log yet still counts: its order may be being written. */
export const TRIAL_CLAIM_IN_FLIGHT_MS = 60_000;

/** When the phone may have its next trial (ms since the epoch), or undefined when it may now. */
function nextTrialAt(state: TrialGuardState, cooldownMs: number, now: number): number | undefined {
  if (!state.claim) return undefined;
  const availableAt = Date.parse(state.claim.at) + cooldownMs;
  return now < availableAt ? availableAt : undefined;
}

function decide(command: TrialGuardCommand, state: TrialGuardState): TrialGuardEvent[] {
  switch (command.type) {
    case 'ClaimTrial': {
      const { phone, orderId, now, cooldownMs, standingAbandoned } = command.data;
      const availableAt = standingAbandoned ? undefined : nextTrialAt(state, cooldownMs, Date.parse(now));
      if (availableAt !== undefined) {
        const days = Math.ceil((availableAt - Date.parse(now)) / DAY_MS);
        throw new OrderRuleError(409, coded('trial.already_used', { days }), {
          availableAt: new Date(availableAt).toISOString(),
        });
      }
      return [{ type: 'TrialClaimed', data: { phone, orderId, at: now } }];
    }
    case 'ReleaseTrial': {
      const { phone, orderId, now } = command.data;
      // Only the claim it made: a later trial's is not its to give back.
      if (state.claim?.orderId !== orderId) return [];
      return [{ type: 'TrialReleased', data: { phone, orderId, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

function evolve(state: TrialGuardState, event: TrialGuardEvent): TrialGuardState {
  switch (event.type) {
    case 'TrialClaimed':
      return { claim: { orderId: event.data.orderId, at: event.data.at } };
    case 'TrialReleased':
      // A claim is only made when the one before it no longer counts: none stands after a release.
      return state.claim?.orderId === event.data.orderId ? {} : state;
    default:
      return exhaustive(event);
  }
}

export const trialGuardDecider: Decider<TrialGuardCommand, TrialGuardEvent, TrialGuardState> = {
  decide,
  evolve,
  initialState: {},
};

/** Claims at once one after the other settle on the first: a few retries are enough. */
const CLAIM_RETRIES = 4;

/** Claims the phone's trial for `orderId`; 409 trial.already_used while an earlier one counts. */
export async function claimTrial(
  store: EventStore,
  claim: { phone: string; orderId: string; cooldownMs: number },
  metadata: CommandMetadata,
): Promise<void> {
  await handleCommand(
    store,
    trialGuardStream(claim.phone),
    trialGuardDecider,
    async (state): Promise<TrialGuardCommand> => {
      const now = new Date();
      const standingAbandoned = await claimAbandoned(store, state, claim.cooldownMs, now);
      return { type: 'ClaimTrial', data: { ...claim, now: now.toISOString(), standingAbandoned } };
    },
    { metadata, retries: CLAIM_RETRIES },
  );
}

/** Gives back the phone's trial claimed for `orderId`, whose order could not be placed. */
export async function releaseTrial(
  store: EventStore,
  claim: { phone: string; orderId: string },
  metadata: CommandMetadata,
): Promise<void> {
  await handleCommand(
    store,
    trialGuardStream(claim.phone),
    trialGuardDecider,
    () => ({ type: 'ReleaseTrial', data: { ...claim, now: new Date().toISOString() } }),
    { metadata, retries: CLAIM_RETRIES },
  );
}

/**
 * Whether the standing claim, which would refuse the trial, belongs to an order that was never
 * placed: only asked of claims older than TRIAL_CLAIM_IN_FLIGHT_MS (one read of its order's stream).
 */
async function claimAbandoned(
  store: EventStore,
  state: TrialGuardState,
  cooldownMs: number,
  now: Date,
): Promise<boolean> {
  const { claim } = state;
  if (!claim || nextTrialAt(state, cooldownMs, now.getTime()) === undefined) return false;
  if (now.getTime() - Date.parse(claim.at) < TRIAL_CLAIM_IN_FLIGHT_MS) return false;
  return (await store.readStream(orderStream(claim.orderId))).length === 0;
}
