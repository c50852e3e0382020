import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/platform/db/database';
import { migrateToLatest } from '../../src/platform/db/migrate';

/**
 * A new, migrated database for the calling test file, dropped when the file's tests are done.
 * Open extra handles on `url` for a second "instance".
 */
export async function freshDatabase<DB = any>(
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle<DB> & { url: string }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `${inject('testRunId')}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDatabase<DB>(url.toString(), { max: 10 });
  if (options.migrate !== false) await migrateToLatest(handle.db);
  // Dropped after the file; one made inside a test is dropped at the end of the run.
  afterAll(async () => {
    await handle.close();
    await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  return { ...handle, url: url.toString() };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
