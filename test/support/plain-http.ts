import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

// A GET as a link-preview crawler makes it: plain HTTP, no JavaScript, and the bytes as they came
// over the wire (supertest and fetch decompress them behind our back).

export interface PlainAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent. */
  raw: Buffer;
  /** The body, decompressed per its Content-Encoding. */
  body: Buffer;
  text: string;
}

/** WhatsApp's, Facebook's and X's crawlers announce themselves like this and ask for any type. */
export const CRAWLER = { 'User-Agent': 'facebookexternalhit/1.1', Accept: '*/*' };

export function plainGet(url: string, headers: Record<string, string> = {}): Promise<PlainAnswer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : Buffer.from(raw);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body, text: body.toString('utf8') });
      });
    }).on('error', reject);
  });
}

/** The content of a page's `<meta property|name="…">`, decoded as a browser would read it. */
export function metaOf(html: string, name: string): string | undefined {
  const tag = new RegExp(`<meta (?:property|name)="${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)">`);
  const found = tag.exec(html)?.[1];
  return found === undefined ? undefined : decodeEntities(found);
}

/** Every `<meta property|name="…">` of that name (og:locale:alternate comes more than once). */
export function metasOf(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`, 'g'))].map((m) =>
    decodeEntities(m[1]!),
  );
}

export const decodeEntities = (text: string) =>
  text.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
