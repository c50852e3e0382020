import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { CommandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, type EventStore, type Position } from '../../platform/eventstore/port';
import { IdentityRuleError, decide, evolve, initialState, type AdminUserState } from './decider';
import { userStream, usernameStream, type IdentityEvent, type UsernameEvent } from './events';

export interface IdentityDeps {
  store: EventStore;
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export async function loadUser(store: EventStore, userId: string): Promise<{ state: AdminUserState; revision: bigint | 'no_stream' }> {
  const events = await store.readStream(userStream(userId));
  const state = events.reduce((s, e) => evolve(s, e as unknown as IdentityEvent), initialState);
  const last = events[events.length - 1];
  return { state, revision: last ? last.revision : 'no_stream' };
}

/** Takes a username for a user; 409 when another user holds it. */
export async function claimUsername(store: EventStore, username: string, userId: string, metadata: CommandMetadata): Promise<void> {
  const stream = usernameStream(username);
  const events = await store.readStream(stream);
  const last = events[events.length - 1] as unknown as (UsernameEvent & { revision: bigint }) | undefined;
  if (last?.type === 'UsernameClaimed' && last.data.userId !== userId) throw new IdentityRuleError(409, 'Username already exists');
  if (last?.type === 'UsernameClaimed') return;
  const claimed: UsernameEvent = { type: 'UsernameClaimed', data: { username: username.trim(), userId } };
  try {
    await store.append(stream, [claimed], { expectedRevision: last ? last.revision : 'no_stream', metadata });
  } catch (error) {
    if (error instanceof ConcurrencyError) throw new IdentityRuleError(409, 'Username already exists');
    throw error;
  }
}

export async function createAdminUser(
  deps: IdentityDeps,
  input: { username: string; password: string; name: string; role: string },
  metadata: CommandMetadata,
  userId: string = randomUUID(),
): Promise<{ userId: string; position: Position }> {
  const passwordHash = input.password ? await hashPassword(input.password) : '';
  const { state, revision } = await loadUser(deps.store, userId);
  const events = decide(
    { type: 'CreateAdminUser', data: { ...input, userId, passwordHash, now: new Date().toISOString() } },
    state,
  );
  await claimUsername(deps.store, input.username, userId, metadata);
  const result = await deps.store.append(userStream(userId), events, { expectedRevision: revision, metadata });
  return { userId, position: result.position };
}
