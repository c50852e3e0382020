import type { Response } from 'express';

// CSV that spreadsheets open right: UTF-8 with a byte-order mark (Arabic names intact in Excel),
// CRLF line ends, every field quoted, and cells that a spreadsheet would run as a formula defused.

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '""';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(fields: (string | number | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Lines go out in chunks of about this many characters: a write per line cost more than the line. */
const CHUNK = 64 * 1024;

/**
 * Streams rows as a CSV download. The next rows are read only once the client has taken what was
 * written (a slow download holds a chunk in memory, not the file), and no more once it has gone.
 */
export async function sendCsv<T>(
  res: Response,
  filename: string,
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  let chunk = `\uFEFF${csvLine(columns.map((c) => c.header))}`;
  for await (const row of rows) {
    chunk += csvLine(columns.map((c) => c.value(row)));
    if (chunk.length < CHUNK) continue;
    const flowing = res.write(chunk);
    chunk = '';
    if (!flowing && !(await drained(res))) return;
  }
  res.end(chunk);
}

/** Whether the client took what was written (true) or went away first (false). */
function drained(res: Response): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const settle = (taken: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(taken);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
