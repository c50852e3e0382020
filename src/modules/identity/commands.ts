import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { handleCommand } from '../../platform/eventstore/command-handler';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import type { EventStore, Position } from '../../platform/eventstore/port';
import { claimUnique, releaseUnique } from '../../platform/eventstore/unique-claim';
import { messages, type Language, type Settings } from '../../shared/identity';
import { IdentityRuleError, decider, type IdentityCommand } from './decider';
import { userStream, usernames } from './events';

// Each command runs on one admin's stream through the platform's command handler: a concurrent
// change makes it fail (409) instead of overwriting; a stale If-Match (`expected`) is refused
// before anything is decided. A username is claimed once the command is decided and before its
// events are written, so a refused command leaves no claim behind.

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

export async function createAdminUser(
  store: EventStore,
  input: { username: string; password: string; name: string; role: string },
  metadata: CommandMetadata,
  userId: string = randomUUID(),
): Promise<{ userId: string; position: Position }> {
  const passwordHash = input.password ? await hashPassword(input.password) : '';
  const command: IdentityCommand = { type: 'CreateAdminUser', data: { ...input, userId, passwordHash, now: now() } };
  const { position } = await handleCommand(store, userStream(userId), decider, () => command, {
    metadata,
    beforeAppend: () => takeUsername(store, input.username, userId, metadata),
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
      return { type: 'UpdateAdminUser', data: { ...input, userId, passwordHash, now: now() } };
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
  context: { actorId: string; remainingAdmins: number },
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const { state, position } = await handleCommand(
    store,
    userStream(userId),
    decider,
    (): IdentityCommand => ({ type: 'DeleteAdminUser', data: { userId, ...context, now: now() } }),
    { metadata, expected },
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
