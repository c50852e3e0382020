// A read-model table's columns, declared once: the PostgreSQL type each column has (what the
// projection writes and a rebuild copies) and, from the same declaration, the TypeScript row type.
//
//   const ORDER_COLUMNS = { id: column.text(), total: column.bigint(), items: column.jsonb<Line[]>() };
//   type OrderRow = RowOf<typeof ORDER_COLUMNS>;   // { id: string; total: number; items: Line[] }
//   new RowFolder<OrderRow>('orders', 'id', sqlTypes(ORDER_COLUMNS));

/** A column: its PostgreSQL type, and (in the type only) the value a row holds in it. */
export interface Column<Value> {
  readonly sql: string;
  /** Never set: carries the value's type. */
  readonly value?: Value;
}

const of = <Value>(sql: string): Column<Value> => ({ sql });

export const column = {
  /** Text; a narrower string type (a status, a quality) when only those values are written. */
  text: <Value extends string = string>() => of<Value>('text'),
  nullableText: () => of<string | null>('text'),
  integer: () => of<number>('integer'),
  nullableInteger: () => of<number | null>('integer'),
  /** Money and counts that may pass 2^31; read back as numbers (the store's sums stay below 2^53). */
  bigint: () => of<number>('bigint'),
  boolean: () => of<boolean>('boolean'),
  /** Written as ISO text; pg reads it back as a Date. */
  timestamptz: () => of<string | Date>('timestamptz'),
  nullableTimestamptz: () => of<string | Date | null>('timestamptz'),
  jsonb: <Value>() => of<Value>('jsonb'),
};

export type Columns = Record<string, Column<unknown>>;

/** The row a table of these columns holds. */
export type RowOf<C extends Columns> = { [K in keyof C]: C[K] extends Column<infer Value> ? Value : never };

/** Column name → PostgreSQL type, as RowFolder and the rebuild's COPY want them. */
export function sqlTypes<C extends Columns>(columns: C): Record<keyof C & string, string> {
  return Object.fromEntries(Object.entries(columns).map(([name, spec]) => [name, spec.sql])) as Record<
    keyof C & string,
    string
  >;
}
