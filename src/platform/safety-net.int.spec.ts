import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';
import { TEST_ADMIN, TEST_JWT_SECRET } from '../../test/support/app';
import { freshDatabase } from '../../test/support/database';
import { freePort } from '../../test/support/services';
import { waitUntil } from '../../test/support/wait';
import { INTERNAL_ERROR, errorBody } from './http/errors';

// The process-level safety net needs the store's real entry: run in this test's process, vitest's
// own handlers would see the errors first.

const STORE = fileURLToPath(new URL('../../test/support/store-process.ts', import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function startStoreProcess(): Promise<{ url: string; child: ChildProcess; logs: Record<string, unknown>[] }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', STORE], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: (await freshDatabase({ migrate: false })).url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'safety-net-')),
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  const logs: Record<string, unknown>[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  await waitUntil(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status === 200, 30_000);
  return { url, child, logs };
}

async function browserSocket(url: string): Promise<Socket> {
  const socket = connect(url, { reconnection: false });
  cleanups.push(() => socket.disconnect());
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

it('logs a failure outside every error path with what it served, answers that request 500, and keeps serving', async () => {
  const { url, child, logs } = await startStoreProcess();
  const shopper = await browserSocket(url);

  shopper.emit('failLater');
  await waitUntil(() => logs.some((log) => log.socketId === shopper.id));
  expect(logs.find((log) => log.socketId === shopper.id)).toMatchObject({
    event: 'failLater',
    err: { message: 'socket handler bug in a timer' },
  });

  const failed = await fetch(`${url}/fail-later`);
  expect(failed.status).toBe(500);
  expect(await failed.json()).toEqual(errorBody(500, INTERNAL_ERROR));
  await waitUntil(() => logs.some((log) => log.url === '/fail-later'));
  const logged = logs.find((log) => log.url === '/fail-later');
  expect(logged).toMatchObject({ method: 'GET', err: { message: 'request handler bug after an await' } });
  expect(logged?.requestId).toEqual(expect.any(String));

  // Still serving: HTTP, the socket that failed, and new sockets.
  expect(child.exitCode).toBeNull();
  expect((await fetch(`${url}/categories`)).status).toBe(200);
  const answers: unknown[] = [];
  shopper.on('categoriesUpdate', (payload: unknown) => answers.push(payload));
  shopper.emit('requestInitialData');
  await waitUntil(() => answers.length === 1);
  await browserSocket(url);
});
