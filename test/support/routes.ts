import type { Express } from 'express';
import type { RunningApp } from '../../src/main';

export interface RouteInfo {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** Every route Express knows, with its full path, by walking the (nested) router stacks. */
export function listRoutes(app: RunningApp): RouteInfo[] {
  return walk((app.http as Express & { router: { stack: Layer[] } }).router.stack, '');
}

function walk(stack: Layer[], prefix: string): RouteInfo[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      return Object.keys(layer.route.methods).map((method) => ({
        method: method.toUpperCase(),
        path: prefix + layer.route!.path,
      }));
    }
    if (layer.handle.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      return walk(layer.handle.stack, prefix + mount);
    }
    return [];
  });
}
