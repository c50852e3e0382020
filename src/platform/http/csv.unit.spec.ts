import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './csv';

describe('CSV', () => {
  it('quotes every field and doubles quotes', () => {
    expect(csvLine(['a', 'say "hi"', 3, null])).toBe('"a","say ""hi""","3",""\r\n');
  });

  it('keeps Arabic text and commas and new lines inside quotes', () => {
    expect(csvField('محمد, أمين\nالجزائر')).toBe('"محمد, أمين\nالجزائر"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+213550')).toBe(`"'+213550"`);
    expect(csvField('-5')).toBe(`"'-5"`);
    expect(csvField(-5)).toBe('"-5"');
  });
});
