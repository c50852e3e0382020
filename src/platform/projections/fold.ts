import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { NewRows, Write, WriteTarget } from './projection';

/**
 * Folds a batch of events into at most three bulk writes per table: insert the rows created in
 * the batch (already carrying later changes), update the rows created earlier, delete the removed
 * ones. One statement per event would cap a rebuild at a few thousand events a second.
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

  /**
   * The write that stores the folded batch: removals, then the new rows, then the changes to rows
   * created earlier. Statements are built now (the patches serialised), run later.
   */
  write(): Write {
    const removal = this.removed.size
      ? sql`DELETE FROM ${sql.table(this.table)} WHERE ${sql.ref(this.key)} = ANY(${[...this.removed]})`
      : undefined;
    const created: NewRows | undefined = this.created.size
      ? { table: this.table, key: this.key, columns: this.columns, rows: [...this.created.values()] }
      : undefined;
    const update = this.patched.size ? this.updateStatement() : undefined;
    return async (target) => {
      if (removal) await removal.execute(target.db);
      if (created) await target.insertRows(created);
      if (update) await update.execute(target.db);
    };
  }

  private updateStatement(): RawBuilder<unknown> | undefined {
    const touched = new Set<string>();
    const rows = [...this.patched].map(([id, changes]) => {
      const present = Object.keys(changes);
      for (const name of present) touched.add(name);
      return { ...changes, [this.key]: id, present };
    });
    touched.delete(this.key);
    const columns = [...touched].filter((n) => n in this.columns);
    if (!columns.length) return undefined;
    // A column absent from a row's patch keeps its value: only the keys present are applied.
    const sets = sql.join(
      columns.map((n) => sql`${sql.ref(n)} = CASE WHEN r.present ? ${n} THEN r.${sql.ref(n)} ELSE t.${sql.ref(n)} END`),
    );
    return sql`
      UPDATE ${sql.table(this.table)} AS t SET ${sets}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${recordType(this.columns)}, present jsonb)
      WHERE t.${sql.ref(this.key)} = r.${sql.ref(this.key)}`;
  }
}

/**
 * Inserts new rows in one statement, replacing any row with the same key: how the live runner
 * stores a batch's new rows (a rebuild copies them in, see copy-rows.ts).
 */
export async function upsertRows(db: Kysely<any>, { table, key, columns, rows }: NewRows): Promise<void> {
  const names = Object.keys(columns);
  const columnList = sql.join(names.map((n) => sql.ref(n)));
  const updates = sql.join(names.filter((n) => n !== key).map((n) => sql`${sql.ref(n)} = EXCLUDED.${sql.ref(n)}`));
  await sql`
    INSERT INTO ${sql.table(table)} (${columnList})
    SELECT ${columnList} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${recordType(columns)})
    ON CONFLICT (${sql.ref(key)}) DO UPDATE SET ${updates}`.execute(db);
}

/** Where statements alone store a batch: the runner's transaction, new rows upserted. */
export const statementTarget = (db: Kysely<any>): WriteTarget => ({ db, insertRows: (rows) => upsertRows(db, rows) });

const recordType = (columns: Record<string, string>) =>
  sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `"${name}" ${type}`)
      .join(', '),
  );

/** The write that runs writes and statements one after another, on the batch's target. */
export function writeInOrder(steps: (Write | RawBuilder<unknown>)[]): Write {
  return async (target) => {
    for (const step of steps) {
      if (typeof step === 'function') await step(target);
      else await step.execute(target.db);
    }
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
