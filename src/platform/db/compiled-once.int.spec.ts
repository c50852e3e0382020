import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { compiledOnce } from './compiled-once';
import { kyselyOn, openDatabase } from './database';

interface Tables {
  notes: { id: number; body: string; written_at: Date; tags: string[] };
}

const database = await freshDatabase<Tables>({ migrate: false });

beforeAll(async () => {
  await database.pool.query(
    'CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL, written_at timestamptz NOT NULL, tags jsonb NOT NULL)',
  );
  await database.pool.query(
    `INSERT INTO notes VALUES (1, 'first', '2026-01-02T03:04:05Z', '["a"]'), (2, 'second', '2026-02-03T04:05:06Z', '[]')`,
  );
});

const noteById = compiledOnce(1, (db: Kysely<Tables>, id: number) =>
  db.selectFrom('notes').selectAll().where('id', '=', id),
);

describe('compiledOnce on a real database', () => {
  it("reads through the store's pool the very rows Kysely reads, typed alike", async () => {
    // Kysely takes a client from the pool (connect); the pool's own query is compiledOnce's way.
    const poolQueries = vi.spyOn(database.pool, 'query');
    const viaPool = await noteById(database.db, 1);
    expect(poolQueries).toHaveBeenCalledTimes(1);
    poolQueries.mockRestore();
    const viaKysely = await database.db.selectFrom('notes').selectAll().where('id', '=', 1).execute();
    expect(viaPool).toEqual(viaKysely);
    expect(viaPool[0]!.written_at).toBeInstanceOf(Date);
    expect(viaPool[0]!.tags).toEqual(['a']);
    expect(await noteById(database.db, 2)).toEqual([expect.objectContaining({ body: 'second' })]);
    expect(await noteById(database.db, 3)).toEqual([]);
  });

  it('runs in the open transaction of a Kysely bound to one client', async () => {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE notes SET body = 'changed' WHERE id = 1`);
      expect(await noteById(kyselyOn<Tables>(client), 1)).toEqual([expect.objectContaining({ body: 'changed' })]);
      expect(await noteById(database.db, 1)).toEqual([expect.objectContaining({ body: 'first' })]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it("rejects with PostgreSQL's error when the statement fails", async () => {
    const badCast = compiledOnce(1, (db: Kysely<Tables>, id: string) =>
      db
        .selectFrom('notes')
        .select('body')
        .where(sql<number>`id`, '=', sql<number>`${id}::int`),
    );
    await expect(badCast(database.db, 'not a number')).rejects.toThrow(/invalid input syntax for type integer/);
  });

  it('is prepared once per connection, and planned again when its table is swapped for a rebuilt copy', async () => {
    const single = openDatabase<Tables>(database.url, { max: 1 });
    try {
      const prepared = async () =>
        (
          await single.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%"notes"%'`,
          )
        ).rows[0]!.n;
      for (let call = 0; call < 7; call++) await noteById(single.db, 1);
      expect(await prepared()).toBe(1);
      // What a rebuild's swap does: the live table dropped, its copy moved in under its name.
      await single.pool.query(`CREATE SCHEMA rebuilt; CREATE TABLE rebuilt.notes (LIKE notes INCLUDING ALL);
        INSERT INTO rebuilt.notes SELECT id, 'rebuilt ' || body, written_at, tags FROM notes;
        BEGIN; DROP TABLE notes; ALTER TABLE rebuilt.notes SET SCHEMA public; COMMIT; DROP SCHEMA rebuilt`);
      expect(await noteById(single.db, 1)).toEqual([expect.objectContaining({ body: 'rebuilt first' })]);
      expect(await prepared()).toBe(1);
    } finally {
      await single.close();
    }
  });
});
