import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { routeManifest } from './route-manifest';
import { sharedAlias } from './shared-alias';

// Every path is resolved from this file's folder, so the config works whether Vite is started
// from the repository root (`vite build --config web/vite.config.ts`) or from web/.
const webDir = fileURLToPath(new URL('.', import.meta.url));
const fromWeb = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const backend = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/categories', '/products', '/media', '/sandbox'];

/**
 * Compiles the ICU messages in src/i18n/messages/*.json (and the admin's, src/admin/i18n/ and its folders) to
 * ASTs at build time (a syntax error fails the build), so the browser bundle can use react-intl
 * without the ICU parser (about 8 KB gzip).
 */
function precompileMessages(): Plugin {
  const messageFile = /\/src\/(i18n\/(messages|errors)|admin\/i18n(\/[a-z-]+)?)\/[a-z]{2}\.json$/;
  return {
    name: 'precompile-icu-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!messageFile.test(file.replaceAll('\\', '/'))) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(messages)) {
        try {
          compiled[key] = parse(message, { shouldParseSkeletons: true, requiresOtherClause: true });
        } catch (error) {
          throw new Error(`${file}: message "${key}" is not valid ICU MessageFormat: ${String(error)}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

/** The libraries every page runs: React, the router, the data cache, the messages. */
const EVERY_PAGE_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-intl|intl-messageformat|@formatjs[\\/][^\\/]+|@tanstack[\\/](react-router|router-core|history|react-query|query-core|react-store|store)|tiny-invariant|tiny-warning|cookie-es|seroval|seroval-plugins|use-sync-external-store)[\\/]/;

/** The storefront's code and what it shares with the server (src/shared), not the back office's. */
const STORE_CODE = /[\\/](web[\\/]src[\\/](?!admin[\\/])|src[\\/]shared[\\/])/;

export default defineConfig({
  root: webDir,
  publicDir: fromWeb('./public'),
  plugins: [
    // Must come before the React plugin.
    tanstackRouter({
      target: 'react',
      routesDirectory: fromWeb('./src/routes'),
      generatedRouteTree: fromWeb('./src/routeTree.gen.ts'),
      autoCodeSplitting: true,
    }),
    react(),
    precompileMessages(),
    routeManifest(fromWeb('./src/routeTree.gen.ts')),
  ],
  resolve: {
    // Messages arrive precompiled (see above), so ship the parser's types without the parser.
    alias: [
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' },
      sharedAlias,
    ],
  },
  build: {
    outDir: fromWeb('./dist'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // On a phone's link every file costs a round trip, six at a time over HTTP/1.1: left to
        // itself the bundler cut a first visit into 54 files (docs/benchmarks.md#web-bench). The
        // libraries every page runs go in one file; the app's own code shared by several pages in
        // one for the storefront and one for the back office, so neither downloads the other's.
        codeSplitting: {
          groups: [
            { name: 'libraries', test: EVERY_PAGE_LIBRARIES, priority: 30 },
            { name: 'store', test: STORE_CODE, minShareCount: 2, priority: 20 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
});
