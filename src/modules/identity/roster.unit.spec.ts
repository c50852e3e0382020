import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test/support/decider-spec';
import type { RosterEvent } from './events';
import { rosterDecider, type RosterCommand } from './roster';

const spec = deciderSpec(rosterDecider);

const seeded = (...admins: string[]): RosterEvent => ({ type: 'RosterSeeded', data: { admins } });
const added = (userId: string): RosterEvent => ({ type: 'RosterAdminAdded', data: { userId } });
const removed = (userId: string): RosterEvent => ({ type: 'RosterAdminRemoved', data: { userId } });
const enrol = (userId: string, actorId: string, seed?: string[]): RosterCommand => ({
  type: 'EnrolAdmin',
  data: { userId, actorId, seed },
});
const remove = (userId: string, actorId: string, seed?: string[]): RosterCommand => ({
  type: 'RemoveAdmin',
  data: { userId, actorId, seed },
});

describe('administrators roster decider', () => {
  describe('its first change', () => {
    it('starts with the admins the log holds, in the same append', () => {
      spec
        .given([])
        .when(remove('b', 'a', ['a', 'b']))
        .then([seeded('a', 'b'), removed('b')]);
      spec
        .given([])
        .when(enrol('first', 'system', []))
        .then([seeded(), added('first')]);
    });

    it('is refused without the seed while the roster has no event', () => {
      spec
        .given([])
        .when(enrol('c', 'a'))
        .thenThrows(/needs the seed/);
    });

    it('ignores a seed once the roster has one', () => {
      spec
        .given([seeded('a')])
        .when(enrol('b', 'a', ['x', 'y']))
        .then([added('b')]);
    });
  });

  describe('enrolling', () => {
    it('lets an admin on the roster, or the system, add an admin', () => {
      spec
        .given([seeded('a')])
        .when(enrol('b', 'a'))
        .then([added('b')]);
      spec
        .given([seeded('a')])
        .when(enrol('b', 'system'))
        .then([added('b')]);
    });

    it('refuses an actor who is not on the roster (deleted meanwhile)', () => {
      spec
        .given([seeded('a', 'b'), removed('b')])
        .when(enrol('c', 'b'))
        .thenThrows('Your account is no longer an administrator', { status: 403 });
    });

    it('adds nothing for an admin already there (an interrupted creation sent again)', () => {
      spec
        .given([seeded('a'), added('b')])
        .when(enrol('b', 'a'))
        .then([]);
    });
  });

  describe('removing', () => {
    it('removes another admin while one remains', () => {
      spec
        .given([seeded('a', 'b')])
        .when(remove('b', 'a'))
        .then([removed('b')]);
    });

    it('never removes the actor themselves', () => {
      spec
        .given([seeded('a', 'b')])
        .when(remove('a', 'a'))
        .thenThrows('You cannot delete your own account', { status: 403 });
    });

    it('refuses the loser of two admins removing each other: the other is the last', () => {
      const winner = [seeded('a', 'b'), removed('a')];
      spec.given(winner).when(remove('b', 'a')).thenThrows('The last administrator cannot be deleted', { status: 409 });
    });

    it('refuses an actor removed meanwhile: "a removes b while b removes c" never runs c\'s after b\'s', () => {
      spec
        .given([seeded('a', 'b', 'c'), removed('b')])
        .when(remove('c', 'b'))
        .thenThrows('Your account is no longer an administrator', { status: 403 });
      // In the other order both stand: b was on the roster when it removed c.
      spec
        .given([seeded('a', 'b', 'c'), removed('c')])
        .when(remove('b', 'a'))
        .then([removed('b')]);
    });

    it('removes nothing for an admin already off the roster (an interrupted deletion sent again)', () => {
      spec
        .given([seeded('a', 'b'), removed('b')])
        .when(remove('b', 'a'))
        .then([]);
    });
  });

  it('folds to the living admins', () => {
    const state = [seeded('a', 'b'), added('c'), removed('a')].reduce(rosterDecider.evolve, rosterDecider.initialState);
    expect([...state.admins].sort()).toEqual(['b', 'c']);
    expect(state.seeded).toBe(true);
  });
});
