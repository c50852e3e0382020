import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { ParsedUrlQuery } from 'node:querystring';
import path from 'node:path';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { etagMatches } from './cached-json';
import { chooseEncoding, isCompressible, sendWhole, varyByEncoding, type ContentEncoding } from './compression';
import { escapeHtml } from './html';

// The built web app (web/dist) as the store serves it (docs/architecture.md#the-web-app-as-served):
// - its files, held in memory with the brotli and gzip copies the build made next to them
//   (scripts/precompress-web.mjs), each sent in the encoding the client takes;
// - its page (index.html) at every address of the app, with the head and status the page's owner
//   gives it (`WebPageFor`: the pages module's link previews, and 404 for an address that names
//   nothing), so a crawler that runs no JavaScript reads the page's own title and tags.
// Which addresses are the app's comes from the router's own route list, written by the build as
// routes.json (web/route-manifest.ts).

/** The build's list of the app's routes (web/route-manifest.ts writes it under this name). */
const ROUTE_MANIFEST = 'routes.json';
/** Hashed file names never change content: kept a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other files of the build (the favicon): an hour. */
const SHORT_LIVED = 'public, max-age=3600';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

/** The route of the app an address is at, with its parameters (`/product/$id` → `{ id }`). */
export interface RouteMatch {
  /** As the router names it: `/product/$id`, `/category/`. */
  pattern: string;
  params: Record<string, string>;
}

export interface WebPageRequest {
  path: string;
  query: ParsedUrlQuery;
  /** Undefined: no route of the app takes this address. */
  route: RouteMatch | undefined;
}

/** What the page says at an address: its status, language and the tags of its head. */
export interface WebPage {
  status: number;
  /** `<html lang dir>`. */
  lang: string;
  dir: 'rtl' | 'ltr';
  /** The page's own tags (title, description, link previews), already escaped by their maker. */
  head: string;
}

export type WebPageFor = (request: WebPageRequest) => WebPage | Promise<WebPage>;

export interface WebAppOptions {
  webDir: string;
  /** Settings the web app reads at start, written into its page as `<meta name content>`. */
  pageSettings?: Record<string, string>;
  /** The page at each address; without it, the page as built, 404 where no route is. */
  pageFor?: WebPageFor;
  logger?: Logger;
}

export interface WebApp {
  /** For Express, after the API: the app's files, then its page for every GET that takes HTML. */
  handler: RequestHandler;
  /** The CSP hashes of the page's inline scripts. */
  inlineScriptHashes: string[];
}

/** The web app in `webDir`, or undefined when it was not built (no index.html). */
export function loadWebApp(options: WebAppOptions): WebApp | undefined {
  const indexFile = path.join(options.webDir, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const page = new PageTemplate(readFileSync(indexFile, 'utf8'), options.pageSettings ?? {});
  const files = loadFiles(options.webDir);
  const routes = loadRoutes(options.webDir, options.logger);
  const pageFor: WebPageFor = options.pageFor ?? (({ route }) => ({ status: route ? 200 : 404, ...page.builtHead }));
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = files.get(req.path);
    if (file) return sendFile(file, req, res);
    // A file of the build that is not there (an old chunk) is not a page.
    if (req.path.toLowerCase().startsWith('/assets/') || !req.accepts('html')) return next();
    const request = { path: req.path, query: req.query as ParsedUrlQuery, route: routes.match(req.path) };
    Promise.resolve()
      .then(() => pageFor(request))
      .catch((error: unknown) => {
        // The app still starts, and shows its own error view where its data cannot be read.
        options.logger?.warn({ err: error, path: req.path }, 'the page’s head could not be made');
        return { status: 503, ...page.builtHead };
      })
      .then((answer) =>
        sendWhole(
          req,
          res,
          answer.status,
          { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
          Buffer.from(page.render(answer)),
        ),
      )
      .catch(next);
  };
  return { handler, inlineScriptHashes: page.inlineScriptHashes };
}

/**
 * index.html cut where each page's own parts go: the `<html>` tag's language and direction, and
 * the page's tags where the build's title was (the build's title and description are taken out:
 * every page gives its own).
 */
class PageTemplate {
  readonly inlineScriptHashes: string[];
  /** The head and language the page was built with. */
  readonly builtHead: Omit<WebPage, 'status'>;
  private readonly beforeAttributes: string;
  private readonly afterAttributes: string;
  private readonly beforeHead: string;
  private readonly afterHead: string;

  constructor(html: string, settings: Record<string, string>) {
    const htmlTag = /<html\b([^>]*)>/.exec(html);
    const headEnd = html.indexOf('</head>');
    if (!htmlTag || headEnd < 0) throw new Error('web/dist/index.html has no <html> tag or no </head>');
    const title = /<title>[\s\S]*?<\/title>\s*/.exec(html);
    const description = /<meta\s+name="description"[\s\S]*?>\s*/.exec(html);
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(htmlTag[1]!)?.[1];
    this.builtHead = {
      lang: attribute('lang') ?? 'ar',
      dir: attribute('dir') === 'ltr' ? 'ltr' : 'rtl',
      head: `${title?.[0].trim() ?? ''}${description?.[0].trim() ?? ''}`,
    };
    const cut = (from: number, to: number) => {
      let part = html.slice(from, to);
      for (const found of [title, description])
        if (found && found.index >= from && found.index < to) part = part.replace(found[0], '');
      return part;
    };
    const headAt = title?.index ?? headEnd;
    const meta = Object.entries(settings).map(
      ([name, content]) => `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`,
    );
    this.beforeAttributes = `${html.slice(0, htmlTag.index)}<html`;
    this.afterAttributes = htmlTag[1]!.replace(/\s(lang|dir)="[^"]*"/g, '');
    this.beforeHead = cut(htmlTag.index + htmlTag[0].length - 1, headAt);
    this.afterHead = `${cut(headAt, headEnd)}${meta.join('')}${html.slice(headEnd)}`;
    this.inlineScriptHashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) =>
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
    );
  }

  render(page: Omit<WebPage, 'status'>): string {
    return `${this.beforeAttributes} lang="${escapeHtml(page.lang)}" dir="${page.dir}"${this.afterAttributes}${this.beforeHead}${page.head}\n    ${this.afterHead}`;
  }
}

interface WebFile {
  contentType: string;
  cacheControl: string;
  /** Weak: the same for the file and its compressed copies. */
  etag: string;
  identity: Buffer;
  encoded: Partial<Record<ContentEncoding, Buffer>>;
  /** Whether the answer depends on Accept-Encoding. */
  varies: boolean;
}

/** Every file of the build but the page and the route list, by its address, with its compressed copies. */
function loadFiles(webDir: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  for (const file of filesIn(webDir)) {
    const name = path.relative(webDir, file).split(path.sep).join('/');
    if (name === 'index.html' || name === ROUTE_MANIFEST || /(^|\/)\./.test(name) || /\.(br|gz)$/.test(name)) continue;
    const identity = readFileSync(file);
    const encoded: WebFile['encoded'] = {};
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const)
      if (existsSync(file + suffix)) encoded[encoding] = readFileSync(file + suffix);
    const contentType = CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
    files.set(`/${name}`, {
      contentType,
      cacheControl: name.startsWith('assets/') ? IMMUTABLE : SHORT_LIVED,
      etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
      identity,
      encoded,
      varies: Object.keys(encoded).length > 0 || isCompressible(contentType),
    });
  }
  return files;
}

function* filesIn(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else yield full;
  }
}

function sendFile(file: WebFile, req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]): void {
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', file.etag);
  if (file.varies) varyByEncoding(res);
  if (etagMatches(req.headers['if-none-match'], file.etag)) return void res.status(304).end();
  const encoding = chooseEncoding(req.headers['accept-encoding'], Object.keys(file.encoded) as ContentEncoding[]);
  const body = encoding ? file.encoded[encoding]! : file.identity;
  res.setHeader('Content-Type', file.contentType);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/** Matches addresses against the app's routes, as the router does: literal parts before parameters, case aside. */
class RouteTable {
  private readonly routes: { pattern: string; segments: string[] }[];

  constructor(
    patterns: string[],
    /** No route list in the build (built before it was written): every address is the app's. */
    private readonly everything = false,
  ) {
    const segmentsOf = (pattern: string) => trimSlash(pattern).split('/').slice(1);
    const dynamic = (pattern: string) => segmentsOf(pattern).filter((s) => s.startsWith('$')).length;
    this.routes = patterns
      .map((pattern) => ({ pattern, segments: segmentsOf(pattern) }))
      .sort((a, b) => dynamic(a.pattern) - dynamic(b.pattern));
  }

  match(address: string): RouteMatch | undefined {
    const segments = trimSlash(address).split('/').slice(1);
    for (const route of this.routes) {
      const params = paramsOf(route.segments, segments);
      if (params) return { pattern: route.pattern, params };
    }
    return this.everything ? { pattern: '*', params: {} } : undefined;
  }
}

/** `/category/` and `/category` are one address to the router; `/` stays `/`. */
const trimSlash = (address: string) => (address.length > 1 && address.endsWith('/') ? address.slice(0, -1) : address);

function paramsOf(route: string[], segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.length; i++) {
    const part = route[i]!;
    if (part === '$') {
      params._splat = segments.slice(i).join('/');
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith('$')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (part.toLowerCase() !== segment.toLowerCase()) return undefined;
  }
  return segments.length === route.length ? params : undefined;
}

function loadRoutes(webDir: string, logger: Logger | undefined): RouteTable {
  const file = path.join(webDir, ROUTE_MANIFEST);
  if (!existsSync(file)) {
    logger?.warn(`${file} is missing (a build older than the store): every address answers the web app with 200`);
    return new RouteTable([], true);
  }
  return new RouteTable(JSON.parse(readFileSync(file, 'utf8')) as string[]);
}
