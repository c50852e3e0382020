import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, SHOPPER, SYSTEM, type EventStore, type Position, type RecordedEvent } from '../../platform/eventstore/port';
import { messages, type Settings } from '../../shared/identity';
import { IdentityRuleError, decide, evolve, initialState, type AdminUserState, type IdentityCommand } from './decider';
import { userStream, usernameStream, type IdentityEvent, type UsernameEvent } from './events';

// Load an admin's stream, decide, append with the revision it was loaded at: a concurrent change
// makes the append fail (409) instead of overwriting it. A write may also name the revision the
// admin edited (If-Match): another one is a 409 that says who changed the user and when.

export interface IdentityDeps {
  store: EventStore;
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/**
 * The user's state and revision. With `expected` (the revision the admin edited), a stream that
 * moved on since is refused with 409 before anything is decided.
 */
export async function loadUser(
  store: EventStore,
  userId: string,
  expected?: bigint,
): Promise<{ state: AdminUserState; revision: bigint | 'no_stream' }> {
  const events = await store.readStream(userStream(userId));
  const state = events.reduce((s, e) => evolve(s, e as unknown as IdentityEvent), initialState);
  const last = events[events.length - 1];
  if (last && expected !== undefined && expected !== last.revision) throw await staleVersion(store, last);
  return { state, revision: last ? last.revision : 'no_stream' };
}

async function staleVersion(store: EventStore, last: RecordedEvent): Promise<IdentityRuleError> {
  const { actor, occurredAt } = last.metadata;
  // Admin commands record the admin's id as the actor: their name is on their own stream.
  const name = actor === SYSTEM || actor === SHOPPER ? undefined : (await loadUser(store, actor)).state.name;
  const when = `${occurredAt.slice(0, 16).replace('T', ' ')} UTC`;
  return new IdentityRuleError(409, `This user was changed by ${name ?? 'someone else'} on ${when}. Reload it and try again.`, {
    changedBy: name ?? null,
    changedAt: occurredAt,
  });
}

async function execute(store: EventStore, userId: string, command: IdentityCommand, metadata: CommandMetadata, expected?: bigint): Promise<Position> {
  const { state, revision } = await loadUser(store, userId, expected);
  const events = decide(command, state);
  return (await store.append(userStream(userId), events, { expectedRevision: revision, metadata })).position;
}

/** Takes a username for a user; 409 when another user holds it. */
export async function claimUsername(store: EventStore, username: string, userId: string, metadata: CommandMetadata): Promise<void> {
  const stream = usernameStream(username);
  const events = (await store.readStream(stream)) as unknown as (UsernameEvent & RecordedEvent)[];
  const last = events[events.length - 1];
  if (last?.type === 'UsernameClaimed') {
    if (last.data.userId === userId) return;
    throw new IdentityRuleError(409, messages.usernameTaken);
  }
  const claimed: UsernameEvent = { type: 'UsernameClaimed', data: { username: username.trim(), userId } };
  try {
    await store.append(stream, [claimed], { expectedRevision: last ? last.revision : 'no_stream', metadata });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new IdentityRuleError(409, messages.usernameTaken);
    throw error;
  }
}

async function releaseUsername(store: EventStore, username: string, userId: string, metadata: CommandMetadata): Promise<void> {
  const stream = usernameStream(username);
  const events = (await store.readStream(stream)) as unknown as (UsernameEvent & RecordedEvent)[];
  const last = events[events.length - 1];
  if (last?.type !== 'UsernameClaimed' || last.data.userId !== userId) return;
  const released: UsernameEvent = { type: 'UsernameReleased', data: { username: last.data.username, userId } };
  await store.append(stream, [released], { expectedRevision: last.revision, metadata });
}

export async function createAdminUser(
  deps: IdentityDeps,
  input: { username: string; password: string; name: string; role: string },
  metadata: CommandMetadata,
  userId: string = randomUUID(),
): Promise<{ userId: string; position: Position }> {
  const passwordHash = input.password ? await hashPassword(input.password) : '';
  const { state, revision } = await loadUser(deps.store, userId);
  const events = decide({ type: 'CreateAdminUser', data: { ...input, userId, passwordHash, now: new Date().toISOString() } }, state);
  await claimUsername(deps.store, input.username, userId, metadata);
  const result = await deps.store.append(userStream(userId), events, { expectedRevision: revision, metadata });
  return { userId, position: result.position };
}

export async function updateAdminUser(
  deps: IdentityDeps,
  userId: string,
  input: { username: string; password?: string; name: string; role: string },
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  // Checked before the new username is claimed, so a stale edit leaves no claim behind.
  const { state } = await loadUser(deps.store, userId, expected);
  const renamed = state.username !== undefined && state.username.toLowerCase() !== input.username.trim().toLowerCase();
  if (renamed && state.exists && !state.deleted) await claimUsername(deps.store, input.username, userId, metadata);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const position = await execute(
    deps.store,
    userId,
    { type: 'UpdateAdminUser', data: { ...input, userId, passwordHash, now: new Date().toISOString() } },
    metadata,
    expected,
  );
  if (renamed && state.username) await releaseUsername(deps.store, state.username, userId, metadata);
  return position;
}

export async function deleteAdminUser(
  deps: IdentityDeps,
  userId: string,
  context: { actorId: string; remainingAdmins: number },
  metadata: CommandMetadata,
  expected?: bigint,
): Promise<Position> {
  const { state } = await loadUser(deps.store, userId);
  const position = await execute(deps.store, userId, { type: 'DeleteAdminUser', data: { userId, ...context, now: new Date().toISOString() } }, metadata, expected);
  if (state.username) await releaseUsername(deps.store, state.username, userId, metadata);
  return position;
}

export async function changePassword(
  deps: IdentityDeps,
  userId: string,
  input: { currentPassword: string; newPassword: string; confirmPassword: string; currentHash: string },
  metadata: CommandMetadata,
): Promise<Position> {
  const currentPasswordMatches = await argon2.verify(input.currentHash, input.currentPassword).catch(() => false);
  const newPasswordHash = currentPasswordMatches ? await hashPassword(input.newPassword) : '';
  const passwordsMatch = input.newPassword === input.confirmPassword;
  return execute(deps.store, userId, { type: 'ChangePassword', data: { userId, currentPasswordMatches, passwordsMatch, newPasswordHash, now: new Date().toISOString() } }, metadata);
}

export async function changeSettings(deps: IdentityDeps, userId: string, settings: Settings, metadata: CommandMetadata, expected?: bigint): Promise<Position> {
  return execute(deps.store, userId, { type: 'ChangeSettings', data: { userId, settings, now: new Date().toISOString() } }, metadata, expected);
}
