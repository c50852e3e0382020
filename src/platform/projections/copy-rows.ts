import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { NewRows } from './projection';

/**
 * Inserts rows with COPY: PostgreSQL parses COPY's text lines at a fraction of what it spends
 * taking a JSON document apart into records, which dominated a rebuild's time. COPY has no
 * ON CONFLICT: a key already there fails the statement with a unique violation (23505).
 */
export async function copyRows(client: pg.ClientBase, { table, columns, rows }: NewRows): Promise<void> {
  const names = Object.keys(columns);
  // Serialised before the COPY starts: a value that fails to serialise must not leave the
  // connection inside a COPY that waits for data.
  const text = copyText(columns, rows);
  const stream = client.query(copyFrom(`COPY "${table}" (${names.map((n) => `"${n}"`).join(', ')}) FROM STDIN`));
  stream.end(text);
  await finished(stream);
}

const NULL = '\\N';
const SPECIAL = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Rows in COPY's text format: a line per row, tab-separated values, `\N` for NULL. */
export function copyText(columns: Record<string, string>, rows: readonly object[]): string {
  const encoders = Object.entries(columns).map(([name, type]) => {
    const json = type === 'jsonb' || type === 'json';
    return (row: Record<string, unknown>) => field(row[name], json);
  });
  let text = '';
  for (const row of rows as Record<string, unknown>[]) {
    let line = '';
    for (let i = 0; i < encoders.length; i++) line += (i ? '\t' : '') + encoders[i]!(row);
    text += line + '\n';
  }
  return text;
}

/** One value: JSON for json columns (a string there is a JSON string too), else its text. */
function field(value: unknown, json: boolean): string {
  if (value === null || value === undefined) return NULL;
  const text = json ? JSON.stringify(value) : textOf(value);
  return text.replace(SPECIAL, (c) => ESCAPES[c]!);
}

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
