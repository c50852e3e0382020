import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { RowFolder } from './fold';

// What a folded batch writes: the statements' SQL and the rows they carry, without a database.

const compiler = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

interface Row {
  id: string;
  name: string;
  price: number;
}

const newFolder = () => new RowFolder<Row>('things', 'id', { id: 'text', name: 'text', price: 'integer' });

/** Each statement as its verb and the JSON rows (or ids) it sends. */
function written(folder: RowFolder<Row>) {
  return folder.statements().map((statement) => {
    const { sql, parameters } = statement.compile(compiler);
    const verb = sql.trim().split(/\s/)[0];
    const payload = parameters.find((p) => typeof p === 'string' && p.startsWith('[')) as string | undefined;
    return { verb, rows: payload ? JSON.parse(payload) : parameters.find(Array.isArray) };
  });
}

describe('RowFolder', () => {
  it('inserts a row created in the batch with its later changes folded in, undefined values ignored', () => {
    const folder = newFolder();
    folder.create('a', { id: 'a', name: 'Pack', price: 100 });
    folder.patch('a', { price: 200 });
    folder.patch('a', { name: undefined, price: 300 });
    expect(written(folder)).toEqual([{ verb: 'INSERT', rows: [{ id: 'a', name: 'Pack', price: 300 }] }]);
  });

  it('updates a row created earlier with only the columns its patches named', () => {
    const folder = newFolder();
    folder.patch('b', { name: 'Renamed' });
    folder.patch('b', { price: 5, name: undefined });
    expect(written(folder)).toEqual([{ verb: 'UPDATE', rows: [{ id: 'b', name: 'Renamed', price: 5, present: ['name', 'price'] }] }]);
  });

  it('deletes a removed row without writing its earlier changes, and ignores patches after removal', () => {
    const folder = newFolder();
    folder.patch('c', { price: 1 });
    folder.remove('c');
    folder.patch('c', { price: 2 });
    folder.create('d', { id: 'd', name: 'Gone', price: 0 });
    folder.remove('d');
    expect(written(folder)).toEqual([{ verb: 'DELETE', rows: ['c', 'd'] }]);
  });

  it('inserts a row created again after its removal in the same batch', () => {
    const folder = newFolder();
    folder.remove('e');
    folder.create('e', { id: 'e', name: 'Back', price: 9 });
    expect(written(folder)).toEqual([{ verb: 'INSERT', rows: [{ id: 'e', name: 'Back', price: 9 }] }]);
  });

  it('writes nothing for an empty batch', () => {
    expect(written(newFolder())).toEqual([]);
  });
});
