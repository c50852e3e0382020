import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { Router, type Request } from 'express';
import { routeNotFound } from '../http/errors';
import type { StoreMetrics } from './metrics';

// HTTP side of the metrics: each request's duration under its route pattern, and /metrics itself.

const ROUTE = Symbol('metrics route');
const MATCHED = Symbol('express route');
type Observed = IncomingMessage & { [ROUTE]?: string; [MATCHED]?: { path: unknown }; baseUrl?: string };

/** Requests that matched no route (static files, the web app, 404s) share one label. */
export const UNMATCHED = '(unmatched)';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Times a request and, once answered, counts it under its method, route pattern and status. */
export function observeRequest(metrics: StoreMetrics, req: IncomingMessage, res: ServerResponse): void {
  const stop = metrics.httpDuration.startTimer();
  res.once('finish', () =>
    stop({
      method: METHODS.has(req.method ?? '') ? req.method : 'other',
      route: (req as Observed)[ROUTE] ?? UNMATCHED,
      status: String(res.statusCode),
    }),
  );
}

/**
 * Has an Express app's requests keep their route pattern: the Express route's path joined to where
 * its router is mounted (/api/admin/products/:id), caught when Express assigns `req.route`. By the
 * time the answer is sent after an error, Express has already reset `req.baseUrl`. The setter is
 * on the prototype Express gives its requests (`app.request`): defined on each request instead,
 * it cost a fast admin read ~15% of its throughput (bench/admin).
 */
export function recordRoutePatterns(requestPrototype: object): void {
  Object.defineProperty(requestPrototype, 'route', {
    configurable: true,
    get(this: Observed) {
      return this[MATCHED];
    },
    set(this: Observed, value: { path: unknown } | undefined) {
      this[MATCHED] = value;
      if (value) this[ROUTE] = joinPath(this.baseUrl ?? '', String(value.path));
    },
  });
}

/** A request answered before Express (a fast read): its exact path is its route, from a fixed set. */
export function markRoute(req: IncomingMessage, path: string): void {
  (req as Observed)[ROUTE] = path;
}

const joinPath = (base: string, path: string) => (base && path === '/' ? base : `${base}${path}`);

export interface MetricsAccess {
  /** METRICS_TOKEN: when set, only `Authorization: Bearer <token>` is answered. */
  token?: string;
}

/**
 * GET /metrics for Prometheus. Not public: without a token only loopback callers (an agent on the
 * same host; behind TRUST_PROXY's proxies, the client X-Forwarded-For names, as the throttles
 * count it); with one, only callers presenting it. Anyone else gets the same 404 as an unknown path.
 */
export function metricsRoutes(metrics: StoreMetrics, access: MetricsAccess): Router {
  const allowed = access.token ? bearerCheck(access.token) : (req: Request) => isLoopback(req.ip);
  return Router().get('/metrics', async (req, res, next) => {
    if (!allowed(req)) return next(routeNotFound(req.method, req.path));
    const { contentType, body } = await metrics.text();
    res.set('Cache-Control', 'no-store').type(contentType).send(body);
  });
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** req.ip: the socket's address, or X-Forwarded-For's client when TRUST_PROXY trusts the peer. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.replace(/^::ffff:(?=\d+\.)/i, '');
  const family = isIP(bare);
  return family !== 0 && loopback.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

/** Compares digests, so neither the token's length nor its content shows in the timing. */
function bearerCheck(token: string): (req: Request) => boolean {
  const expected = digest(token);
  return (req) => {
    const match = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
    return !!match && timingSafeEqual(digest(match[1]!), expected);
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();
