import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

// The web app's routes, for the server: it answers 404 for an address none of them takes
// (src/platform/http/web-app.ts, docs/architecture.md#the-web-app-as-served). They come from the
// router's own tree, generated from web/src/routes by TanStack's plugin, so they cannot drift.

/** The file the build writes next to index.html; web-app.ts reads it by this name. */
export const ROUTE_MANIFEST = 'routes.json';

/** The full paths of the generated tree's routes (FileRoutesByFullPath), e.g. `/product/$id`, `/category/`. */
export function routePathsOf(routeTree: string): string[] {
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1];
  if (!block) throw new Error('routeTree.gen.ts: no FileRoutesByFullPath interface (has TanStack Router changed it?)');
  const paths = [...block.matchAll(/^\s*'([^']+)'\s*:/gm)].map((match) => match[1]!);
  if (!paths.includes('/')) throw new Error('routeTree.gen.ts: no route for / among FileRoutesByFullPath');
  return paths;
}

/** Writes the route manifest into the build, from the tree the router plugin generated at the build's start. */
export function routeManifest(routeTreeFile: string): Plugin {
  return {
    name: 'route-manifest',
    apply: 'build',
    generateBundle() {
      const paths = routePathsOf(readFileSync(routeTreeFile, 'utf8'));
      this.emitFile({ type: 'asset', fileName: ROUTE_MANIFEST, source: `${JSON.stringify(paths)}\n` });
    },
  };
}
