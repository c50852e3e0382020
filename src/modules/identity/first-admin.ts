import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context';
import { loadStream } from '../../platform/eventstore/command-handler';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { ConcurrencyError, START, SYSTEM, type EventStore, type Position } from '../../platform/eventstore/port';
import { ADMIN_USERS_PROJECTION } from '../../projections/admin-users';
import { createAdminUser } from './commands';
import { IdentityRuleError, decider } from './decider';
import { ADMIN_ROLE, FIRST_ADMIN_STREAM, userStream, type FirstAdminClaimed } from './events';

export interface FirstAdminSettings {
  username: string;
  name: string;
  /** When unset, a password is generated and handed to `announce` once. */
  password?: string;
}

type Announce = (credentials: { username: string; password: string; generated: boolean }) => void;

/**
 * Start-up: the first administrator exists, and can sign in as soon as the store answers. Waiting
 * for the log's readable head would not be enough: a transaction still open anywhere in the
 * cluster keeps the admin's own events below that head for a while.
 */
export async function ensureFirstAdminAtStart(ctx: Pick<AppContext, 'config' | 'store' | 'runner'>): Promise<void> {
  const { config, store, runner } = ctx;
  const settings = { username: config.ADMIN_USERNAME, name: config.ADMIN_NAME, password: config.ADMIN_PASSWORD };
  await ensureFirstAdmin(store, settings, config.LOG_LEVEL === 'silent' ? () => {} : announceFirstAdmin);
  await runner.waitFor(await firstAdminPosition(store), { projections: [ADMIN_USERS_PROJECTION], timeoutMs: 10_000 });
}

/**
 * Creates the first administrator on the first start of an empty store. The claim on its own
 * stream decides which instance does it when several start together; a crash between the claim
 * and the user is finished on the next start.
 */
export async function ensureFirstAdmin(
  store: EventStore,
  settings: FirstAdminSettings,
  announce: Announce,
): Promise<'created' | 'exists'> {
  const metadata = commandMetadata(SYSTEM);
  let userId: string;
  const [claim] = await store.readStream<FirstAdminClaimed>(FIRST_ADMIN_STREAM);
  if (claim) {
    userId = claim.data.userId;
    if ((await loadStream(store, userStream(userId), decider)).state.exists) return 'exists';
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
    await createAdminUser(
      store,
      { username: settings.username, password, name: settings.name, role: ADMIN_ROLE },
      metadata,
      userId,
    );
  } catch (error) {
    // Another instance finishing the same claim got there first: its password is the one stored.
    if (error instanceof ConcurrencyError || (error instanceof IdentityRuleError && error.status === 409))
      return 'exists';
    throw error;
  }
  announce({ username: settings.username, password, generated });
  return 'created';
}

/** Where the first administrator's last event stands in the log (START before there is one). */
export async function firstAdminPosition(store: EventStore): Promise<Position> {
  const [claim] = await store.readStream<FirstAdminClaimed>(FIRST_ADMIN_STREAM);
  if (!claim) return START;
  const events = await store.readStream(userStream(claim.data.userId));
  return events.at(-1)?.position ?? claim.position;
}

const announceFirstAdmin: Announce = ({ username, password, generated }) => {
  const lines = generated
    ? [
        'First administrator created. This password is shown only once:',
        `  username: ${username}`,
        `  password: ${password}`,
        'Sign in at /admin/login and change it under Settings.',
      ]
    : [`First administrator "${username}" created from ADMIN_USERNAME / ADMIN_PASSWORD.`];
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '='.repeat(width);
  process.stdout.write(`\n${bar}\n${lines.map((l) => `  ${l}`).join('\n')}\n${bar}\n\n`);
};
