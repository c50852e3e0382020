import { sql, type Kysely } from 'kysely';


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
    const created = this.created.get(id);
    if (created) {
      this.created.set(id, { ...created, ...definedOnly(changes) });
      return;
    }
    this.patched.set(id, { ...this.patched.get(id), ...definedOnly(changes) });
  }

  remove(id: string): void {
    this.created.delete(id);
    this.patched.delete(id);
    this.removed.add(id);
  }

  async flush(db: Kysely<any>): Promise<void> {
    const names = Object.keys(this.columns) as (keyof R & string)[];
    const recordType = sql.raw(names.map((n) => `"${n}" ${this.columns[n]}`).join(', '));
    const table = sql.table(this.table);
    if (this.removed.size) {
      await sql`DELETE FROM ${table} WHERE ${sql.ref(this.key)} = ANY(${[...this.removed]})`.execute(db);
    }
    if (this.created.size) {
      const columnList = sql.join(names.map((n) => sql.ref(n)));
      const updates = sql.join(
        names.filter((n) => n !== this.key).map((n) => sql`${sql.ref(n)} = EXCLUDED.${sql.ref(n)}`),
      );
      await sql`
        INSERT INTO ${table} (${columnList})
        SELECT ${columnList} FROM jsonb_to_recordset(${JSON.stringify([...this.created.values()])}::jsonb) AS r(${recordType})
        ON CONFLICT (${sql.ref(this.key)}) DO UPDATE SET ${updates}`.execute(db);
    }
    if (this.patched.size) {
      const rows = [...this.patched].map(([id, changes]) => ({ ...changes, [this.key]: id }));
      const touched = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((n) => n !== this.key && n in this.columns);
      if (touched.length) {
        // A column absent from a row's patch keeps its value: only the keys present are applied.
        const sets = sql.join(
          touched.map(
            (n) => sql`${sql.ref(n)} = CASE WHEN r.present ? ${n} THEN r.${sql.ref(n)} ELSE t.${sql.ref(n)} END`,
          ),
        );
        const withPresence = rows.map((r) => ({ ...r, present: Object.keys(r) }));
        await sql`
          UPDATE ${table} AS t SET ${sets}
          FROM jsonb_to_recordset(${JSON.stringify(withPresence)}::jsonb) AS r(${recordType}, present jsonb)
          WHERE t.${sql.ref(this.key)} = r.${sql.ref(this.key)}`.execute(db);
      }
    }
  }
}

function definedOnly<T extends object>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}
