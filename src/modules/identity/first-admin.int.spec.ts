import argon2 from 'argon2';
import pg from 'pg';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { PostgresEventStore } from '../../platform/eventstore/postgres';
import { userStream } from './events';
import { ensureFirstAdmin } from './first-admin';

async function store() {
  const database = await freshDatabase();
  return new PostgresEventStore(database.pool, database.url);
}

describe('first administrator', () => {
  it('can sign in once the store answers, even while a transaction elsewhere holds the log back', async () => {
    const { url } = await freshDatabase({ migrate: false });
    // An open writing transaction (here in the same cluster, as any other database's could be)
    // keeps every later event unreadable until it ends; the store must wait for its admin anyway.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT pg_current_xact_id()');
    const starting = startTestApp({ databaseUrl: url });
    setTimeout(() => void holder.query('COMMIT').finally(() => holder.end()), 1500);
    const app = await starting;
    const login = await request(app.url).post('/api/auth/login').send(TEST_ADMIN);
    expect(login.status, login.text).toBe(200);
  });

  it('is created once, with a generated password announced once, recorded as system', async () => {
    const events = await store();
    const announced: { username: string; password: string; generated: boolean }[] = [];
    const settings = { username: 'owner', name: 'Owner' };
    expect(await ensureFirstAdmin(events, settings, (c) => announced.push(c))).toBe('created');
    expect(await ensureFirstAdmin(events, settings, (c) => announced.push(c))).toBe('exists');
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ username: 'owner', generated: true });
    expect(announced[0]!.password.length).toBeGreaterThanOrEqual(16);
    const all = await events.readAll({ after: { commit: -1n, prepare: -1n }, limit: 100 });
    const created = all.find((e) => e.type === 'AdminUserCreated')!;
    expect(created.metadata.actor).toBe('system');
    expect(await argon2.verify((created.data as { passwordHash: string }).passwordHash, announced[0]!.password)).toBe(
      true,
    );
  });

  it('is created by exactly one of several instances starting together', async () => {
    const events = await store();
    const announced: string[] = [];
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        ensureFirstAdmin(events, { username: 'admin', name: 'Admin', password: 'a long password' }, (c) =>
          announced.push(c.username),
        ),
      ),
    );
    expect(results.filter((r) => r === 'created')).toHaveLength(1);
    expect(announced).toEqual(['admin']);
    const all = await events.readAll({ after: { commit: -1n, prepare: -1n }, limit: 100 });
    expect(all.filter((e) => e.type === 'AdminUserCreated')).toHaveLength(1);
    const userId = (all.find((e) => e.type === 'AdminUserCreated')!.data as { userId: string }).userId;
    expect(await events.readStream(userStream(userId))).toHaveLength(1);
  });
});
