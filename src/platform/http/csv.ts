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

/** Streams rows as a CSV download. */
export async function sendCsv<T>(
  res: Response,
  filename: string,
  columns: CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): Promise<void> {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write('\uFEFF');
  res.write(csvLine(columns.map((c) => c.header)));
  for await (const row of rows) res.write(csvLine(columns.map((c) => c.value(row))));
  res.end();
}
