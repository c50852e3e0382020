import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import type { IdentityEvent, SessionEvent } from '../../modules/identity/events';
import type { StoredEvent } from '../../platform/eventstore/port';
import { statementTarget } from '../../platform/projections/fold';
import { defaultSettings, type Settings } from '../../shared/identity';
import { adminUsersProjection } from './projection';
import { findUser, listAdminUsers, settingsOf } from './queries';
import type { AdminUsersTables } from './rows';

// Events → fold → rows: batches folded by the projection and written to a fresh database, then
// read back through the read model's own queries.

const created = (userId: string, at: string): IdentityEvent => ({
  type: 'AdminUserCreated',
  data: { userId, username: userId, name: `Admin ${userId}`, role: 'admin', passwordHash: `hash-${userId}`, at },
});
const settings: Settings = {
  ...defaultSettings('Amina Benali'),
  profile: { name: 'Amina Benali', email: 'amina@example.dz', phone: '0550000000' },
  language: 'fr',
};

describe('admin-users projection', () => {
  let db: Awaited<ReturnType<typeof freshDatabase<AdminUsersTables>>>['db'];
  const revisions = new Map<string, number>();
  /** The events as the store hands them to the projection: each with its stream's next revision. */
  const stored = (events: (IdentityEvent | SessionEvent)[]): StoredEvent[] =>
    events.map((event) => {
      const stream = `${event.type.startsWith('AdminSignedOut') ? 'admin-sessions' : 'admin-user'}-${event.data.userId}`;
      const revision = (revisions.get(stream) ?? -1) + 1;
      revisions.set(stream, revision);
      return {
        ...event,
        id: randomUUID(),
        streamId: stream,
        revision: BigInt(revision),
        position: { commit: 0n, prepare: 0n },
      };
    });
  const apply = (events: (IdentityEvent | SessionEvent)[]) =>
    adminUsersProjection({ db }).fold(stored(events))(statementTarget(db));

  beforeAll(async () => {
    db = (await freshDatabase<AdminUsersTables>()).db;
  });

  it('folds a user created and changed in one batch into one row at its last version', async () => {
    await apply([
      created('amina', '2026-11-21T10:00:00.000Z'),
      {
        type: 'AdminUserUpdated',
        data: { userId: 'amina', username: 'amina.b', name: 'Amina B', role: 'admin', at: '2026-11-21T10:01:00.000Z' },
      },
      {
        type: 'AdminSettingsChanged',
        data: { userId: 'amina', settings, languageChosen: true, at: '2026-11-21T10:02:00.000Z' },
      },
      {
        type: 'AdminPasswordChanged',
        data: { userId: 'amina', passwordHash: 'hash-2', at: '2026-11-21T10:03:00.000Z' },
      },
    ]);
    const row = await findUser(db, 'amina');
    expect(row).toMatchObject({ username: 'amina.b', name: 'Amina Benali', password_hash: 'hash-2', version: 3 });
    expect(new Date(row!.created_at).toISOString()).toBe('2026-11-21T10:00:00.000Z');
    expect(new Date(row!.updated_at).toISOString()).toBe('2026-11-21T10:03:00.000Z');
    expect(settingsOf(row!)).toEqual(settings);
    expect(row!.language_chosen).toBe(true);
  });

  it('changes rows written by earlier batches, and drops deleted users', async () => {
    await apply([created('karim', '2026-11-21T11:00:00.000Z'), created('nadia', '2026-11-21T11:00:01.000Z')]);
    await apply([
      {
        type: 'AdminUserUpdated',
        data: { userId: 'karim', username: 'karim', name: 'Karim H.', role: 'admin', at: '2026-11-21T11:05:00.000Z' },
      },
      { type: 'AdminUserDeleted', data: { userId: 'nadia', at: '2026-11-21T11:06:00.000Z' } },
    ]);
    expect(await findUser(db, 'karim')).toMatchObject({ name: 'Karim H.', version: 1, password_hash: 'hash-karim' });
    expect((await listAdminUsers(db)).map((u) => [u.username, u.version])).toEqual([
      ['amina.b', 3],
      ['karim', 1],
    ]);
  });

  it('folds events stored before their time field was named `at`', async () => {
    await apply([
      {
        type: 'AdminUserCreated',
        data: {
          userId: 'old',
          username: 'old',
          name: 'Old',
          role: 'admin',
          passwordHash: 'h',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      },
      {
        type: 'AdminSettingsChanged',
        data: { userId: 'old', settings: { ...settings, language: 'en' }, changedAt: '2025-01-15T00:00:00.000Z' },
      },
      {
        type: 'AdminPasswordChanged',
        data: { userId: 'old', passwordHash: 'h2', changedAt: '2025-02-01T00:00:00.000Z' },
      },
    ] as unknown as IdentityEvent[]);
    const row = await findUser(db, 'old');
    expect(new Date(row!.created_at).toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(new Date(row!.updated_at).toISOString()).toBe('2025-02-01T00:00:00.000Z');
    // Saved before `languageChosen` existed, through the API with a language of its own: chosen.
    expect(row).toMatchObject({ language: 'en', language_chosen: true });
  });

  it('keeps whether the language was chosen as the last settings change says', async () => {
    await apply([created('omar', '2026-11-22T09:00:00.000Z')]);
    expect((await findUser(db, 'omar'))!.language_chosen).toBe(false);
    const change = (languageChosen: boolean): IdentityEvent => ({
      type: 'AdminSettingsChanged',
      data: { userId: 'omar', settings: defaultSettings('Omar'), languageChosen, at: '2026-11-22T09:01:00.000Z' },
    });
    await apply([change(false)]);
    expect((await findUser(db, 'omar'))!.language_chosen).toBe(false);
    await apply([change(true)]);
    expect((await findUser(db, 'omar'))!.language_chosen).toBe(true);
  });

  it('keeps tokens signed out until they expire, and the session version, without changing the user version', async () => {
    await apply([created('sami', '2026-11-23T09:00:00.000Z')]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 1_000).toISOString();
    await apply([
      { type: 'AdminSignedOut', data: { userId: 'sami', tokenId: 't-live', expiresAt: later, at: past } },
      { type: 'AdminSignedOut', data: { userId: 'sami', tokenId: 't-expired', expiresAt: past, at: past } },
      { type: 'AdminSignedOutEverywhere', data: { userId: 'sami', sessionVersion: 1, at: past } },
    ]);
    const revoked = await db.selectFrom('admin_revoked_tokens').select(['token_id', 'user_id']).execute();
    expect(revoked).toEqual([{ token_id: 't-live', user_id: 'sami' }]);
    expect(await findUser(db, 'sami')).toMatchObject({ session_version: 1, version: 0 });
  });
});
