import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RowFolder } from './fold';

// What a folded batch writes: the statements' SQL and the rows they carry, without a database.

const dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db: Kysely<any>) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
};

interface Row {
  id: string;
  name: string;
  price: number;
}

const newFolder = () => new RowFolder<Row>('things', 'id', { id: 'text', name: 'text', price: 'integer' });

/** What the folder's write does, in order: each statement as its verb and the rows (or ids) it sends. */
async function written(folder: RowFolder<Row>) {
  const steps: { verb: string; rows: unknown }[] = [];
  const db = new Kysely<any>({
    dialect,
    log: ({ query: { sql, parameters } }) => {
      const verb = sql.trim().split(/\s/)[0]!;
      const payload = parameters.find((p) => typeof p === 'string' && p.startsWith('[')) as string | undefined;
      steps.push({ verb, rows: payload ? JSON.parse(payload) : parameters.find(Array.isArray) });
    },
  });
  await folder.write()({ db, insertRows: async ({ rows }) => void steps.push({ verb: 'INSERT', rows }) });
  return steps;
}

describe('RowFolder', async () => {
  it('inserts a row created in the batch with its later changes folded in, undefined values ignored', async () => {
    const folder = newFolder();
    folder.create('a', { id: 'a', name: 'Pack', price: 100 });
    folder.patch('a', { price: 200 });
    folder.patch('a', { name: undefined, price: 300 });
    expect(await written(folder)).toEqual([{ verb: 'INSERT', rows: [{ id: 'a', name: 'Pack', price: 300 }] }]);
  });

  it('updates a row created earlier with only the columns its patches named', async () => {
    const folder = newFolder();
    folder.patch('b', { name: 'Renamed' });
    folder.patch('b', { price: 5, name: undefined });
    expect(await written(folder)).toEqual([
      { verb: 'UPDATE', rows: [{ id: 'b', name: 'Renamed', price: 5, present: ['name', 'price'] }] },
    ]);
  });

  it('deletes a removed row without writing its earlier changes, and ignores patches after removal', async () => {
    const folder = newFolder();
    folder.patch('c', { price: 1 });
    folder.remove('c');
    folder.patch('c', { price: 2 });
    folder.create('d', { id: 'd', name: 'Gone', price: 0 });
    folder.remove('d');
    expect(await written(folder)).toEqual([{ verb: 'DELETE', rows: ['c', 'd'] }]);
  });

  it('inserts a row created again after its removal in the same batch', async () => {
    const folder = newFolder();
    folder.remove('e');
    folder.create('e', { id: 'e', name: 'Back', price: 9 });
    expect(await written(folder)).toEqual([{ verb: 'INSERT', rows: [{ id: 'e', name: 'Back', price: 9 }] }]);
  });

  it('writes nothing for an empty batch', async () => {
    expect(await written(newFolder())).toEqual([]);
  });
});
