import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery, type ParsedUrlQuery } from 'node:querystring';
import type { Request, RequestHandler, Router } from 'express';
import { etagMatches } from './cached-json';
import { sendWhole } from './compression';

// Reads answered ahead of Express. Express's routing, middlewares and response helpers cost an
// admin read more CPU than its SQL (bench/admin: ~270 µs of the ~500 µs an order's detail took),
// and the hottest reads need none of them. A fast read answers the request or declines it; whatever it declines
// (bad input, a missing item, an unknown token, a failure) goes to Express, whose routes answer
// it, errors included, as they always have. So a fast read only has to get the ordinary case right.

/** What a fast read is given: the query string parsed as Express parses it, the path's parameters. */
export interface FastRequest {
  query: ParsedUrlQuery;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** An answer that writes itself: status, headers and body (CachedJson, JsonAnswer). */
export interface FastAnswer {
  send(req: IncomingMessage, res: ServerResponse): void;
}

/** The answer, or undefined (or a rejection) to leave the request to Express. */
export type FastRead = (request: FastRequest) => FastAnswer | undefined | Promise<FastAnswer | undefined>;

/** A read written once for both ways in: it throws (an HttpError) what it cannot answer. */
export type ReadHandler = (request: FastRequest) => Promise<FastAnswer>;

/** The Express route of a read handler: its errors are answered by the error handler. */
export function expressRead(handler: ReadHandler): RequestHandler {
  return async (req: Request, res) => {
    const answer = await handler({
      query: req.query as ParsedUrlQuery,
      params: req.params as Record<string, string>,
      headers: req.headers,
    });
    answer.send(req, res);
  };
}

/** The fast read of a read handler: whatever it throws goes to its Express route instead. */
export const fastRead =
  (handler: ReadHandler): FastRead =>
  (request) =>
    handler(request).catch(() => undefined);

/**
 * Mounts each read as a GET route of `router` (after the routes already there, which a path
 * pattern must not shadow) and gives their fast twins, by the same paths.
 */
export function mountReads(router: Router, reads: Record<string, ReadHandler>): Record<string, FastRead> {
  const fast: Record<string, FastRead> = {};
  for (const [path, read] of Object.entries(reads)) {
    router.get(path, expressRead(read));
    fast[path] = fastRead(read);
  }
  return fast;
}

/**
 * A JSON answer as Express's `res.json` writes it (Content-Type, Content-Length), compressed as
 * Express's answers are (compression.ts), with an optional ETag that a matching If-None-Match
 * turns into a 304, as Express does for a fresh request.
 */
export class JsonAnswer implements FastAnswer {
  /** Serialised when made: a value JSON cannot hold fails in the read, which Express then answers. */
  private readonly body: Buffer;

  constructor(
    value: unknown,
    private readonly etag?: string,
  ) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  send(req: IncomingMessage, res: ServerResponse): void {
    const headers: Record<string, string> = this.etag ? { ETag: this.etag } : {};
    if (this.etag && etagMatches(req.headers['if-none-match'], this.etag))
      return void res.writeHead(304, headers).end();
    headers['Content-Type'] = 'application/json; charset=utf-8';
    sendWhole(req, res, 200, headers, this.body);
  }
}

interface PatternRoute {
  pattern: string;
  /** The path's segments; a name for a parameter (`:id`), else the literal segment. */
  segments: { literal?: string; param?: string }[];
  read: FastRead;
}

/** The fast read a request's path names, the route's pattern (its metrics label) and its request. */
export interface FastMatch {
  pattern: string;
  read: FastRead;
  request: FastRequest;
}

/**
 * Fast reads by path: exact ones (`/products`) and patterns whose segments may be parameters
 * (`/api/admin/orders/:id`). A parameter is one whole segment, not empty and not percent-encoded
 * (what would need decoding, a control character Express refuses included, is left to Express).
 */
export class FastRoutes {
  private readonly exact = new Map<string, FastRead>();
  private readonly patterns: PatternRoute[] = [];

  constructor(reads: Record<string, FastRead>) {
    for (const [pattern, read] of Object.entries(reads)) {
      if (!pattern.includes('/:')) this.exact.set(pattern, read);
      else
        this.patterns.push({
          pattern,
          read,
          segments: pattern
            .split('/')
            .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { literal: segment })),
        });
    }
  }

  get size(): number {
    return this.exact.size + this.patterns.length;
  }

  match(url: string, headers: IncomingHttpHeaders): FastMatch | undefined {
    const mark = url.indexOf('?');
    const path = mark < 0 ? url : url.slice(0, mark);
    const search = mark < 0 ? '' : url.slice(mark + 1);
    const read = this.exact.get(path);
    if (read) return { pattern: path, read, request: { query: parseQuery(search), params: {}, headers } };
    if (this.patterns.length === 0) return undefined;
    const segments = path.split('/');
    for (const route of this.patterns) {
      const params = paramsOf(route, segments);
      if (params)
        return { pattern: route.pattern, read: route.read, request: { query: parseQuery(search), params, headers } };
    }
    return undefined;
  }
}

function paramsOf(route: PatternRoute, segments: string[]): Record<string, string> | undefined {
  if (segments.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const { literal, param } = route.segments[i]!;
    const segment = segments[i]!;
    if (param === undefined) {
      if (segment !== literal) return undefined;
    } else if (segment === '' || segment.includes('%')) return undefined;
    else params[param] = segment;
  }
  return params;
}
