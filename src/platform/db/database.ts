import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { redactUrl } from '../../config';

// Bigint columns come back as strings by default; counts and positions here fit in a JS number
// only sometimes, so callers convert explicitly where they need to.

export interface DatabaseHandle<DB> {
  pool: pg.Pool;
  db: Kysely<DB>;
  url: string;
  close(): Promise<void>;
}

export function openDatabase<DB>(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): DatabaseHandle<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    application_name: options.applicationName ?? 'iptv-store',
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor may one that is checked out (between two queries of a transaction): its queries fail with
  // the error, but pg also emits it on the client, where nobody would listen otherwise.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  poolsOf.set(db, pool);
  let closed: Promise<void> | undefined;
  return {
    pool,
    db,
    url,
    close: () => (closed ??= db.destroy()),
  };
}

const poolsOf = new WeakMap<Kysely<any>, pg.Pool>();

/** The pool behind a Kysely that openDatabase made. */
export const poolOf = (db: Kysely<any>): pg.Pool | undefined => poolsOf.get(db);

/** A Kysely that runs every statement on one client, in whatever transaction is open on it. */
export function kyselyOn<DB>(client: pg.ClientBase): Kysely<DB> {
  const connection = { query: client.query.bind(client), release: () => {} };
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => {} } }),
  });
}

/** Fails with a message naming the URL (password hidden) when PostgreSQL cannot be reached. */
export async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach PostgreSQL at ${redactUrl(url)}: ${reason}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates the database named in `url` when it does not exist yet (needs the maintenance db). */
export async function ensureDatabaseExists(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    // Two instances starting together: the other one created it first.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}
