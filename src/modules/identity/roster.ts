import type { Decider } from '../../platform/eventstore/command-handler';
import { SYSTEM } from '../../platform/eventstore/port';
import { exhaustive } from '../../platform/exhaustive';
import { messages } from '../../shared/identity';
import { IdentityRuleError } from './decider';
import type { RosterEvent } from './events';

// Pure rules of the administrators roster (ADMIN_ROSTER_STREAM): who the living admins are, and
// the one place the set changes. Deciding on this one stream is what makes "one admin remains"
// hold when deletions arrive at once: each is decided on the set the others left.

export interface RosterState {
  /** False until the stream's first event: the admins are then read from the log (`seed`). */
  seeded: boolean;
  admins: ReadonlySet<string>;
}

/**
 * `seed`: the living admins the log holds, given while the roster has no event yet (its first
 * append starts with them). `actorId`: who asks, an admin id or SYSTEM (the first administrator,
 * the command line).
 */
export type RosterCommand =
  | { type: 'EnrolAdmin'; data: { userId: string; actorId: string; seed?: string[] } }
  | { type: 'RemoveAdmin'; data: { userId: string; actorId: string; seed?: string[] } };

const initialState: RosterState = { seeded: false, admins: new Set() };

function decide(command: RosterCommand, state: RosterState): RosterEvent[] {
  const { userId, actorId, seed } = command.data;
  if (!state.seeded && !seed) throw new Error('The roster has no event yet: its command needs the seed');
  const seeding: RosterEvent[] = state.seeded ? [] : [{ type: 'RosterSeeded', data: { admins: seed! } }];
  const admins = state.seeded ? state.admins : new Set(seed);
  switch (command.type) {
    case 'EnrolAdmin':
      if (actorId !== SYSTEM && !admins.has(actorId)) throw new IdentityRuleError(403, messages.notAnAdmin);
      // Already there: an interrupted creation sent again.
      if (admins.has(userId)) return seeding;
      return [...seeding, { type: 'RosterAdminAdded', data: { userId } }];
    case 'RemoveAdmin':
      if (userId === actorId) throw new IdentityRuleError(403, messages.cannotDeleteSelf);
      // Already off the roster: a deletion whose user stream was not written yet, sent again.
      if (!admins.has(userId)) return seeding;
      if (admins.size <= 1) throw new IdentityRuleError(409, messages.lastAdmin);
      if (!admins.has(actorId)) throw new IdentityRuleError(403, messages.notAnAdmin);
      return [...seeding, { type: 'RosterAdminRemoved', data: { userId } }];
    default:
      return exhaustive(command);
  }
}

function evolve(state: RosterState, event: RosterEvent): RosterState {
  const admins = new Set(state.admins);
  switch (event.type) {
    case 'RosterSeeded':
      return { seeded: true, admins: new Set(event.data.admins) };
    case 'RosterAdminAdded':
      admins.add(event.data.userId);
      break;
    case 'RosterAdminRemoved':
      admins.delete(event.data.userId);
      break;
    default:
      return exhaustive(event);
  }
  return { seeded: true, admins };
}

export const rosterDecider: Decider<RosterCommand, RosterEvent, RosterState> = { decide, evolve, initialState };
