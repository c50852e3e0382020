import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';

describe('identity over HTTP', () => {
  let app: RunningApp;
  let token: string;
  beforeAll(async () => {
    // The tests' requests come through loopback, which may say who the client is (X-Forwarded-For).
    app = await startTestApp({ env: { TRUST_PROXY: 'loopback' } });
    token = await adminToken(app.url);
  });
  const api = () => request(app.url);
  const asAdmin = (t = token) => bearer(t);
  // Each test signs in from its own address, so the throttle tests cannot lock the others out.
  const from = (address: string) => ({ 'X-Forwarded-For': address });
  const login = (address: string, password: string, username = TEST_ADMIN.username) =>
    api().post('/api/auth/login').set(from(address)).send({ username, password });
  const statuses = (answers: { status: number }[]) => answers.map((res) => res.status);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  describe('login', () => {
    it('answers a token and the user for the right password', async () => {
      const res = await api().post('/api/auth/login').set(from('10.0.0.1')).send(TEST_ADMIN);
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ username: 'admin', role: 'admin', name: expect.any(String) });
      expect(res.body.token.split('.')).toHaveLength(3);
      expect((await api().get('/api/admin/me').set(asAdmin(res.body.token))).body.user.username).toBe('admin');
    });

    it('accepts the username in any case', async () => {
      const res = await api()
        .post('/api/auth/login')
        .set(from('10.0.0.2'))
        .send({ username: 'ADMIN', password: TEST_ADMIN.password });
      expect(res.status).toBe(200);
    });

    it.each([{}, { username: 'admin' }, { username: '  ', password: 'x' }, { username: 'admin', password: '' }])(
      'refuses blank fields: %o',
      async (body) => {
        const res = await api().post('/api/auth/login').set(from('10.0.0.3')).send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please enter both username and password');
      },
    );

    it('gives the same answer for an unknown user and a wrong password', async () => {
      const unknown = await api()
        .post('/api/auth/login')
        .set(from('10.0.0.4'))
        .send({ username: 'nobody', password: 'whatever1' });
      const wrong = await api()
        .post('/api/auth/login')
        .set(from('10.0.0.4'))
        .send({ username: 'admin', password: 'whatever1' });
      for (const res of [unknown, wrong]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          status: 401,
          code: 'auth.invalid_credentials',
          message: 'Invalid username or password',
        });
      }
    });

    it('locks an address out after 5 failures with 429 and when to retry; the right password still works from elsewhere', async () => {
      for (let i = 0; i < 6; i++) {
        await api()
          .post('/api/auth/login')
          .set(from('10.6.6.6'))
          .send({ username: 'admin', password: `guess-${i}` });
      }
      const locked = await api().post('/api/auth/login').set(from('10.6.6.6')).send(TEST_ADMIN);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
      const elsewhere = await api().post('/api/auth/login').set(from('10.7.7.7')).send(TEST_ADMIN);
      expect(elsewhere.status).toBe(200);
    });

    it('counts each attempt before checking the password: of 20 parallel guesses at most 5 are tried', async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('10.20.0.1', `guess-${i}`)));
      expect(count(statuses(answers), 401)).toBeLessThanOrEqual(5);
      expect(count(statuses(answers), 429)).toBeGreaterThanOrEqual(15);
      const refused = answers.find((res) => res.status === 429)!;
      expect(refused.body).toEqual({
        status: 429,
        code: 'auth.too_many_sign_ins',
        params: { minutes: expect.any(Number) },
        message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/),
        retryAfterSeconds: expect.any(Number),
      });
      expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
      expect(refused.body.retryAfterSeconds).toBeGreaterThan(14 * 60);
    });

    it('lets the real admin in from another address after 45 parallel guesses from one', async () => {
      const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => login('10.45.0.1', `guess-${i}`)));
      expect(count(statuses(answers), 401)).toBeLessThanOrEqual(5);
      expect((await login('10.45.0.2', TEST_ADMIN.password)).status).toBe(200);
    });

    it('clears the count of a username and address at the right password, and never counts a success', async () => {
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++) expect((await login('10.30.0.1', `guess-${i}`)).status).toBe(401);
        expect((await login('10.30.0.1', TEST_ADMIN.password)).status).toBe(200);
      }
      // More successes than the address may fail in an hour (five at a time: a username from one
      // address has five attempts in flight at most).
      for (let batch = 0; batch < 5; batch++) {
        expect(
          statuses(await Promise.all(Array.from({ length: 5 }, () => login('10.31.0.1', TEST_ADMIN.password)))),
        ).toEqual([200, 200, 200, 200, 200]);
      }
    });

    it('locks an address out after 20 failures whatever the usernames', async () => {
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => login('10.40.0.1', 'wrong-password', `someone-${i}`)),
      );
      expect(count(statuses(answers), 401)).toBe(20);
      expect(count(statuses(answers), 429)).toBe(4);
      expect((await login('10.40.0.1', TEST_ADMIN.password)).status).toBe(429);
    });

    it('counts the IPv6 addresses of one /64 together, and an IPv4-mapped address as its IPv4 address', async () => {
      for (let i = 0; i < 5; i++) expect((await login(`2001:db8:1:2::${i + 1}`, `guess-${i}`)).status).toBe(401);
      expect((await login('2001:db8:1:2:ffff::9', TEST_ADMIN.password)).status).toBe(429);
      expect((await login('2001:db8:1:3::1', TEST_ADMIN.password)).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login('::ffff:10.50.0.1', `guess-${i}`)).status).toBe(401);
      expect((await login('10.50.0.1', TEST_ADMIN.password)).status).toBe(429);
    });
  });

  describe('admin users', () => {
    it('carry their version: ETag of the read, If-Match on writes, a stale one is a 409 naming who changed it and when', async () => {
      const me = (await api().get('/api/admin/me').set(asAdmin())).body.user;
      const created = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'versioned', password: 'versioned-password', name: 'Versioned' });
      const id = created.body.user.id as string;
      expect(created.headers.etag).toBe('"0"');
      const read = await api().get(`/api/admin/users/${id}`).set(asAdmin());
      expect(read.headers.etag).toBe('"0"');
      expect(read.body.user.version).toBe(0);

      const first = await api()
        .put(`/api/admin/users/${id}`)
        .set(asAdmin())
        .set('If-Match', read.headers.etag!)
        .send({ username: 'versioned', name: 'Versioned 1', role: 'admin' });
      expect(first.status).toBe(200);
      expect(first.headers.etag).toBe('"1"');
      expect(first.body.user.version).toBe(1);

      const events = async () => (await app.infra.store.readStream(`admin-user-${id}`)).length;
      const before = await events();
      // A stale edit that renames: refused before the new username is claimed.
      const stale = await api()
        .put(`/api/admin/users/${id}`)
        .set(asAdmin())
        .set('If-Match', '"0"')
        .send({ username: 'renamed-stale', name: 'Stale', role: 'admin' });
      expect(stale.status).toBe(409);
      // The edit that made it stale: its author by name, its time and kind, the version now current.
      const [, edit] = await app.infra.store.readStream(`admin-user-${id}`);
      expect(stale.body).toEqual({
        status: 409,
        code: 'edit.stale',
        params: { changedBy: me.name, changedAt: edit!.metadata.occurredAt, change: 'AdminUserUpdated' },
        message: `This item was changed by ${me.name} at ${edit!.metadata.occurredAt} (AdminUserUpdated), after you opened it. Reload it and try again.`,
        version: 1,
        changedBy: me.name,
        changedAt: edit!.metadata.occurredAt,
        change: 'AdminUserUpdated',
      });
      expect(await events()).toBe(before);
      expect(
        (
          await api()
            .post('/api/admin/users')
            .set(asAdmin())
            .send({ username: 'renamed-stale', password: 'long-enough', name: 'Free' })
        ).status,
      ).toBe(201);

      expect((await api().delete(`/api/admin/users/${id}`).set(asAdmin()).set('If-Match', '"0"')).status).toBe(409);
      expect((await api().get(`/api/admin/users/${id}`).set(asAdmin())).status).toBe(200);
      const deleted = await api().delete(`/api/admin/users/${id}`).set(asAdmin()).set('If-Match', '"1"');
      expect(deleted.status).toBe(200);
      // No content hash passing for a version.
      expect(deleted.headers.etag).toBeUndefined();
      expect((await api().get('/api/admin/users').set(asAdmin())).headers.etag).toBeUndefined();
    });

    it('names the author of a stale edit by who they were: an admin deleted since, or the store itself', async () => {
      await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'leaver', password: 'leaver-password', name: 'Leaver' });
      const leaver = await adminToken(app.url, { username: 'leaver', password: 'leaver-password' });
      const edited = (
        await api()
          .post('/api/admin/users')
          .set(asAdmin(leaver))
          .send({ username: 'left-behind', password: 'long-enough', name: 'Left' })
      ).body.user;
      const leaverId = (await api().get('/api/admin/me').set(asAdmin(leaver))).body.user.id;
      expect((await api().delete(`/api/admin/users/${leaverId}`).set(asAdmin())).status).toBe(200);
      const stale = await api()
        .put(`/api/admin/users/${edited.id}`)
        .set(asAdmin())
        .set('If-Match', '"7"')
        .send({ username: 'left-behind', name: 'Left', role: 'admin' });
      expect(stale.status).toBe(409);
      expect(stale.body.changedBy).toBe('an administrator who has since been deleted');
      // The first administrator was created by the store at its first start.
      const first = (await api().get('/api/admin/me').set(asAdmin())).body.user;
      expect((await app.infra.store.readStream(`admin-user-${first.id}`)).at(-1)!.metadata.actor).toBe('system');
      const untouched = await api()
        .put(`/api/admin/users/${first.id}`)
        .set(asAdmin())
        .set('If-Match', '"7"')
        .send({ username: first.username, name: first.name, role: 'admin' });
      expect(untouched.status).toBe(409);
      expect(untouched.body.changedBy).toBe('the payment service or the store itself');
    });

    it('lets one of several edits of the same version through, the others get 409', async () => {
      const created = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'contested', password: 'contested-password', name: 'Contested' });
      const id = created.body.user.id as string;
      const edits = await Promise.all(
        [1, 2, 3].map((n) =>
          api()
            .put(`/api/admin/users/${id}`)
            .set(asAdmin())
            .set('If-Match', '"0"')
            .send({ username: 'contested', name: `Edit ${n}`, role: 'admin' }),
        ),
      );
      expect(statuses(edits).sort()).toEqual([200, 409, 409]);
    });

    it('creates, lists, reads, updates and deletes a user, recording the acting admin', async () => {
      const created = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'Karim', password: 'karim-password', name: 'Karim H.', role: 'admin' });
      expect(created.status).toBe(201);
      expect(created.body.message).toBe('User added successfully');
      const id = created.body.user.id as string;
      expect(created.body.user).toEqual({
        id,
        username: 'Karim',
        name: 'Karim H.',
        role: 'admin',
        created_at: expect.any(String),
        version: 0,
      });
      expect(created.body.user.password).toBeUndefined();

      const list = await api().get('/api/admin/users').set(asAdmin());
      expect(list.body.users.map((u: { username: string }) => u.username)).toEqual(
        expect.arrayContaining(['admin', 'Karim']),
      );
      expect(JSON.stringify(list.body)).not.toMatch(/argon2|password/);
      expect((await api().get(`/api/admin/users/${id}`).set(asAdmin())).body.user.name).toBe('Karim H.');

      // An empty password keeps the current one.
      const renamed = await api()
        .put(`/api/admin/users/${id}`)
        .set(asAdmin())
        .send({ username: 'karim2', password: '', name: 'Karim Haddad', role: 'admin' });
      expect(renamed.body).toMatchObject({
        message: 'User updated successfully',
        user: { username: 'karim2', name: 'Karim Haddad' },
      });
      expect(
        (
          await api()
            .post('/api/auth/login')
            .set(from('10.1.0.1'))
            .send({ username: 'karim2', password: 'karim-password' })
        ).status,
      ).toBe(200);
      // The old username is free again.
      const reuse = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'karim', password: 'another-password', name: 'Other Karim' });
      expect(reuse.status).toBe(201);

      const events = await app.infra.store.readStream(`admin-user-${id}`);
      const me = (await api().get('/api/admin/me').set(asAdmin())).body.user.id;
      expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
        ['AdminUserCreated', me],
        ['AdminUserUpdated', me],
      ]);

      const deleted = await api().delete(`/api/admin/users/${id}`).set(asAdmin());
      expect(deleted.body).toEqual({ message: 'User deleted successfully' });
      expect((await api().get(`/api/admin/users/${id}`).set(asAdmin())).status).toBe(404);
    });

    it('refuses a username that exists, whatever its case', async () => {
      const res = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'ADMIN', password: 'long-enough', name: 'Copy' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Username already exists');
    });

    it.each([
      [{ password: 'long-enough', name: 'No Username' }, 'Please fill in all required fields'],
      [{ username: 'nopass', name: 'No Password' }, 'Please fill in all required fields'],
      [{ username: 'noname', password: 'long-enough' }, 'Please fill in all required fields'],
      [{ username: 'shorty', password: 'short', name: 'Short' }, 'Password must be at least 8 characters'],
      [{ username: 'boss', password: 'long-enough', name: 'Boss', role: 'superuser' }, 'Role must be admin'],
    ])('refuses bad input with its message: %o', async (body, message) => {
      const before = (await api().get('/api/admin/users').set(asAdmin())).body.users.length;
      const res = await api().post('/api/admin/users').set(asAdmin()).send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect((await api().get('/api/admin/users').set(asAdmin())).body.users.length).toBe(before);
    });

    it('keeps an admin from deleting their own account', async () => {
      const me = (await api().get('/api/admin/me').set(asAdmin())).body.user.id;
      const res = await api().delete(`/api/admin/users/${me}`).set(asAdmin());
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot delete your own account');
    });

    it('stops accepting the token of a deleted user or of one whose password changed', async () => {
      const created = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'temp', password: 'temp-password', name: 'Temp' });
      const tempToken = await adminToken(app.url, { username: 'temp', password: 'temp-password' });
      // /api/admin/orders is also answered ahead of Express (a fast read), with its own token check.
      const reads = ['/api/admin/users', '/api/admin/orders'];
      const statuses = (token: string) =>
        Promise.all(reads.map(async (path) => (await api().get(path).set(asAdmin(token))).status));
      expect(await statuses(tempToken)).toEqual([200, 200]);
      await api()
        .put(`/api/admin/users/${created.body.user.id}`)
        .set(asAdmin())
        .send({ username: 'temp', password: 'new-password', name: 'Temp' });
      expect(await statuses(tempToken)).toEqual([401, 401]);
      const newToken = await adminToken(app.url, { username: 'temp', password: 'new-password' });
      expect(await statuses(newToken)).toEqual([200, 200]);
      await api().delete(`/api/admin/users/${created.body.user.id}`).set(asAdmin());
      expect(await statuses(newToken)).toEqual([401, 401]);
    });

    it("resets another admin's password, ending their sessions, but never the caller's own", async () => {
      const created = await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'reset-me', password: 'reset-me-password', name: 'Reset Me' });
      const id = created.body.user.id as string;
      const theirs = await adminToken(app.url, { username: 'reset-me', password: 'reset-me-password' });
      // With their own token (stolen, say), the users API cannot set their password.
      const own = await api()
        .put(`/api/admin/users/${id}`)
        .set(asAdmin(theirs))
        .send({ username: 'reset-me', password: 'taken-over-password', name: 'Reset Me' });
      expect(own.status).toBe(403);
      expect(own.body).toEqual({
        status: 403,
        code: 'users.own_password_in_settings',
        message: 'Change your own password under Settings → Password, which asks for the current one.',
      });
      expect((await api().get('/api/admin/me').set(asAdmin(theirs))).status).toBe(200);
      expect((await login('10.3.0.1', 'taken-over-password', 'reset-me')).status).toBe(401);
      // Their own name, without a password, still saves.
      const renamed = await api()
        .put(`/api/admin/users/${id}`)
        .set(asAdmin(theirs))
        .send({ username: 'reset-me', name: 'Reset Me Again' });
      expect(renamed.status).toBe(200);
      // Another admin may reset it: their tokens stop working.
      const reset = await api()
        .put(`/api/admin/users/${id}`)
        .set(asAdmin())
        .send({ username: 'reset-me', password: 'reset-by-admin', name: 'Reset Me' });
      expect(reset.status).toBe(200);
      expect((await api().get('/api/admin/me').set(asAdmin(theirs))).status).toBe(401);
      expect((await login('10.3.0.2', 'reset-by-admin', 'reset-me')).status).toBe(200);
    });

    it('pushes the user list to admin sockets after each change, never to shoppers', async () => {
      const admin = connect(app.url, { auth: { token } });
      const shopper = connect(app.url);
      const toAdmin: { users: { username: string }[] }[] = [];
      const toShopper: unknown[] = [];
      admin.on('usersUpdate', (p) => toAdmin.push(p));
      shopper.on('usersUpdate', (p) => toShopper.push(p));
      await Promise.all(
        [admin, shopper].map((s) => new Promise((resolve) => s.once('connect', () => resolve(undefined)))),
      );
      await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'live', password: 'live-password', name: 'Live' });
      await waitUntil(() => toAdmin.some((p) => p.users.some((u) => u.username === 'live')));
      expect(toShopper).toEqual([]);
      admin.disconnect();
      shopper.disconnect();
    });
  });

  describe('settings', () => {
    it("carry the admin's version: a stale If-Match is a 409, the current one saves", async () => {
      const read = await api().get('/api/admin/settings').set(asAdmin());
      const version = Number(JSON.parse(read.headers.etag!));
      const saved = await api()
        .put('/api/admin/settings')
        .set(asAdmin())
        .set('If-Match', read.headers.etag!)
        .send(read.body.settings);
      expect(saved.status).toBe(200);
      expect(saved.headers.etag).toBe(`"${version + 1}"`);
      const stale = await api()
        .put('/api/admin/settings')
        .set(asAdmin())
        .set('If-Match', read.headers.etag!)
        .send(read.body.settings);
      expect(stale.status).toBe(409);
      const me = (await api().get('/api/admin/me').set(asAdmin())).body.user;
      expect(stale.body).toMatchObject({ version: version + 1, changedBy: me.name, change: 'AdminSettingsChanged' });
      expect(stale.body.message).toMatch(
        /^This item was changed by .+ at .+ \(AdminSettingsChanged\), after you opened it\. Reload it and try again\.$/,
      );
    });

    it('starts from the default settings', async () => {
      const res = await api().get('/api/admin/settings').set(asAdmin());
      expect(res.body).toEqual({
        settings: {
          profile: { name: expect.any(String), email: '', phone: '' },
          notifications: { emailNotifications: true, orderUpdates: true, newCustomers: true, productUpdates: false },
          language: 'ar',
          timezone: 'Africa/Algiers',
          dateFormat: 'DD/MM/YYYY',
        },
        // The back office starts in English until the admin chooses a language (docs/product.md#back-office).
        languageChosen: false,
        version: Number(JSON.parse(res.headers.etag!)),
      });
    });

    it('saves settings on the server, and the profile name becomes the user name', async () => {
      const settings = {
        profile: { name: 'Nadia Admin', email: 'nadia@example.dz', phone: '0661000000' },
        notifications: { emailNotifications: false, orderUpdates: true, newCustomers: false, productUpdates: true },
        language: 'fr',
        timezone: 'Europe/Paris',
        dateFormat: 'YYYY-MM-DD',
      };
      const res = await api().put('/api/admin/settings').set(asAdmin()).send(settings);
      expect(res.body).toEqual({
        message: 'Settings saved successfully!',
        settings,
        languageChosen: true,
        version: Number(JSON.parse(res.headers.etag!)),
      });
      expect((await api().get('/api/admin/settings').set(asAdmin())).body.settings).toEqual(settings);
      expect((await api().get('/api/admin/me').set(asAdmin())).body.user.name).toBe('Nadia Admin');
    });

    it.each([
      [{ timezone: 'Mars/Olympus' }, /Timezone must be one of/],
      [{ language: 'de' }, /Language must be one of/],
      [{ dateFormat: 'DD.MM.YY' }, /Date format must be one of/],
      [{ profile: { name: 'X', email: 'not-an-email', phone: '' } }, 'Enter a valid email address'],
    ])('refuses values outside the options: %o', async (change, message) => {
      const current = (await api().get('/api/admin/settings').set(asAdmin())).body.settings;
      const res = await api()
        .put('/api/admin/settings')
        .set(asAdmin())
        .send({ ...current, ...change });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect((await api().get('/api/admin/settings').set(asAdmin())).body.settings).toEqual(current);
    });

    describe('the display language, chosen or not', () => {
      /** A new admin of their own, signed in. */
      const newAdmin = async (username: string) => {
        await api()
          .post('/api/admin/users')
          .set(asAdmin())
          .send({ username, password: 'long-password', name: username });
        return asAdmin(await adminToken(app.url, { username, password: 'long-password' }));
      };
      const read = async (as: Record<string, string>) => (await api().get('/api/admin/settings').set(as)).body;

      it('is not chosen by saving the profile with the language kept, and is by Language & Region', async () => {
        const as = await newAdmin('lang-tabs');
        const before = await read(as);
        const profile = { ...before.settings.profile, name: 'Lina' };
        const kept = await api()
          .put('/api/admin/settings')
          .set(as)
          .send({ ...before.settings, profile });
        expect(kept.body).toMatchObject({ languageChosen: false, settings: { language: 'ar', profile } });
        // The language kept by default (ar), saved from where it is chosen: now it is the admin's.
        const chosen = await api()
          .put('/api/admin/settings')
          .set(as)
          .set('If-Match', `"${kept.body.version}"`)
          .send({ ...kept.body.settings, languageChosen: true });
        expect(chosen.body).toMatchObject({ languageChosen: true, settings: { language: 'ar' } });
        // Later saves from elsewhere keep it chosen.
        const later = await api()
          .put('/api/admin/settings')
          .set(as)
          .send({ ...chosen.body.settings, timezone: 'Europe/London' });
        expect(later.body).toMatchObject({ languageChosen: true, settings: { timezone: 'Europe/London' } });
        expect(await read(as)).toMatchObject({ languageChosen: true, settings: { language: 'ar' } });
      });

      it("is chosen from the header's menu alone: the other settings stay, and no version is needed", async () => {
        const as = await newAdmin('lang-menu');
        const before = await read(as);
        await api()
          .put('/api/admin/settings')
          .set(as)
          .send({ ...before.settings, dateFormat: 'MM/DD/YYYY' });
        const res = await api().put('/api/admin/settings/language').set(as).send({ language: 'fr' });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          message: 'Settings saved successfully!',
          languageChosen: true,
          settings: { language: 'fr', dateFormat: 'MM/DD/YYYY', profile: { name: 'lang-menu' } },
        });
        expect(res.headers.etag).toBe(`"${res.body.version}"`);
        expect(await read(as)).toEqual({ ...res.body, message: undefined });
      });

      it('refuses a language outside the options', async () => {
        const res = await api().put('/api/admin/settings/language').set(asAdmin()).send({ language: 'de' });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/Language must be one of ar, fr, en/);
      });
    });

    it('counts wrong current passwords like failed sign-ins: the sixth in a row is 429 with Retry-After', async () => {
      await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'guesser', password: 'guesser-password', name: 'Guesser' });
      const stolen = await adminToken(app.url, { username: 'guesser', password: 'guesser-password' });
      const change = (currentPassword: string) =>
        api()
          .put('/api/admin/settings/password')
          .set(from('10.8.0.1'))
          .set(asAdmin(stolen))
          .send({ currentPassword, newPassword: 'guessed-password', confirmPassword: 'guessed-password' });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await change(`guess-${i}`));
      expect(statuses(answers)).toEqual([400, 400, 400, 400, 400, 429]);
      const refused = answers[5]!;
      expect(refused.body.message).toMatch(/^Too many wrong passwords\. Try again in \d+ minutes?\.$/);
      expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfterSeconds));
      // Even the right one now waits: guessing it is what the count stops.
      expect((await change('guesser-password')).status).toBe(429);
      // Counted in parallel too: of 10 guesses at once from another address, at most 5 are tried.
      const parallel = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          api()
            .put('/api/admin/settings/password')
            .set(from('10.8.0.2'))
            .set(asAdmin(stolen))
            .send({ currentPassword: `p-${i}`, newPassword: 'guessed-password', confirmPassword: 'guessed-password' }),
        ),
      );
      expect(count(statuses(parallel), 400)).toBeLessThanOrEqual(5);
      expect(count(statuses(parallel), 429)).toBeGreaterThanOrEqual(5);
    });

    it('changes the password only with the right current one and a matching confirmation', async () => {
      await api()
        .post('/api/admin/users')
        .set(asAdmin())
        .send({ username: 'pw', password: 'first-password', name: 'Pw' });
      const pwToken = await adminToken(app.url, { username: 'pw', password: 'first-password' });
      const wrong = await api()
        .put('/api/admin/settings/password')
        .set(asAdmin(pwToken))
        .send({ currentPassword: 'nope-nope', newPassword: 'second-password', confirmPassword: 'second-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');
      const mismatch = await api()
        .put('/api/admin/settings/password')
        .set(asAdmin(pwToken))
        .send({ currentPassword: 'first-password', newPassword: 'second-password', confirmPassword: 'third-password' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe('New password and confirmation do not match');
      const ok = await api().put('/api/admin/settings/password').set(asAdmin(pwToken)).send({
        currentPassword: 'first-password',
        newPassword: 'second-password',
        confirmPassword: 'second-password',
      });
      expect(ok.body.message).toBe('Password changed successfully');
      expect((await api().get('/api/admin/me').set(asAdmin(pwToken))).status).toBe(401);
      expect((await api().get('/api/admin/me').set(asAdmin(ok.body.token))).status).toBe(200);
      expect(
        (
          await api()
            .post('/api/auth/login')
            .set(from('10.2.0.1'))
            .send({ username: 'pw', password: 'second-password' })
        ).status,
      ).toBe(200);
    });
  });
});

describe('signing out', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  const api = () => request(app.url);
  // /api/admin/orders is answered ahead of Express (a fast read), with its own token check.
  const reads = (token: string) =>
    Promise.all(
      ['/api/admin/me', '/api/admin/orders'].map(async (path) => (await api().get(path).set(bearer(token))).status),
    );

  it('ends this token only: 401 on every read, the same admin signed in elsewhere stays', async () => {
    const [token, elsewhere] = await Promise.all([adminToken(app.url), adminToken(app.url)]);
    expect(await reads(token)).toEqual([200, 200]);
    const out = await api().post('/api/auth/logout').set(bearer(token)).send({});
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out' });
    expect(await reads(token)).toEqual([401, 401]);
    expect(await reads(elsewhere)).toEqual([200, 200]);
    expect((await api().post('/api/auth/logout').set(bearer(token)).send({})).status).toBe(401);
  });

  it('ends every token of the admin with everywhere, and a new sign-in works', async () => {
    const [token, other] = await Promise.all([adminToken(app.url), adminToken(app.url)]);
    const out = await api().post('/api/auth/logout').set(bearer(token)).send({ everywhere: true });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out everywhere' });
    expect(await reads(token)).toEqual([401, 401]);
    expect(await reads(other)).toEqual([401, 401]);
    expect(await reads(await adminToken(app.url))).toEqual([200, 200]);
  });

  it('needs a valid token, and refuses a body that is not one it knows', async () => {
    expect((await api().post('/api/auth/logout').send({})).status).toBe(401);
    const token = await adminToken(app.url);
    const bad = await api().post('/api/auth/logout').set(bearer(token)).send({ everywhere: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('everywhere must be true or false');
    const other = await api().post('/api/auth/logout').set(bearer(token)).send({ username: 'admin' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('A sign-out takes only everywhere (true or false)');
    expect(await reads(token)).toEqual([200, 200]);
  });

  it('is answered as private API data', async () => {
    const res = await api()
      .post('/api/auth/logout')
      .set(bearer(await adminToken(app.url)))
      .send({});
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('sign-in throttle without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: changing it does not reset the count', async () => {
    const app = await startTestApp();
    for (let i = 0; i < 5; i++) {
      const res = await request(app.url)
        .post('/api/auth/login')
        .set('X-Forwarded-For', `10.9.0.${i}`)
        .send({ username: 'admin', password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    const res = await request(app.url).post('/api/auth/login').set('X-Forwarded-For', '10.9.1.1').send(TEST_ADMIN);
    expect(res.status).toBe(429);
  });
});
