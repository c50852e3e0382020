import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { TEST_ADMIN, startTestApp, type RunningApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { waitUntil } from '../../../test/support/wait';
import type { AuditEntry } from '../../shared/audit';

// `npm run admin` as an operator runs it: the CLI in a process of its own, on the store's database
// while the store runs, the password piped to its stdin.

const CLI = fileURLToPath(new URL('../../cli/admin.ts', import.meta.url));

describe('the recovery commands (npm run admin)', () => {
  let app: RunningApp;
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = (await freshDatabase({ migrate: false })).url;
    app = await startTestApp({ databaseUrl });
  });

  /** Runs the CLI with these arguments, `stdin` piped in: its exit code and what it printed. */
  function admin(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'admin-cli-')),
        LOG_LEVEL: 'warn',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin);
    return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
  }
  const signIn = (username: string, password: string) =>
    request(app.url).post('/api/auth/login').send({ username, password });
  const signsIn = async (username: string, password: string) => (await signIn(username, password)).status === 200;

  it('creates an administrator with the password read from stdin, on the roster, recorded as the command line', async () => {
    const run = await admin(['create', 'rescuer'], 'a rescue passphrase\n');
    expect(run, run.stderr).toMatchObject({
      code: 0,
      stdout: 'Administrator "rescuer" created: sign in at /admin/login.\n',
    });
    await waitUntil(() => signsIn('rescuer', 'a rescue passphrase'));
    const token = await adminToken(app.url, { username: 'rescuer', password: 'a rescue passphrase' });
    const me = (await request(app.url).get('/api/admin/me').set(bearer(token))).body.user;
    // An administrator like any other: they may remove one.
    const other = await request(app.url)
      .post('/api/admin/users')
      .set(bearer(token))
      .send({ username: 'spare', password: 'spare-password', name: 'Spare' });
    expect((await request(app.url).delete(`/api/admin/users/${other.body.user.id}`).set(bearer(token))).status).toBe(
      200,
    );

    const created = (await app.infra.store.readStream(`admin-user-${me.id}`))[0]!;
    expect(created.metadata).toMatchObject({ actor: 'system', origin: 'command-line' });
    await waitUntil(async () => (await trail(token, me.id)).length > 0);
    expect((await trail(token, me.id))[0]).toMatchObject({
      actor: { type: 'system', id: 'system', name: 'command line' },
      action: 'user.created',
    });
  });

  it("resets an admin's password: their sessions end, the new password signs in", async () => {
    const before = await adminToken(app.url);
    const run = await admin(['reset-password', TEST_ADMIN.username], 'a new passphrase\nignored second line\n');
    expect(run, run.stderr).toMatchObject({
      code: 0,
      stdout: `Password of "admin" reset: their sessions have ended.\n`,
    });
    await waitUntil(async () => (await request(app.url).get('/api/admin/me').set(bearer(before))).status === 401);
    expect(await signsIn(TEST_ADMIN.username, 'a new passphrase')).toBe(true);
    expect(await signsIn(TEST_ADMIN.username, TEST_ADMIN.password)).toBe(false);
    const token = await adminToken(app.url, { username: TEST_ADMIN.username, password: 'a new passphrase' });
    const id = (await request(app.url).get('/api/admin/me').set(bearer(token))).body.user.id;
    await waitUntil(async () => (await trail(token, id)).some((entry) => entry.action === 'user.password_changed'));
    expect((await trail(token, id)).find((entry) => entry.action === 'user.password_changed')!.actor).toEqual({
      type: 'system',
      id: 'system',
      name: 'command line',
    });
  });

  it('refuses what the users API refuses, changing nothing, and never takes the password from the command line', async () => {
    const short = await admin(['create', 'shorty'], 'short\n');
    expect(short).toMatchObject({ code: 2, stderr: 'Password must be at least 8 characters\n' });
    const taken = await admin(['create', 'RESCUER'], 'long enough password\n');
    expect(taken).toMatchObject({ code: 2, stderr: 'Username already exists\n' });
    const unknown = await admin(['reset-password', 'nobody'], 'long enough password\n');
    expect(unknown).toMatchObject({ code: 2, stderr: 'No administrator is named "nobody".\n' });
    const inArgs = await admin(['create', 'argv-user', 'a-password-in-argv'], '');
    expect(inArgs.code).toBe(2);
    expect(inArgs.stderr).toMatch(/^usage: npm run admin -- create <username> \| reset-password <username>/);
    const nothing = await admin(['create', 'no-password'], '');
    expect(nothing).toMatchObject({ code: 2, stderr: 'Please fill in all required fields\n' });
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const users = await app.infra.db.selectFrom('admin_users').select('username').execute();
    expect(users.map((u) => u.username).sort()).toEqual(['admin', 'rescuer']);
  });

  async function trail(token: string, userId: string): Promise<AuditEntry[]> {
    const res = await request(app.url)
      .get('/api/admin/audit')
      .query({ entityType: 'user', entityId: userId })
      .set(bearer(token));
    return (res.body as { entries: AuditEntry[] }).entries.reverse();
  }
});
