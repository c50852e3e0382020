import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

// Compressed answers, one way for all of them (docs/architecture.md#compression). The client's
// Accept-Encoding picks brotli, else gzip, else the bytes as they are; every answer that could
// have been compressed says `Vary: Accept-Encoding`, so a cache keeps one copy per encoding.
//
// - The web app's files are compressed once, at build (scripts/precompress-web.mjs), at the
//   highest levels; web-app.ts sends the file the client takes.
// - Answers serialised once and sent many times (CachedJson: the catalogue) are compressed in the
//   background once asked for again (`compressLater`).
// - Every other whole answer (Express's res.json / res.send, the fast reads' JsonAnswer, the web
//   app's page) is compressed as it is sent (`sendWhole`, `compressWholeAnswers`), at a level
//   fast enough for the request path. Streamed answers (CSV exports) and Socket.IO's traffic,
//   which never reaches the HTTP app (engine.io answers /socket.io/ first), go out as they are.

export type ContentEncoding = 'br' | 'gzip';

/** Small bodies gain nothing from compression: fewer bytes than a packet's worth of headers. */
export const COMPRESS_FROM_BYTES = 1024;

/** Ours, in the order we prefer them at equal weight: brotli is about a fifth smaller than gzip on the app's code. */
const OURS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Media types whose bytes compress: text, JSON, JavaScript, XML and SVG. Images and fonts are already compressed. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)|\+json|\+xml/i;

export const isCompressible = (contentType: string | undefined): boolean =>
  !!contentType && COMPRESSIBLE.test(contentType);

/**
 * The encoding to answer in, of those `available`, for an Accept-Encoding header (RFC 9110
 * §12.5.3): the highest weight wins, ours in order of preference at equal weight; `q=0` refuses
 * one; `*` stands for any not named. Undefined: the identity (no header, or nothing acceptable).
 */
export function chooseEncoding(
  header: string | undefined,
  available: readonly ContentEncoding[] = OURS,
): ContentEncoding | undefined {
  if (!header) return undefined;
  const weights = acceptedWeights(header);
  let best: ContentEncoding | undefined;
  let bestWeight = 0;
  for (const encoding of OURS) {
    if (!available.includes(encoding)) continue;
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Headers repeat (every browser sends the same few): parsed once each, a bounded number kept. */
const parsedHeaders = new Map<string, Map<string, number>>();
const PARSED_HEADERS_KEPT = 64;

function acceptedWeights(header: string): Map<string, number> {
  let weights = parsedHeaders.get(header);
  if (weights) return weights;
  weights = new Map();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0);
  }
  if (parsedHeaders.size >= PARSED_HEADERS_KEPT) parsedHeaders.clear();
  parsedHeaders.set(header, weights);
  return weights;
}

/** Adds Accept-Encoding to the answer's Vary, keeping what is there (CORS varies by Origin). */
export function varyByEncoding(res: ServerResponse): void {
  const vary = res.getHeader('Vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return;
  res.setHeader('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * On the request path: brotli at quality 4 and gzip at level 6 cost a fraction of a millisecond
 * on a page or a list of orders, and brotli 4 already beats gzip 9 in size.
 */
const NOW: Record<ContentEncoding, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/** Off the request path, for answers kept and sent many times: the slower, smaller levels. */
const LATER: Record<ContentEncoding, (body: Buffer, done: (error: Error | null, result: Buffer) => void) => void> = {
  br: (body, done) =>
    brotliCompress(
      body,
      { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
      done,
    ),
  gzip: (body, done) => gzip(body, { level: 9 }, done),
};

/** Compresses a kept answer on libuv's thread pool. */
export function compressLater(
  body: Buffer,
  encoding: ContentEncoding,
  done: (error: Error | null, result: Buffer) => void,
): void {
  LATER[encoding](body, done);
}

/**
 * What a whole answer about to be sent should be: its body compressed in the encoding the client
 * takes, when it is worth it. Sets Vary, Content-Encoding and Content-Length on `res` (nothing
 * when the answer is not a candidate) and gives the bytes to send.
 */
export function compressedBody(req: IncomingMessage, res: ServerResponse, body: Buffer): Buffer {
  if (body.length < COMPRESS_FROM_BYTES || !isCandidate(req, res)) return body;
  varyByEncoding(res);
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (!encoding) return body;
  const compressed = NOW[encoding](body);
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', compressed.length);
  return compressed;
}

function isCandidate(req: IncomingMessage, res: ServerResponse): boolean {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 304) return false;
  if (req.method === 'HEAD' || res.getHeader('Content-Encoding')) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return isCompressible(String(res.getHeader('Content-Type') ?? ''));
}

/** Sends a whole answer, compressed when the client takes it (the fast reads' JSON, the web app's page). */
export function sendWhole(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: OutgoingHttpHeaders,
  body: Buffer,
): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader('Content-Length', body.length);
  const sent = compressedBody(req, res, body);
  res.end(req.method === 'HEAD' ? undefined : sent);
}

/**
 * Express's whole answers (res.json, res.send: one `end` with the body, headers not sent yet),
 * compressed as they leave. An answer written in pieces (a CSV export's stream) has sent its
 * headers before its end and goes out as it is.
 */
export const compressWholeAnswers: RequestHandler = (req, res, next) => {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    const [chunk, encoding] = args;
    if (res.headersSent || (typeof chunk !== 'string' && !(chunk instanceof Uint8Array))) return end(...args);
    const body =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const sent = compressedBody(req, res, body);
    if (sent === body) return end(...args);
    const callback = args.find((arg) => typeof arg === 'function');
    return callback ? end(sent, callback) : end(sent);
  } as typeof res.end;
  next();
};
