import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The web app imports each area's files but its schemas (through @shared): none may pull in zod,
// directly or through another file, or the store's bundle grows by the whole of zod.

const sharedDir = dirname(fileURLToPath(import.meta.url));
const areas = readdirSync(sharedDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every module a file imports (value or type), following relative imports to the files they name. */
function importsOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => {
    if (!specifier.startsWith('.')) return [specifier];
    const target = join(dirname(file), `${specifier}.ts`);
    return [relative(sharedDir, target), ...importsOf(target, seen)];
  });
}

/** An area's files that the web app may import: all but its schemas, its index and its tests. */
const webFacing = (area: string) =>
  readdirSync(join(sharedDir, area)).filter(
    (name) => name.endsWith('.ts') && name !== 'schemas.ts' && name !== 'index.ts' && !name.includes('.spec.'),
  );

describe('the web-facing part of src/shared', () => {
  it('has its areas, each with its types', () => {
    expect(areas.sort()).toEqual([
      'audit',
      'catalogue',
      'errors',
      'identity',
      'live',
      'locale',
      'notes',
      'operations',
      'ordering',
      'shop',
      'subscriptions',
      'text',
    ]);
    for (const area of areas) expect(readdirSync(join(sharedDir, area))).toContain('types.ts');
  });

  it.each(areas.flatMap((area) => webFacing(area).map((name) => `${area}/${name}`)))(
    '%s imports neither zod nor a schema',
    (file) => {
      const imports = importsOf(join(sharedDir, file));
      expect(
        imports.filter((name) => name === 'zod' || name.endsWith('schemas.ts') || name.endsWith('index.ts')),
      ).toEqual([]);
    },
  );
});
