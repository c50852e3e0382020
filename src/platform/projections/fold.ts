import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Write } from './projection';

/**
 * Folds a batch of events into at most three bulk statements per table: insert the rows created
 * in the batch (already carrying later changes), update the rows created earlier, delete the
 * removed ones. One statement per event would cap a rebuild at a few thousand events a second.
 */
export class RowFolder<R extends object> {
  private readonly created = new Map<string, R>();
  private readonly patched = new Map<string, Partial<R>>();
  private readonly removed = new Set<string>();

  constructor(
    private readonly table: string,
    private readonly key: keyof R & string,
    /** Column name → PostgreSQL type, for every column the projection writes. */
    private readonly columns: Record<keyof R & string, string>,
  ) {}

  create(id: string, row: R): void {
    this.removed.delete(id);
    this.patched.delete(id);
    this.created.set(id, row);
  }

  patch(id: string, changes: Partial<R>): void {
    if (this.removed.has(id)) return;
    // Folded in place: a rebuild patches hundreds of thousands of rows, and a copy per patch
    // kept the garbage collector busier than the folding itself.
    const pending = this.created.get(id) ?? this.patched.get(id);
    if (pending) assignDefined(pending, changes);
    else this.patched.set(id, assignDefined({}, changes));
  }

  remove(id: string): void {
    this.created.delete(id);
    this.patched.delete(id);
    this.removed.add(id);
  }

  /** The statements that write the folded batch, built now (the rows serialised), run later. */
  statements(): RawBuilder<unknown>[] {
    const statements: RawBuilder<unknown>[] = [];
    const names = Object.keys(this.columns) as (keyof R & string)[];
    const recordType = sql.raw(names.map((n) => `"${n}" ${this.columns[n]}`).join(', '));
    const table = sql.table(this.table);
    if (this.removed.size) {
      statements.push(sql`DELETE FROM ${table} WHERE ${sql.ref(this.key)} = ANY(${[...this.removed]})`);
    }
    if (this.created.size) {
      const columnList = sql.join(names.map((n) => sql.ref(n)));
      const updates = sql.join(
        names.filter((n) => n !== this.key).map((n) => sql`${sql.ref(n)} = EXCLUDED.${sql.ref(n)}`),
      );
      statements.push(sql`
        INSERT INTO ${table} (${columnList})
        SELECT ${columnList} FROM jsonb_to_recordset(${JSON.stringify([...this.created.values()])}::jsonb) AS r(${recordType})
        ON CONFLICT (${sql.ref(this.key)}) DO UPDATE SET ${updates}`);
    }
    if (this.patched.size) {
      const touched = new Set<string>();
      const rows = [...this.patched].map(([id, changes]) => {
        const present = Object.keys(changes);
        for (const name of present) touched.add(name);
        return { ...changes, [this.key]: id, present };
      });
      touched.delete(this.key);
      const columns = [...touched].filter((n) => n in this.columns);
      if (columns.length) {
        // A column absent from a row's patch keeps its value: only the keys present are applied.
        const sets = sql.join(
          columns.map((n) => sql`${sql.ref(n)} = CASE WHEN r.present ? ${n} THEN r.${sql.ref(n)} ELSE t.${sql.ref(n)} END`),
        );
        statements.push(sql`
          UPDATE ${table} AS t SET ${sets}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${recordType}, present jsonb)
          WHERE t.${sql.ref(this.key)} = r.${sql.ref(this.key)}`);
      }
    }
    return statements;
  }
}

/** The write that runs statements one after another, in the batch's transaction. */
export function writeInOrder(statements: RawBuilder<unknown>[]): Write {
  return async (db) => {
    for (const statement of statements) await statement.execute(db);
  };
}

/** Copies the defined values of `changes` onto `target`: undefined means "not changed". */
function assignDefined<T extends object>(target: T, changes: Partial<T>): T {
  for (const key in changes) {
    const value = changes[key];
    if (value !== undefined) (target as Partial<T>)[key] = value;
  }
  return target;
}
