// ESLint: bugs and the architecture's import rules. Formatting is Prettier's job (.prettierrc.json);
// none of the rule sets below contains layout rules (ESLint and typescript-eslint moved them out).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './scripts/eslint-no-import-cycle.js';

const root = import.meta.dirname;
const modules = readdirSync(`${root}/src/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The layering of docs/architecture.md#layers, as import/no-restricted-paths zones: files in `target` may not
// import files in `from` unless they match `except`. Paths are from the repository root. With a
// glob `from`, every `except` must be a glob too (single files are written `{a,b}.ts` for that)
// and is matched against absolute paths, hence `${root}`. Tests are left out (see below).
const entryPoints = ['src/*.ts', 'src/cli/**'];
const layers = [
  // A module never imports another module: src/modules/<a>/ may import only itself, read models,
  // src/platform and src/shared.
  ...modules.map((name) => ({
    target: `src/modules/${name}`,
    from: 'src/modules',
    except: [`./${name}`],
    message: `src/modules/${name} may not import another module; main.ts wires modules together.`,
  })),
  // Outside its folder a module is used only through its index.ts ({routes, jobs?, reads?}).
  {
    target: entryPoints,
    from: ['src/modules/**'],
    except: [`${root}/src/modules/*/index.ts`],
    message: 'Import a module only through its index.ts, never its internals.',
  },
  // A read model folds modules' events: of a module it may import only events.ts.
  {
    target: 'src/projections',
    from: ['src/modules/**'],
    except: [`${root}/src/modules/*/events.ts`],
    message: "src/projections may import only a module's events.ts.",
  },
  // Read models are used through their index.ts (src/projections/index.ts lists them all).
  {
    target: [...entryPoints, 'src/modules/**'],
    from: ['src/projections/*/**'],
    except: [`${root}/src/projections/*/index.ts`],
    message: 'Import a read model only through its index.ts (src/projections/<read model>/index.ts).',
  },
  // Adapters know no business and no composition root: platform imports only itself, src/shared
  // and the one config and logger module.
  {
    target: 'src/platform',
    from: ['src/**'],
    except: [`${root}/src/{platform,shared}/**`, `${root}/src/{config,logger}.ts`],
    message: 'src/platform may import only src/platform, src/shared, src/config.ts and src/logger.ts.',
  },
  // What the server and the browser share depends on nothing else of either.
  {
    target: 'src/shared',
    from: ['src/**', 'web/**'],
    except: [`${root}/src/shared/**`],
    message: 'src/shared may import only src/shared (and packages).',
  },
  // The web app reaches src/ only through the @shared alias. The resolver used here does not
  // follow that alias, so `@shared/<area>/types` passes and a relative path into src/ fails.
  {
    target: 'web',
    from: 'src',
    message: 'web/ may import src/shared only as @shared/<area>/types or @shared/<area>/constants.',
  },
];

// Type-aware rules need a TypeScript program: only files that tsconfig.json includes get them.
const typedFiles = ['{src,test,bench,e2e,migrations}/**/*.ts', 'web/src/**/*.{ts,tsx}', 'web/*.ts', 'vitest.config.ts'];
// Where `any` is the honest type: migrations (Kysely's advice: they must not depend on today's
// schema), schema-agnostic adapters (rebuild, fold, runner), tests and benches.
const anyAllowed = ['migrations/**', 'src/platform/**', 'test/**', 'bench/**', 'e2e/**', '**/*.spec.ts'];

export default defineConfig([
  {
    ignores: ['web/dist/', 'web/src/routeTree.gen.ts', '.data/', 'test-results/', '.tmpbench/', 'tmp/'],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: {
      import: importPlugin,
      local: { rules: { 'no-import-cycle': noImportCycle({ root }) } },
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'local/no-import-cycle': 'error',
      // `_`-prefixed names are deliberately unused (a handler's fixed signature, a discarded field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // A forgotten `await` on an append or a publish loses the write or its error silently. These
    // three are the type-aware rules kept (measured: they triple the lint's CPU time). The rest of
    // recommendedTypeChecked would be churn, not bug finding: its no-unsafe-* family flags every use
    // of an `any` (about 550 places, mostly Kysely<any> and parsed JSON), require-await flags
    // interface implementations that need no await, and unbound-method flags passing `store.stop`
    // or `store.subscribe`, which are arrow functions here.
    files: typedFiles,
    ignores: ['web/src/routeTree.gen.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: anyAllowed,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Production code keeps to the layers. Tests, benches and browser tests may reach into what
    // they exercise (an integration test of src/platform/http boots the whole app).
    files: ['src/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: layers }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // Warnings would pass the check unseen: what is worth a warning is worth an error.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/unsupported-syntax': 'error',
      // Only says a library (TanStack Table) cannot be auto-memoised by the React Compiler,
      // which this app does not use.
      'react-hooks/incompatible-library': 'off',
    },
  },
]);
