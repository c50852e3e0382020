import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { handleCommand } from '../../platform/eventstore/command-handler';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { START, type EventStore, type Position } from '../../platform/eventstore/port';
import { claimUnique, releaseUnique } from '../../platform/eventstore/unique-claim';
import { messages, type Language, type Settings } from '../../shared/identity';
import { IdentityRuleError, decider, type IdentityCommand } from './decider';
import {
  ADMIN_ROSTER_STREAM,
  sessionsStream,
  userStream,
  usernameStream,
  usernames,
  type IdentityEventType,
  type UsernameEvent,
} from './events';
import { rosterDecider, type RosterCommand } from './roster';
import { sessionsDecider, type SessionsCommand } from './sessions';

// Each command runs on one admin's stream through the platform's command handler: a concurrent
// change makes it fail (409) instead of overwriting; a stale If-Match (`expected`) is refused
// before anything is decided. A username is claimed once the command is decided and before its
// events are written, so a refused command leaves no claim behind.
//
// Creating and deleting an admin change the roster too (roster.ts), on its own stream: a store
// appends to one stream at a time, so the two appends are ordered to be safe and to converge.
// The roster is written first, once the user's command is decided (and its username claimed):
// - a deletion leaves the roster, then the user's stream ends. Stopped in between (a crash, a
//   concurrent edit of the user), the user still signs in but is no admin on the roster: they can
//   neither delete nor add admins, nor count as the one who remains. The same deletion sent again
//   finds them off the roster and ends their stream.
// - a creation enrols the new id, then writes the user. Stopped in between, the id holds the
//   username and a place on the roster but no user; the same creation sent again takes that id
//   over (interruptedCreation) and writes the user under it.
// An id on the roster without a user cannot sign in or act; one admin always remains because the
// admin who removes another must be on the roster themselves.

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

const now = () => new Date().toISOString();

async function takeUsername(
  store: EventStore,
  username: string,
  userId: string,
  metadata: CommandMetadata,
): Promise<void> {
  if (!(await claimUnique(store, usernames, username, userId, metadata)))
    throw new IdentityRuleError(409, messages.usernameTaken);
}

const sameUsername = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Roster changes are decided again on a conflict: every other admin change may have come first. */
const ROSTER_RETRIES = 10;
const ROSTER_SEED_TYPES: readonly IdentityEventType[] = ['AdminUserCreated', 'AdminUserDeleted'];
const SEED_PAGE = 1_000;

/** The living admins the log holds: where a roster without events yet starts. */
async function adminsInLog(store: EventStore): Promise<string[]> {
  const admins = new Set<string>();
  for (let after = START; ;) {
    const events = await store.readAll({ after, limit: SEED_PAGE, types: ROSTER_SEED_TYPES });
    for (const { type, data } of events) {
      const { userId } = data as { userId: string };
      if (type === 'AdminUserCreated') admins.add(userId);
      else admins.delete(userId);
    }
    if (events.length < SEED_PAGE) return [...admins];
    after = events.at(-1)!.position;
  }
}

/** Enrols or removes an admin on the roster, acting for the metadata's actor. */
async function changeRoster(
  store: EventStore,
  type: RosterCommand['type'],
  userId: string,
  metadata: CommandMetadata,
): Promise<void> {
  await handleCommand(
    store,
    ADMIN_ROSTER_STREAM,
    rosterDecider,
    async (state): Promise<RosterCommand> => ({
      type,
      data: { userId, actorId: metadata.actor, seed: state.seeded ? undefined : await adminsInLog(store) },
    }),
    { metadata, retries: ROSTER_RETRIES },
  );
}

/** The id of a creation of this username stopped before its user was written (see above), if any. */
async function interruptedCreation(store: EventStore, username: string): Promise<string | undefined> {
  const holder = await adminIdOf(store, username);
  if (holder === undefined) return undefined;
  return (await store.readStream(userStream(holder))).length === 0 ? holder : undefined;
}

/** `userId`: the first administrator's, claimed before; a new one otherwise. */
export async function createAdminUser(
  store: EventStore,
  input: { username: string; password: string; name: string; role: string },
  metadata: CommandMetadata,
  givenId?: string,
): Promise<{ userId: string; position: Position }> {
  const userId = givenId ?? (await interruptedCreation(store, input.username)) ?? randomUUID();
  const passwordHash = input.password ? await hashPassword(input.password) : '';
  const command: IdentityCommand = { type: 'CreateAdminUser', data: { ...input, userId, passwordHash, now: now() } };
  const { position } = await handleCommand(store, userStream(userId), decider, () => command, {
    metadata,
    beforeAppend: async () => {
      await takeUsername(store, input.username, userId, metadata);
      try {
        await changeRoster(store, 'EnrolAdmin', userId, metadata);
      } catch (error) {
        await releaseUnique(store, usernames, input.username, userId, metadata);
        throw error;
      }
    },
  });
  return { userId, position };
}

export async function updateAdminUser(
  store: EventStore,
  userId: string,
  input: { username: string; password?: string; name: string; role: string },
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // The username the user gives up, if this renames them.
  let renamedFrom: string | undefined;
  const { position } = await handleCommand(
    store,
    userStream(userId),
    decider,
    (state): IdentityCommand => {
      renamedFrom =
        state.username !== undefined && !sameUsername(state.username, input.username) ? state.username : undefined;
      return { type: 'UpdateAdminUser', data: { ...input, userId, actorId: metadata.actor, passwordHash, now: now() } };
    },
    {
      metadata,
      expected,
      beforeAppend: async () => {
        if (renamedFrom !== undefined) await takeUsername(store, input.username, userId, metadata);
      },
    },
  );
  if (renamedFrom !== undefined) await releaseUnique(store, usernames, renamedFrom, userId, metadata);
  return position;
}

export async function deleteAdminUser(
  store: EventStore,
  userId: string,
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const { state, position } = await handleCommand(
    store,
    userStream(userId),
    decider,
    (): IdentityCommand => ({ type: 'DeleteAdminUser', data: { userId, now: now() } }),
    // A user's edit between the roster's append and theirs: decided again, off the roster already.
    { metadata, expected, retries: 1, beforeAppend: () => changeRoster(store, 'RemoveAdmin', userId, metadata) },
  );
  if (state.username) await releaseUnique(store, usernames, state.username, userId, metadata);
  return position;
}

export async function changePassword(
  store: EventStore,
  userId: string,
  input: { currentPassword: string; newPassword: string; confirmPassword: string; currentHash: string },
  metadata: CommandMetadata,
): Promise<Position> {
  const currentPasswordMatches = await argon2.verify(input.currentHash, input.currentPassword).catch(() => false);
  const newPasswordHash = currentPasswordMatches ? await hashPassword(input.newPassword) : '';
  const passwordsMatch = input.newPassword === input.confirmPassword;
  const command: IdentityCommand = {
    type: 'ChangePassword',
    data: { userId, currentPasswordMatches, passwordsMatch, newPasswordHash, now: now() },
  };
  return (await handleCommand(store, userStream(userId), decider, () => command, { metadata })).position;
}

/** The id of the user holding `username`, if any: read from the log, whatever the read model says. */
export async function adminIdOf(store: EventStore, username: string): Promise<string | undefined> {
  const last = (await store.readStream<UsernameEvent>(usernameStream(username))).at(-1);
  return last && usernames.ownerIn(last);
}

/** Sets an admin's password without the current one: the operator's way back in (`npm run admin`). */
export async function resetPassword(
  store: EventStore,
  userId: string,
  password: string,
  metadata: CommandMetadata,
): Promise<Position> {
  const command: IdentityCommand = {
    type: 'ResetPassword',
    data: { userId, passwordHash: await hashPassword(password), now: now() },
  };
  return (await handleCommand(store, userStream(userId), decider, () => command, { metadata })).position;
}

/** `chooseLanguage`: saved from where the display language is chosen (Language & Region). */
export async function changeSettings(
  store: EventStore,
  userId: string,
  input: { settings: Settings; chooseLanguage: boolean },
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const command: IdentityCommand = { type: 'ChangeSettings', data: { userId, ...input, now: now() } };
  return (await handleCommand(store, userStream(userId), decider, () => command, { metadata, expected })).position;
}

/** The header's language menu: the display language alone, chosen; the last choice wins (no If-Match). */
export async function chooseLanguage(
  store: EventStore,
  userId: string,
  language: Language,
  metadata: CommandMetadata,
): Promise<Position> {
  const command: IdentityCommand = { type: 'ChooseLanguage', data: { userId, language, now: now() } };
  return (await handleCommand(store, userStream(userId), decider, () => command, { metadata })).position;
}

/** Sign-outs of one admin are decided again when another lands first (two devices at once). */
const SIGN_OUT_RETRIES = 3;

async function endSessions(
  store: EventStore,
  userId: string,
  command: SessionsCommand,
  metadata: CommandMetadata,
): Promise<Position> {
  const options = { metadata, retries: SIGN_OUT_RETRIES };
  return (await handleCommand(store, sessionsStream(userId), sessionsDecider, () => command, options)).position;
}

/** Ends one token (its `jti`), until it would have expired. */
export function signOut(
  store: EventStore,
  userId: string,
  token: { id: string; expiresAt: Date },
  metadata: CommandMetadata,
): Promise<Position> {
  const data = { userId, tokenId: token.id, expiresAt: token.expiresAt.toISOString(), now: now() };
  return endSessions(store, userId, { type: 'SignOut', data }, metadata);
}

/** Ends every token of the admin issued so far. */
export function signOutEverywhere(store: EventStore, userId: string, metadata: CommandMetadata): Promise<Position> {
  return endSessions(store, userId, { type: 'SignOutEverywhere', data: { userId, now: now() } }, metadata);
}
