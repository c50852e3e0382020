import { describe, expect, it } from 'vitest';
import { copyText } from './copy-rows';

// COPY's text format, as PostgreSQL reads it: what must be escaped and how each kind of value is written.

const columns = { id: 'text', n: 'integer', on: 'boolean', at: 'timestamptz', tags: 'jsonb', note: 'text' };

describe('copyText', () => {
  it('writes a tab-separated line per row, NULL as \\N for null and missing values', () => {
    const rows = [
      { id: 'a', n: 1, on: true, at: '2026-11-23T10:00:00.000Z', tags: ['HD', '4K'], note: null },
      { id: 'b', n: 0, on: false, at: new Date('2026-11-23T11:00:00Z'), tags: { x: 1 } },
    ];
    expect(copyText(columns, rows)).toBe(
      'a\t1\ttrue\t2026-11-23T10:00:00.000Z\t["HD","4K"]\t\\N\n' +
        'b\t0\tfalse\t2026-11-23T11:00:00.000Z\t{"x":1}\t\\N\n',
    );
  });

  it('escapes backslash, tab, newline and carriage return, in text and inside JSON', () => {
    const rows = [{ id: 'back\\slash\ttab\nline\rreturn \\N', tags: ['a\\b'], note: 'plain "quoted" عربي' }];
    expect(copyText({ id: 'text', tags: 'jsonb', note: 'text' }, rows)).toBe(
      'back\\\\slash\\ttab\\nline\\rreturn \\\\N\t["a\\\\\\\\b"]\tplain "quoted" عربي\n',
    );
  });

  it('keeps a line break or tab inside JSON as JSON escapes it, its backslash doubled for COPY', () => {
    const rows = [{ tags: { note: 'two\nlines\tand tab' }, note: 'plain' }];
    expect(copyText({ tags: 'jsonb', note: 'text' }, rows)).toBe('{"note":"two\\\\nlines\\\\tand tab"}\tplain\n');
  });

  it('writes a string in a JSON column as a JSON string, and nothing for no rows', () => {
    expect(copyText({ v: 'jsonb' }, [{ v: 'text' }, { v: 3 }])).toBe('"text"\n3\n');
    expect(copyText(columns, [])).toBe('');
  });
});
