import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, importEmbedded } from '../../../test/support/services';

// The embedded PostgreSQL of `npm start`, as the store's other commands meet it: `npm run
// projections` or a second `npm start` while the store runs, or after the store was killed.

const dataDir = path.resolve('.data', `test-embedded-${process.pid}`);
mkdirSync(dataDir, { recursive: true });
const { startEmbeddedPostgres } = await importEmbedded();
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('embedded PostgreSQL', () => {
  it('is shared with another command of the store, which leaves it running when it ends', async () => {
    const store = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    stops.push(store.stop);
    const command = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    expect(command.adminUrl).toBe(store.adminUrl);
    await command.stop();
    expect(await answers(store.adminUrl)).toBe(true);
    await store.stop();
    expect(await answers(store.adminUrl)).toBe(false);
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
    expect(await answers(next.adminUrl)).toBe(true);
    expect(await answers(killed.adminUrl)).toBe(false);
  });
});
