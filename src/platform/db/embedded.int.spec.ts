import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { canConnect, freePort, importEmbedded } from '../../../test/support/services';

// The embedded PostgreSQL of `npm start`, as the store's other commands meet it: `npm run
// projections` or a second `npm start` while the store runs, or after the store was killed.

const dataDir = path.resolve('.data', `test-embedded-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
const { startEmbeddedPostgres } = await importEmbedded();
const stops: (() => Promise<void>)[] = [];
// Each test leaves no server running: the next one starts from a stopped data directory.
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded PostgreSQL', () => {
  it('is shared with another command of the store, which leaves it running when it ends', async () => {
    const store = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    stops.push(store.stop);
    const command = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(command.adminUrl).toBe(store.adminUrl);
    await command.stop();
    expect(await canConnect(store.adminUrl)).toBe(true);
    await store.stop();
    expect(await canConnect(store.adminUrl)).toBe(false);
  });

  it('replaces one left running by a store that was killed', async () => {
    const killed = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    stops.push(killed.stop);
    // The process that started it is gone (its pid is one that has exited).
    writeFileSync(path.join(dataDir, 'pg-owner.pid'), String(spawnSync('true').pid));
    const port = await freePort();
    const next = await startEmbeddedPostgres({ dataDir, port });
    // Stopped by `next` already: the package's stop would wait for an exit it has seen.
    stops.splice(stops.indexOf(killed.stop), 1, next.stop);
    expect(next.adminUrl).toContain(`:${port}/`);
    expect(await canConnect(next.adminUrl)).toBe(true);
    expect(await canConnect(killed.adminUrl)).toBe(false);
  });

  it('never signals a process that a stale lock file names but is not PostgreSQL', async () => {
    const server = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    await server.stop();
    // As after a crash and a reboot: the lock file is still there and its pid now belongs to another program.
    const other = spawn('sleep', ['30']);
    const lockFile = path.join(dataDir, 'pg', 'postmaster.pid');
    writeFileSync(lockFile, [other.pid, path.join(dataDir, 'pg'), 0, 5432, ''].join('\n'));
    try {
      const next = await startEmbeddedPostgres({ dataDir, port: await freePort() }).catch(() => undefined);
      if (next) stops.push(next.stop);
      expect(other.exitCode).toBeNull();
      expect(other.signalCode).toBeNull();
    } finally {
      other.kill();
      rmSync(lockFile, { force: true });
    }
  });
});
