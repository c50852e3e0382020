// ESLint rule: no import cycles between the project's files, counting `import type` too.
//
// import/no-cycle and import-x/no-cycle skip type-only imports by design, and the circle this
// project had to undo (src/projections/catalogue.ts → modules/catalogue/live-catalogue.ts →
// snapshot.ts → back to the projection for its row types) closed through one. A type-only circle
// is still two pieces of code that each need the other, which is what the layering forbids.
//
// Other files' imports are read with TypeScript's import scanner (no full parse) and cached by
// modification time, so an editor's long-running ESLint sees edits.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];
const SCRIPT = /\.(ts|tsx|mts|js|mjs)$/;

/** Path aliases from tsconfig.json's `paths`, as [prefix, folder] pairs (only `prefix/*` forms). */
function tsconfigAliases(root) {
  const file = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  const paths = config?.compilerOptions?.paths ?? {};
  return Object.entries(paths)
    .filter(([key, targets]) => key.endsWith('/*') && targets[0]?.endsWith('/*'))
    .map(([key, targets]) => [key.slice(0, -1), path.resolve(root, targets[0].slice(0, -1))]);
}

function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** @param {{ root: string }} options the repository root: only files under it are followed. */
export function noImportCycle({ root }) {
  const aliases = tsconfigAliases(root);
  /** @type {Map<string, { mtimeMs: number, specifiers: string[] }>} */
  const scanned = new Map();

  function resolve(specifier, fromFile) {
    let base;
    if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
    else {
      const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
      if (!alias) return undefined; // a package
      base = path.join(alias[1], specifier.slice(alias[0].length));
    }
    if (!base.startsWith(root + path.sep) || base.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
    // `./x.js` may name `./x.ts` (TypeScript's convention for ES modules).
    const bases = /\.m?js$/.test(base)
      ? [base, base.replace(/\.(m?)js$/, '.$1ts'), base.replace(/\.js$/, '.tsx')]
      : [base];
    for (const candidate of bases) {
      for (const suffix of SUFFIXES) {
        const file = candidate + suffix;
        if (SCRIPT.test(file) && isFile(file)) return file; // JSON and CSS import nothing back
      }
    }
    return undefined;
  }

  function specifiersOf(file) {
    const { mtimeMs } = statSync(file);
    const cached = scanned.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.specifiers;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const specifiers = importedFiles.map((imported) => imported.fileName);
    scanned.set(file, { mtimeMs, specifiers });
    return specifiers;
  }

  /** The shortest chain of imports from `start` back to `goal`, or undefined. */
  function pathBack(start, goal, importsOf) {
    const cameFrom = new Map([[start, undefined]]);
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      const file = queue[i];
      for (const next of importsOf(file)) {
        if (next === goal) {
          const chain = [file];
          for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) chain.unshift(step);
          return chain;
        }
        if (!cameFrom.has(next)) {
          cameFrom.set(next, file);
          queue.push(next);
        }
      }
    }
    return undefined;
  }

  return {
    meta: {
      type: 'problem',
      docs: { description: 'Disallow import cycles between project files, type-only imports included' },
      schema: [],
      messages: { cycle: 'Import cycle: {{chain}}' },
    },
    create(context) {
      const filename = context.physicalFilename;
      if (!filename.startsWith(root + path.sep)) return {};
      // One lint of one file: resolve each file's imports once.
      const resolved = new Map();
      const importsOf = (file) => {
        let targets = resolved.get(file);
        if (!targets) {
          targets = specifiersOf(file)
            .map((specifier) => resolve(specifier, file))
            .filter((target) => target && target !== file);
          resolved.set(file, targets);
        }
        return targets;
      };
      const relative = (file) => path.relative(root, file);

      function check(node, source) {
        if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
        const target = resolve(source.value, filename);
        if (!target || target === filename) return;
        const chain = pathBack(target, filename, importsOf);
        if (chain) {
          context.report({
            node,
            messageId: 'cycle',
            data: { chain: [filename, ...chain, filename].map(relative).join(' → ') },
          });
        }
      }

      return {
        ImportDeclaration: (node) => check(node, node.source),
        ExportNamedDeclaration: (node) => check(node, node.source),
        ExportAllDeclaration: (node) => check(node, node.source),
        ImportExpression: (node) => check(node, node.source),
        TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
      };
    },
  };
}
