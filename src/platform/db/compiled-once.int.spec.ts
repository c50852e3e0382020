import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { compiledOnce } from './compiled-once';
import { kyselyOn } from './database';

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
});
