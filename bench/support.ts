import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { migrateToLatest } from '../src/platform/db/migrate';
import { findPostgres } from '../test/support/services';

/** A fresh, migrated database for one benchmark run (DATABASE_URL, local 5432, or embedded). */
export async function benchDatabase(name: string, poolSize = 20): Promise<DatabaseHandle<any> & { drop(): Promise<void> }> {
  const server = await findPostgres();
  const database = `bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(server.adminUrl);
  url.pathname = `/${database}`;
  const handle = openDatabase<any>(url.toString(), { max: poolSize });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
      await server.stop();
    },
  };
}

export const rate = (count: number, ms: number) => Math.round((count * 1000) / ms);
export const fmt = (n: number) => n.toLocaleString('en-US');
