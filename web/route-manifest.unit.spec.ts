import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routePathsOf } from './route-manifest';

// The server's list of the app's addresses is read from the router's generated tree at build time.

describe('the route manifest', () => {
  const tree = readFileSync(new URL('./src/routeTree.gen.ts', import.meta.url), 'utf8');

  it('lists every route of the generated tree, parameters and index routes included', () => {
    const paths = routePathsOf(tree);
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/store', '/category/$slug', '/category/', '/product/$id', '/orders/$token']),
    );
    expect(paths).toEqual(expect.arrayContaining(['/admin', '/admin/login', '/admin/products/edit/$id']));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.every((path) => path.startsWith('/'))).toBe(true);
  });

  it('refuses a tree it cannot read, rather than give the server no routes', () => {
    expect(() => routePathsOf('export const routeTree = {}')).toThrow(/FileRoutesByFullPath/);
  });
});
