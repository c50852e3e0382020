import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// A JSON answer serialised once and sent many times: its ETag is computed once, its gzip and
// brotli forms on first demand. For data that changes rarely and is read by everyone (the
// catalogue), this takes serialising and compressing off the request path entirely.

/** Small bodies gain nothing from compression. */
const COMPRESS_FROM_BYTES = 1024;

export class CachedJson {
  readonly body: Buffer;
  /** Weak: the same ETag stands for the identity, gzip and brotli forms of the body. */
  readonly etag: string;
  private gzipped: Buffer | undefined;
  private brotli: Buffer | undefined;

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url')}"`;
  }

  send(req: IncomingMessage, res: ServerResponse, status = 200): void {
    // writeHead's headers replace those set before: keep a Vary already there (CORS varies by Origin).
    const vary = res.getHeader('Vary');
    const headers: Record<string, string | number> = { ETag: this.etag, 'Cache-Control': 'no-cache', Vary: vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding' };
    if (matches(req.headers['if-none-match'], this.etag)) {
      res.writeHead(304, headers).end();
      return;
    }
    const [encoding, body] = this.encoded(req.headers['accept-encoding']);
    if (encoding) headers['Content-Encoding'] = encoding;
    headers['Content-Type'] = 'application/json; charset=utf-8';
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
  }

  private encoded(accepted: string | undefined): [string | undefined, Buffer] {
    if (!accepted || this.body.length < COMPRESS_FROM_BYTES) return [undefined, this.body];
    if (/\bbr\b/.test(accepted)) {
      this.brotli ??= brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
      return ['br', this.brotli];
    }
    if (/\bgzip\b/.test(accepted)) {
      this.gzipped ??= gzipSync(this.body, { level: 9 });
      return ['gzip', this.gzipped];
    }
    return [undefined, this.body];
  }
}

/** If-None-Match holds one ETag, a list, or `*`; weak comparison, as RFC 9110 asks for it. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}
