import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';

interface Tables {
  orders: { id: string; status: string; phone: string };
}

/** A Kysely that compiles for PostgreSQL and records what it would send (no database). */
function recordingDb() {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => void (event.level === 'query' && sent.push(event.query)),
  });
  return { db, sent };
}

describe('compiledOnce', () => {
  it("sends each call's arguments where the query takes them, its own constants unchanged", async () => {
    const { db, sent } = recordingDb();
    let builds = 0;
    const byPhoneAndId = compiledOnce(2, (kysely: Kysely<Tables>, phone: string, id: string) => {
      builds++;
      return kysely
        .selectFrom('orders')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('phone', '=', phone);
    });
    await byPhoneAndId(db, '0550123456', 'a');
    await byPhoneAndId(db, '0661000000', 'b');
    expect(builds).toBe(1);
    expect(sent.map((query) => query.parameters)).toEqual([
      ['a', 'pending', '0550123456'],
      ['b', 'pending', '0661000000'],
    ]);
    expect(sent[1]!.sql).toBe(sent[0]!.sql);
    expect(sent[0]!.sql).toBe('select "id" from "orders" where "id" = $1 and "status" = $2 and "phone" = $3');
  });

  it('refuses a query whose SQL an argument shapes (it would be frozen at the first call)', async () => {
    const { db } = recordingDb();
    const byColumn = compiledOnce(1, (kysely: Kysely<Tables>, column: string) =>
      kysely.selectFrom('orders').select(sql.ref(column).as('value')),
    );
    await expect(byColumn(db, 'phone')).rejects.toThrow(/argument 0 is not a parameter/);
  });
});
