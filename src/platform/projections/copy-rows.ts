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
const SPECIAL = /[\\\n\r\t]/;
const SPECIALS = /[\\\n\r\t]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escape = (c: string) => ESCAPES[c]!;

/** Rows in COPY's text format: a line per row, tab-separated values, `\N` for NULL. */
export function copyText(columns: Record<string, string>, rows: readonly object[]): string {
  const names = Object.keys(columns);
  const encoders = names.map((name) => (columns[name] === 'jsonb' || columns[name] === 'json' ? jsonField : textField));
  let text = '';
  for (const row of rows as Record<string, unknown>[]) {
    let line = encoders[0]!(row[names[0]!]);
    for (let i = 1; i < encoders.length; i++) line += '\t' + encoders[i]!(row[names[i]!]);
    text += line + '\n';
  }
  return text;
}

/** A value of a json column: its JSON (a string there is a JSON string too). */
function jsonField(value: unknown): string {
  if (value === null || value === undefined) return NULL;
  const json = JSON.stringify(value);
  // JSON holds no raw tab or line break (it writes them \t, \n): only its backslashes need doubling.
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

/** Any other value: its text, escaped only where it has something to escape (most values have not). */
function textField(value: unknown): string {
  if (value === null || value === undefined) return NULL;
  const text = typeof value === 'string' ? value : textOf(value);
  return SPECIAL.test(text) ? text.replace(SPECIALS, escape) : text;
}

function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
