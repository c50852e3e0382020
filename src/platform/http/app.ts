import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response, type Router } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { markRoute, recordRoutePatterns } from '../observability/http';
import { identifyRequest, inRequestScope } from '../observability/request-context';
import { logRequests } from '../observability/request-log';
import { compressWholeAnswers } from './compression';
import { errorHandler, routeNotFound, type ActorName } from './errors';
import { FastRoutes, type FastAnswer, type FastRead } from './fast-reads';
import { refuseControlCharactersInPath } from './validate';
import { loadWebApp, type WebPageFor } from './web-app';

export interface HttpAppOptions {
  logger: Logger;
  /** Mounted in order, before the web app. */
  routers: Router[];
  /** Mounted first, behind only the security headers and CORS (see ModuleRoutes.reads). */
  readRouters?: Router[];
  /** Answered before Express when they can be, by exact path or pattern (see fast-reads.ts). */
  fastReads?: Record<string, FastRead>;
  /** Built web app (index.html + assets); not served when missing. */
  webDir?: string;
  /** Settings the web app reads at start, written into its page as `<meta name content>`. */
  pageSettings?: Record<string, string>;
  /** The web app's page at each address: its status and head (see web-app.ts). */
  webPage?: WebPageFor;
  corsOrigins: string[];
  /** The store's public address: live connections (ws/wss) may go there and nowhere else. */
  publicUrl?: string;
  /** Names the actor of a conflicting change in a 409 (an admin's name); the raw actor otherwise. */
  actorName?: ActorName;
  /** Express's 'trust proxy' (TRUST_PROXY): false, a hop count or the trusted addresses. */
  trustProxy?: false | number | string;
  /** Paths owned by the API: unknown ones answer JSON 404 instead of the web app. */
  apiPrefixes?: string[];
  /** Paths whose answers hold private data (PRIVATE_API_HEADERS instead of the page's headers). */
  privateApiPrefixes?: string[];
}

export interface RawBodyRequest {
  rawBody?: Buffer;
}

export interface HttpApp {
  express: Express;
  /** For the HTTP server: fast reads first, everything else through Express. */
  listener: RequestListener;
}

const API_PREFIXES = ['/api/', '/categories', '/products', '/media/', '/sandbox/', '/socket.io/'];
/** An admin's data, the sign-in's token, a shopper's checkout and order. */
const PRIVATE_API_PREFIXES = ['/api/admin/', '/api/auth/', '/api/payment/'];

/**
 * OWASP's headers for a REST API's answers: never stored by a browser or a proxy (an admin's
 * customers, a token), and if one is opened as a page, it may load and run nothing and be framed
 * nowhere. helmet's page headers (a script policy, DNS prefetching, referrers...) mean nothing to
 * JSON or CSV.
 */
const PRIVATE_API_HEADERS = new Map([
  ['cache-control', 'no-store'],
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
]);

/** The web build's hashed scripts and stylesheets (web-app.ts). */
const BUILD_FILES = '/assets/';
/**
 * Of the page's headers, those that mean something to a script or a stylesheet: a browser shows
 * one opened as a document as text (nosniff, and its type), so a script policy, framing rules and
 * the rest are for pages only. A first visit loads some forty of these files, and over HTTP/1.1
 * the page's twelve headers cost each of them 0.7 KB (docs/security.md#headers).
 */
const BUILD_FILE_HEADERS = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const app = express();
  recordRoutePatterns(app.request);
  app.disable('x-powered-by');
  app.set('etag', false); // An ETag is a version (versioning.ts) or a cached answer's own; never Express's content hash.
  // Only configured proxies may say who the client is (X-Forwarded-For); by default, nobody.
  app.set('trust proxy', options.trustProxy ?? false);
  const web = options.webDir
    ? loadWebApp({
        webDir: options.webDir,
        pageSettings: options.pageSettings,
        pageFor: options.webPage,
        logger: options.logger,
      })
    : undefined;
  const pageHeaders = securityHeaders(web?.inlineScriptHashes ?? [], liveOrigins(options.publicUrl));
  const privatePrefixes = options.privateApiPrefixes ?? PRIVATE_API_PREFIXES;
  // Express matches paths whatever their case (/API/auth/login is /api/auth/login), so the headers
  // are chosen the same way: a private answer never goes out with the page's headers.
  const buildFileHeaders = onlyHeaders(pageHeaders, BUILD_FILE_HEADERS);
  const headersFor: HeadersFor = (url) => {
    // The build's hashed files, by their exact path (web-app.ts serves no other case of it).
    if (url.startsWith(BUILD_FILES)) return buildFileHeaders;
    const path = url.toLowerCase();
    return privatePrefixes.some((prefix) => path.startsWith(prefix)) ? PRIVATE_API_HEADERS : pageHeaders;
  };
  const prepare = answerBasics(headersFor, cors(options.corsOrigins));
  app.use(refuseControlCharactersInPath);
  app.use(compressWholeAnswers);
  for (const router of options.readRouters ?? []) app.use(router);
  app.use(logRequests(options.logger, (url) => url === '/healthz'));
  // The raw bytes stay on the request: a payment webhook's signature is over them, not the JSON.
  app.use(
    express.json({ limit: '100kb', verify: (req, _res, buffer) => void ((req as RawBodyRequest).rawBody = buffer) }),
  );
  app.use(express.urlencoded({ extended: false, limit: '100kb' }));
  for (const router of options.routers) app.use(router);
  const apiPrefixes = options.apiPrefixes ?? API_PREFIXES;
  app.use((req, _res, next) => {
    const path = req.path.toLowerCase();
    if (apiPrefixes.some((prefix) => path.startsWith(prefix))) next(routeNotFound(req.method, req.path));
    else next();
  });
  if (web) app.use(web.handler);
  app.use((req, _res, next) => next(routeNotFound(req.method, req.path)));
  app.use(errorHandler(options.logger, options.actorName));
  return { express: app, listener: withFastReads(app, options.fastReads ?? {}, prepare) };
}

/**
 * What every answer gets, whichever way it is answered (a fast read or Express): its request id,
 * the security headers of its path and CORS. True when that answered the request (a preflight).
 */
type Prepare = (req: IncomingMessage, res: ServerResponse) => boolean;

function answerBasics(headersFor: HeadersFor, allowCors: Cors): Prepare {
  return (req, res) => {
    identifyRequest(req, res);
    res.setHeaders(headersFor(req.url ?? '/'));
    return allowCors(req, res);
  };
}

/**
 * Fast reads are answered outside the request's async scope: on Node 20 a scope costs every
 * promise made under it (a tenth of a fast admin read's throughput), and they neither log nor
 * append events. One that declines or fails is handled by Express, in the scope.
 */
function withFastReads(app: Express, reads: Record<string, FastRead>, prepare: Prepare): RequestListener {
  const routes = new FastRoutes(reads);
  const viaExpress: RequestListener = (req, res) => inRequestScope(req, res, () => app(req, res));
  // Made once, not per request: under tsx (npm start), each named closure made costs a
  // defineProperty for its name.
  const send = (req: IncomingMessage, res: ServerResponse, pattern: string, answer: FastAnswer | undefined) => {
    if (!answer) return viaExpress(req, res);
    markRoute(req, pattern);
    answer.send(req, res);
  };
  return (req, res) => {
    if (prepare(req, res)) return;
    const found = (req.method === 'GET' || req.method === 'HEAD') && routes.match(req.url ?? '/', req.headers);
    if (!found) return viaExpress(req, res);
    const answer = found.read(found.request);
    if (answer instanceof Promise)
      void answer.then(
        (answered) => send(req, res, found.pattern, answered),
        () => send(req, res, found.pattern, undefined),
      );
    else send(req, res, found.pattern, answer);
  };
}

/** The security headers of the answers to a path. */
type HeadersFor = (url: string) => Map<string, string>;

/**
 * Where the pages' live connection may go besides their own origin: the ws:// or wss:// form of
 * the store's public address (browsers before CSP 3 do not match WebSockets with 'self').
 */
function liveOrigins(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const origin = new URL(publicUrl);
  return [`${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`];
}

/** helmet's headers are the same on every response: set in one call instead of its fifteen middlewares. */
function securityHeaders(inlineScriptHashes: string[], live: string[]): Map<string, string> {
  return constantHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          // The small inline script in index.html applies theme and direction before first paint.
          'script-src': ["'self'", ...inlineScriptHashes],
          'img-src': ["'self'", 'data:', 'blob:'],
          'connect-src': ["'self'", ...live],
          'form-action': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
}

function onlyHeaders(headers: Map<string, string>, names: string[]): Map<string, string> {
  return new Map([...headers].filter(([name]) => names.includes(name)));
}

/** The headers a middleware sets on a response that depends on nothing in the request. */
function constantHeaders(middleware: RequestHandler): Map<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  middleware({} as Request, res as unknown as Response, () => {});
  return headers;
}

/** Sets the CORS headers; true when it answered the request itself (a preflight). */
type Cors = (req: IncomingMessage, res: ServerResponse) => boolean;

/** CORS only for the configured origins; same-origin requests need none. */
function cors(origins: string[]): Cors {
  const allowed = new Set(origins);
  return (req, res) => {
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) return false;
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, If-Match');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
    res.setHeader('Access-Control-Expose-Headers', 'ETag');
    if (req.method !== 'OPTIONS') return false;
    res.writeHead(204).end();
    return true;
  };
}
