import { readdirSync, readFileSync } from 'node:fs';
import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

// The admin's messages: the shell's files in this folder and one folder a screen. Each folder has
// en, fr and ar with the same ids; ids are unique across folders (they are merged into one table).

const root = new URL('./', import.meta.url);
const folders = [
  '.',
  ...readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name),
];
const read = (folder: string, locale: string) =>
  JSON.parse(readFileSync(new URL(`${folder}/${locale}.json`, root), 'utf8')) as Record<string, string>;

describe('admin message files', () => {
  it.each(folders)('%s: fr and ar have exactly the ids of en, each valid ICU', (folder) => {
    const ids = Object.keys(read(folder, 'en')).sort();
    for (const locale of ['fr', 'ar']) expect(Object.keys(read(folder, locale)).sort(), locale).toEqual(ids);
    for (const locale of ['en', 'fr', 'ar'])
      for (const [id, message] of Object.entries(read(folder, locale))) {
        expect(message.trim(), `${folder} ${locale} ${id}`).not.toBe('');
        expect(() => parse(message, { requiresOtherClause: true }), `${folder} ${locale} ${id}`).not.toThrow();
      }
  });

  it('no id is defined in two folders, and every id starts with admin.', () => {
    const seen = new Map<string, string>();
    for (const folder of folders)
      for (const id of Object.keys(read(folder, 'en'))) {
        expect(id.startsWith('admin.'), id).toBe(true);
        expect(seen.get(id), `${id} in ${folder} and ${seen.get(id)}`).toBeUndefined();
        seen.set(id, folder);
      }
  });
});

describe('Arabic counts of days', () => {
  // Arabic counts take a different noun form by number: 1 and 2 have their own words, 3–10 the plural,
  // 11–99 the singular in the accusative, 100 the singular ("7 يومًا" reads wrong).
  const trials = (days: number) =>
    new IntlMessageFormat(read('.', 'ar')['admin.dashboard.trialsText']!, 'ar').format({ days }) as string;
  const range = (days: number) =>
    new IntlMessageFormat(read('.', 'ar')['admin.dashboard.rangeDays']!, 'ar').format({ days }) as string;

  it('words the last N days with the noun form the number takes', () => {
    expect(trials(1)).toMatch(/^بدأت خلال آخر يوم،/);
    expect(trials(2)).toMatch(/^بدأت خلال آخر يومين،/);
    expect(trials(7)).toMatch(/^بدأت خلال آخر ٧ أيام،|^بدأت خلال آخر 7 أيام،/);
    expect(trials(30)).toMatch(/آخر (30|٣٠) يومًا،/);
    expect(trials(100)).toMatch(/آخر (100|١٠٠) يوم،/);
    expect(range(7)).toMatch(/^(7|٧) أيام$/);
    expect(range(90)).toMatch(/^(90|٩٠) يومًا$/);
    expect(range(1)).toBe('يوم واحد');
  });
});
