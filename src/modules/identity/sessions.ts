import type { Decider } from '../../platform/eventstore/command-handler';
import { exhaustive } from '../../platform/exhaustive';
import type { SessionEvent } from './events';

// Pure rules of one admin's sessions (sessionsStream): a token signed out, or all of them.

export interface SessionsState {
  /** What tokens issued now carry; "sign out everywhere" raises it. */
  version: number;
}

export type SessionsCommand =
  | { type: 'SignOut'; data: { userId: string; tokenId: string; expiresAt: string; now: string } }
  | { type: 'SignOutEverywhere'; data: { userId: string; now: string } };

function decide(command: SessionsCommand, state: SessionsState): SessionEvent[] {
  switch (command.type) {
    case 'SignOut': {
      const { userId, tokenId, expiresAt, now } = command.data;
      return [{ type: 'AdminSignedOut', data: { userId, tokenId, expiresAt, at: now } }];
    }
    case 'SignOutEverywhere': {
      const { userId, now } = command.data;
      return [{ type: 'AdminSignedOutEverywhere', data: { userId, sessionVersion: state.version + 1, at: now } }];
    }
    default:
      return exhaustive(command);
  }
}

function evolve(state: SessionsState, event: SessionEvent): SessionsState {
  switch (event.type) {
    case 'AdminSignedOut':
      return state;
    case 'AdminSignedOutEverywhere':
      return { version: event.data.sessionVersion };
    default:
      return exhaustive(event);
  }
}

export const sessionsDecider: Decider<SessionsCommand, SessionEvent, SessionsState> = {
  decide,
  evolve,
  initialState: { version: 0 },
};
