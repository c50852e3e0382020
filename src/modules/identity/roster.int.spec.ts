import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_ADMIN, startTestApp, type RunningApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { START, SYSTEM } from '../../platform/eventstore/port';
import { PostgresEventStore } from '../../platform/eventstore/postgres';
import { rebuildProjections } from '../../platform/projections/rebuild';
import { adminUsersProjection } from '../../projections/admin-users';
import { auditProjection } from '../../projections/audit';
import { hashPassword } from './commands';
import { ADMIN_ROSTER_STREAM, FIRST_ADMIN_STREAM, userStream, usernameStream, usernames } from './events';

// The set of administrators changes only through the roster: deletions sent at the same moment
// are decided one after the other, each by an admin still on it, so the shop keeps one.

describe('the administrators roster', () => {
  let app: RunningApp;
  /** The admin the shop is left with after each round. */
  let current: { id: string; token: string; credentials: { username: string; password: string } };
  beforeAll(async () => {
    app = await startTestApp();
    const token = await adminToken(app.url, TEST_ADMIN);
    const id = (await request(app.url).get('/api/admin/me').set(bearer(token))).body.user.id;
    current = { id, token, credentials: TEST_ADMIN };
  });
  const api = () => request(app.url);
  const password = 'roster-password';

  /** A new admin, created by `by`, signed in: their id and token. */
  async function newAdmin(by: string, username: string): Promise<typeof current> {
    const created = await api().post('/api/admin/users').set(bearer(by)).send({ username, password, name: username });
    expect(created.status, created.text).toBe(201);
    const credentials = { username, password };
    return { id: created.body.user.id as string, token: await adminToken(app.url, credentials), credentials };
  }
  const remove = (token: string, id: string) => api().delete(`/api/admin/users/${id}`).set(bearer(token));
  const livingAdmins = async (token: string) =>
    ((await api().get('/api/admin/users').set(bearer(token))).body.users as { id: string }[]).map((u) => u.id).sort();
  const rosterAdmins = async () => {
    const events = await app.infra.store.readStream(ADMIN_ROSTER_STREAM);
    const admins = new Set<string>();
    for (const event of events) {
      const data = event.data as { admins?: string[]; userId?: string };
      if (event.type === 'RosterSeeded') data.admins!.forEach((id) => admins.add(id));
      if (event.type === 'RosterAdminAdded') admins.add(data.userId!);
      if (event.type === 'RosterAdminRemoved') admins.delete(data.userId!);
    }
    return [...admins].sort();
  };

  it('lets exactly one of two admins deleting each other at once succeed, round after round', async () => {
    for (let round = 0; round < 6; round++) {
      const other = await newAdmin(current.token, `mutual-${round}`);
      const [byOther, byCurrent] = await Promise.all([
        remove(other.token, current.id),
        remove(current.token, other.id),
      ]);
      expect([byOther.status, byCurrent.status].sort(), `round ${round}: ${byOther.text} / ${byCurrent.text}`).toEqual([
        200, 409,
      ]);
      const refused = byOther.status === 409 ? byOther : byCurrent;
      expect(refused.body.message).toBe('The last administrator cannot be deleted');
      if (byOther.status === 200) current = other;
      expect(await livingAdmins(current.token)).toEqual([current.id]);
      expect(await rosterAdmins()).toEqual([current.id]);
    }
  });

  it('never runs a deletion decided by an admin who is being deleted at the same moment', async () => {
    for (let round = 0; round < 6; round++) {
      const b = await newAdmin(current.token, `chain-b-${round}`);
      const c = await newAdmin(current.token, `chain-c-${round}`);
      const [aDeletesB, bDeletesC] = await Promise.all([remove(current.token, b.id), remove(b.token, c.id)]);
      expect(aDeletesB.status, aDeletesB.text).toBe(200);
      if (bDeletesC.status === 200) {
        // Decided while B was still an administrator: C left the roster before B did.
        expect(await livingAdmins(current.token)).toEqual([current.id]);
      } else {
        expect(bDeletesC.status, bDeletesC.text).toBe(403);
        expect(bDeletesC.body.message).toBe('Your account is no longer an administrator');
        expect(await livingAdmins(current.token)).toEqual([current.id, c.id].sort());
        expect((await remove(current.token, c.id)).status).toBe(200);
      }
      expect(await rosterAdmins()).toEqual([current.id]);
    }
  });
  it("shows in no read model: the audit trail has the users' own events, the same when rebuilt", async () => {
    // A token signed out and a sign-out everywhere, for the admin-users read model's own tables.
    const signedOut = await api()
      .post('/api/auth/logout')
      .set(bearer(await adminToken(app.url, current.credentials)))
      .send({});
    expect(signedOut.status).toBe(200);
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const roster = new Set((await app.infra.store.readStream(ADMIN_ROSTER_STREAM)).map((e) => e.id));
    const rows = async () => ({
      entries: await app.infra.db.selectFrom('audit_entries').selectAll().orderBy('id').execute(),
      users: await app.infra.db.selectFrom('admin_users').selectAll().orderBy('id').execute(),
      revoked: await app.infra.db.selectFrom('admin_revoked_tokens').selectAll().orderBy('token_id').execute(),
    });
    const live = await rows();
    expect(live.revoked).toHaveLength(1);
    expect(live.entries.filter((entry) => roster.has(entry.id))).toEqual([]);
    const deletions = (await app.infra.store.readAll({ after: START, limit: 10_000, types: ['AdminUserDeleted'] }))
      .length;
    expect(live.entries.filter((entry) => entry.action === 'user.deleted')).toHaveLength(deletions);
    await rebuildProjections({
      db: app.infra.db,
      store: app.infra.store,
      databaseUrl: app.infra.database.url,
      projections: [auditProjection(), adminUsersProjection({ db: app.infra.db })],
    });
    expect(await rows()).toEqual(live);
  });
});

describe('the roster in a store that had admins before it', () => {
  it('starts from the admins the log holds, in the append of its first change', async () => {
    const database = await freshDatabase();
    const store = new PostgresEventStore(database.pool, database.url);
    // Written as the store wrote admins before the roster existed: the first admin and two more.
    const metadata = commandMetadata(SYSTEM);
    const ids = { first: randomUUID(), kept: randomUUID(), gone: randomUUID(), other: randomUUID() };
    const write = async (id: string, username: string, password: string) => {
      await store.append(usernameStream(username), [usernames.claimed(username, id)], {
        expectedRevision: 'no_stream',
        metadata,
      });
      await store.append(
        userStream(id),
        [
          {
            type: 'AdminUserCreated',
            data: {
              userId: id,
              username,
              name: username,
              role: 'admin',
              passwordHash: await hashPassword(password),
              at: new Date().toISOString(),
            },
          },
        ],
        { expectedRevision: 'no_stream', metadata },
      );
    };
    await store.append(FIRST_ADMIN_STREAM, [{ type: 'FirstAdminClaimed', data: { userId: ids.first } }], {
      expectedRevision: 'no_stream',
      metadata,
    });
    await write(ids.first, TEST_ADMIN.username, TEST_ADMIN.password);
    await write(ids.kept, 'kept', 'kept-password');
    await write(ids.gone, 'gone', 'gone-password');
    await write(ids.other, 'other', 'other-password');
    await store.append(
      userStream(ids.gone),
      [{ type: 'AdminUserDeleted', data: { userId: ids.gone, at: new Date().toISOString() } }],
      {
        expectedRevision: 0n,
        metadata,
      },
    );
    await store.close();

    const app = await startTestApp({ databaseUrl: database.url });
    expect(await app.infra.store.readStream(ADMIN_ROSTER_STREAM)).toEqual([]);
    const token = await adminToken(app.url);
    const res = await request(app.url).delete(`/api/admin/users/${ids.other}`).set(bearer(token));
    expect(res.status, res.text).toBe(200);
    const roster = await app.infra.store.readStream(ADMIN_ROSTER_STREAM);
    expect(roster.map((e) => e.type)).toEqual(['RosterSeeded', 'RosterAdminRemoved']);
    expect((roster[0]!.data as { admins: string[] }).admins.sort()).toEqual([ids.first, ids.kept, ids.other].sort());
    expect(roster[1]!.position.commit).toBe(roster[0]!.position.commit);
  });
});

describe('a change stopped between the roster and the user', () => {
  let app: RunningApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
  });
  const api = () => request(app.url);
  const rosterChange = async (type: 'RosterAdminAdded' | 'RosterAdminRemoved', userId: string) => {
    const last = (await app.infra.store.readStream(ADMIN_ROSTER_STREAM)).at(-1)!;
    await app.infra.store.append(ADMIN_ROSTER_STREAM, [{ type, data: { userId } }], {
      expectedRevision: last.revision,
      metadata: commandMetadata(SYSTEM),
    });
  };

  it('a deletion off the roster already: the user acts no more on admins, and the same deletion finishes it', async () => {
    const created = await api()
      .post('/api/admin/users')
      .set(bearer(token))
      .send({ username: 'half-gone', password: 'half-gone-password', name: 'Half Gone' });
    const other = await api()
      .post('/api/admin/users')
      .set(bearer(token))
      .send({ username: 'bystander', password: 'bystander-password', name: 'Bystander' });
    const halfGone = await adminToken(app.url, { username: 'half-gone', password: 'half-gone-password' });
    await rosterChange('RosterAdminRemoved', created.body.user.id);
    const byHalfGone = await api().delete(`/api/admin/users/${other.body.user.id}`).set(bearer(halfGone));
    expect(byHalfGone.status).toBe(403);
    expect(byHalfGone.body.message).toBe('Your account is no longer an administrator');
    const again = await api().delete(`/api/admin/users/${created.body.user.id}`).set(bearer(token));
    expect(again.status, again.text).toBe(200);
    expect((await api().get(`/api/admin/users/${created.body.user.id}`).set(bearer(token))).status).toBe(404);
    expect((await api().get('/api/admin/me').set(bearer(halfGone))).status).toBe(401);
  });

  it('a creation enrolled without its user: the same creation sent again writes the user under that id', async () => {
    const id = randomUUID();
    const metadata = commandMetadata(SYSTEM);
    await app.infra.store.append(usernameStream('interrupted'), [usernames.claimed('interrupted', id)], {
      expectedRevision: 'no_stream',
      metadata,
    });
    await rosterChange('RosterAdminAdded', id);
    const res = await api()
      .post('/api/admin/users')
      .set(bearer(token))
      .send({ username: 'interrupted', password: 'interrupted-password', name: 'Interrupted' });
    expect(res.status, res.text).toBe(201);
    expect(res.body.user.id).toBe(id);
    await adminToken(app.url, { username: 'interrupted', password: 'interrupted-password' });
    const roster = await app.infra.store.readStream(ADMIN_ROSTER_STREAM);
    expect(roster.filter((e) => (e.data as { userId?: string }).userId === id)).toHaveLength(1);
  });
});
