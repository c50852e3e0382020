import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { START, type Position } from '../../platform/eventstore/port';
import { PostgresEventStore } from '../../platform/eventstore/postgres';
import { rebuildProjections } from '../../platform/projections/rebuild';
import { ProjectionRunner } from '../../platform/projections/runner';
import { adminUsersProjection, type AdminUsersTables } from '../../projections/admin-users';
import { defaultSettings } from '../../shared/identity';
import { changeSettings, chooseLanguage, createAdminUser } from './commands';
import { userStream } from './events';

// Whether an admin chose their display language lives in the identity events themselves, so the
// admin-users read model says the same live, batch after batch, and after a rebuild from the log.

describe('the display language chosen, live and rebuilt', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('reads the same from the events whatever the batching, a rebuild included', async () => {
    const database = await freshDatabase<AdminUsersTables>();
    const store = new PostgresEventStore(database.pool, database.url);
    cleanups.push(() => store.close());
    const meta = () => commandMetadata('system');
    const user = (name: string) =>
      createAdminUser(store, { username: name, password: 'long-password', name, role: 'admin' }, meta());
    let last: Position = START;

    // Never chosen: only the profile saved, with the language kept by default (ar).
    const profileOnly = await user('profile-only');
    last = await changeSettings(
      store,
      profileOnly.userId,
      { settings: { ...defaultSettings('Profile Only'), timezone: 'Europe/Paris' }, chooseLanguage: false },
      meta(),
    );
    // Chosen on the Language & Region tab (ar, the default), then a later save from elsewhere.
    const tab = await user('tab');
    await changeSettings(store, tab.userId, { settings: defaultSettings('tab'), chooseLanguage: true }, meta());
    last = await changeSettings(
      store,
      tab.userId,
      { settings: { ...defaultSettings('tab'), dateFormat: 'YYYY-MM-DD' }, chooseLanguage: false },
      meta(),
    );
    // Chosen in the header's menu.
    const menu = await user('menu');
    last = await chooseLanguage(store, menu.userId, 'fr', meta());
    // Saved before the flag existed (an event of the old shape): its language counts as chosen.
    const old = await user('old');
    const appended = await store.append(
      userStream(old.userId),
      [
        {
          type: 'AdminSettingsChanged',
          data: {
            userId: old.userId,
            settings: { ...defaultSettings('old'), language: 'en' },
            at: new Date().toISOString(),
          },
        },
      ],
      { expectedRevision: 0n, metadata: meta() },
    );
    last = appended.position;
    const untouched = await user('untouched');
    last = untouched.position;

    const chosen = () =>
      database.db
        .selectFrom('admin_users')
        .select(['username', 'language', 'language_chosen'])
        .orderBy('username')
        .execute();
    const expected = [
      { username: 'menu', language: 'fr', language_chosen: true },
      { username: 'old', language: 'en', language_chosen: true },
      { username: 'profile-only', language: 'ar', language_chosen: false },
      { username: 'tab', language: 'ar', language_chosen: true },
      { username: 'untouched', language: 'ar', language_chosen: false },
    ];

    const runner = new ProjectionRunner({
      db: database.db,
      store,
      databaseUrl: database.url,
      projections: [adminUsersProjection({ db: database.db })],
      logger: pino({ level: 'silent' }),
      batchSize: 2,
    });
    cleanups.push(() => runner.stop());
    await runner.start();
    expect(await runner.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
    await runner.stop();
    expect(await chosen()).toEqual(expected);

    for (const batchSize of [1, 1000]) {
      await rebuildProjections({
        db: database.db,
        store,
        databaseUrl: database.url,
        projections: [adminUsersProjection({ db: database.db })],
        batchSize,
      });
      expect(await chosen(), `rebuilt in batches of ${batchSize}`).toEqual(expected);
    }
  });
});
