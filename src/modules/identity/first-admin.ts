import { randomBytes, randomUUID } from 'node:crypto';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, START, SYSTEM, type EventStore, type Position } from '../../platform/eventstore/port';
import { createAdminUser, loadUser } from './commands';
import { IdentityRuleError } from './decider';
import { ADMIN_ROLE, FIRST_ADMIN_STREAM, userStream, type FirstAdminClaimed } from './events';

export interface FirstAdminSettings {
  username: string;
  name: string;
  /** When unset, a password is generated and handed to `announce` once. */
  password?: string;
}

/**
 * Creates the first administrator on the first start of an empty store. The claim on its own
 * stream decides which instance does it when several start together; a crash between the claim
 * and the user is finished on the next start.
 */
export async function ensureFirstAdmin(
  store: EventStore,
  settings: FirstAdminSettings,
  announce: (credentials: { username: string; password: string; generated: boolean }) => void,
): Promise<'created' | 'exists'> {
  const metadata = commandMetadata(SYSTEM);
  let userId: string;
  const [claim] = await store.readStream(FIRST_ADMIN_STREAM);
  if (claim) {
    userId = (claim.data as FirstAdminClaimed['data']).userId;
    if ((await loadUser(store, userId)).state.exists) return 'exists';
  } else {
    userId = randomUUID();
    const event: FirstAdminClaimed = { type: 'FirstAdminClaimed', data: { userId } };
    try {
      await store.append(FIRST_ADMIN_STREAM, [event], { expectedRevision: 'no_stream', metadata });
    } catch (error) {
      if (error instanceof ConcurrencyError) return 'exists';
      throw error;
    }
  }
  const generated = !settings.password;
  const password = settings.password ?? randomBytes(12).toString('base64url');
  try {
    await createAdminUser({ store }, { username: settings.username, password, name: settings.name, role: ADMIN_ROLE }, metadata, userId);
  } catch (error) {
    // Another instance finishing the same claim got there first: its password is the one stored.
    if (error instanceof ConcurrencyError || (error instanceof IdentityRuleError && error.status === 409)) return 'exists';
    throw error;
  }
  announce({ username: settings.username, password, generated });
  return 'created';
}

/** Where the first administrator's last event stands in the log (START before there is one). */
export async function firstAdminPosition(store: EventStore): Promise<Position> {
  const [claim] = await store.readStream(FIRST_ADMIN_STREAM);
  if (!claim) return START;
  const events = await store.readStream(userStream((claim.data as FirstAdminClaimed['data']).userId));
  return events.at(-1)?.position ?? claim.position;
}
