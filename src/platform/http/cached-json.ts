import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseEncoding, COMPRESS_FROM_BYTES, compressLater, type ContentEncoding } from './compression';

// A JSON answer serialised once and sent many times: its ETag is computed once, its gzip and
// brotli forms in the background once it is asked for again. For data that changes rarely and is
// read by everyone (the catalogue), this takes serialising and compressing off the request path.

/**
 * Compressions running at once, all answers together. They run on libuv's thread pool, which
 * argon2 and file reads share, so a burst of new answers must not fill it.
 */
const MAX_COMPRESSING = 2;
let compressionsRunning = 0;

export class CachedJson {
  readonly body: Buffer;
  /** Weak: the same ETag stands for the identity, gzip and brotli forms of the body. */
  readonly etag: string;
  private readonly compressed = new Map<ContentEncoding, Buffer>();
  private askedBefore = false;
  private compressing = false;

  constructor(
    value: unknown,
    /** Request headers the answer also depends on (Accept-Language), named in Vary. */
    private readonly vary?: string,
  ) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  send(req: IncomingMessage, res: ServerResponse, status = 200): void {
    // writeHead's headers replace those set before: keep a Vary already there (CORS varies by Origin).
    const vary = [res.getHeader('Vary'), this.vary, 'Accept-Encoding'].filter(Boolean).join(', ');
    const headers: Record<string, string | number> = { ETag: this.etag, 'Cache-Control': 'no-cache', Vary: vary };
    if (etagMatches(req.headers['if-none-match'], this.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    const [encoding, body] = this.encoded(req.headers['accept-encoding']);
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
  }

  /** The compressed form the client takes best, when it is ready; else the body as it is. */
  private encoded(accepted: string | undefined): [ContentEncoding | undefined, Buffer] {
    if (this.body.length < COMPRESS_FROM_BYTES) return [undefined, this.body];
    // The form the client prefers is made even when another is ready (gzip asked for first by a
    // script, brotli then by browsers).
    const wanted = chooseEncoding(accepted);
    if (wanted && !this.compressed.has(wanted)) this.compress(wanted);
    const ready = chooseEncoding(accepted, [...this.compressed.keys()]);
    return ready ? [ready, this.compressed.get(ready)!] : [undefined, this.body];
  }

  // Off the event loop, and only for an answer asked for a second time: a stream of one-off
  // searches never compresses anything. Until the result is there, the body goes out as it is.
  private compress(encoding: ContentEncoding): void {
    if (!this.askedBefore) {
      this.askedBefore = true;
      return;
    }
    if (this.compressing || compressionsRunning >= MAX_COMPRESSING) return;
    this.compressing = true;
    compressionsRunning++;
    compressLater(this.body, encoding, (error, result) => {
      compressionsRunning--;
      this.compressing = false;
      // A failure leaves the body uncompressed; the next request tries again.
      if (!error) this.compressed.set(encoding, result);
    });
  }
}

/**
 * Answers by key, built on first demand. Kept answers (the lists every page loads, whose keys the
 * caller bounds) stay; the others are dropped least recently used first beyond `capacity`.
 */
export class AnswerCache {
  private readonly kept = new Map<string, CachedJson>();
  /** In order of last use, oldest first. */
  private readonly recent = new Map<string, CachedJson>();

  constructor(
    private readonly capacity: number,
    /** What every answer also depends on, for its Vary header (CachedJson). */
    private readonly options: { vary?: string } = {},
  ) {}

  get size(): number {
    return this.kept.size + this.recent.size;
  }

  get(key: string, build: () => unknown, options: { keep?: boolean } = {}): CachedJson {
    const kept = this.kept.get(key);
    if (kept) return kept;
    let answer = this.recent.get(key);
    if (answer) {
      this.recent.delete(key);
    } else {
      answer = new CachedJson(build(), this.options.vary);
      if (options.keep) {
        this.kept.set(key, answer);
        return answer;
      }
      if (this.recent.size >= this.capacity) this.recent.delete(this.recent.keys().next().value!);
    }
    this.recent.set(key, answer);
    return answer;
  }
}

/** If-None-Match holds one ETag, a list, or `*`; weak comparison, as RFC 9110 asks for it. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
