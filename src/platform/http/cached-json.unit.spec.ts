import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../test/support/wait';
import { AnswerCache, CachedJson } from './cached-json';

const big = new CachedJson({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })) });
const small = new CachedJson({ ok: true });
const other = new CachedJson({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, label: `Other ${i}` })) });
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) =>
    (req.url === '/small' ? small : req.url === '/other' ? other : big).send(req, res),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { headers: { 'Accept-Encoding': 'identity', ...headers } });

describe('pre-serialised JSON answers', () => {
  it('send the same bytes plain, gzipped or brotli-compressed, with one weak ETag', async () => {
    const plain = await get('/');
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.headers.get('etag')).toBe(big.etag);
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(big.body);
    // fetch decodes what it asked for; read the raw bytes through the node:http client instead.
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
        request(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res
            .on('data', (c: Buffer) => chunks.push(c))
            .on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).end();
      });
    // Compressed in the background once asked for twice; sent as it is meanwhile.
    expect((await raw('gzip, deflate, br')).encoding).toBeUndefined();
    await waitUntil(async () => (await raw('gzip, deflate, br')).encoding === 'br');
    const br = await raw('gzip, deflate, br');
    expect(brotliDecompressSync(br.body)).toEqual(big.body);
    await waitUntil(async () => (await raw('gzip')).encoding === 'gzip');
    const gz = await raw('gzip');
    expect(gunzipSync(gz.body)).toEqual(big.body);
    expect((await raw('br')).body.length).toBeLessThan(big.body.length);
  });

  it('make the form a client prefers even when another one is ready', async () => {
    const encoding = async (accepted: string) =>
      (await fetch(`${url}/other`, { headers: { 'Accept-Encoding': accepted } })).headers.get('content-encoding');
    // A script asks for gzip first (Node's fetch does), then browsers come, asking for brotli too.
    await waitUntil(async () => (await encoding('gzip')) === 'gzip');
    expect(await encoding('br, gzip')).toBe('gzip');
    await waitUntil(async () => (await encoding('br, gzip')) === 'br');
  });

  it('leave small bodies uncompressed', async () => {
    expect((await get('/small', { 'Accept-Encoding': 'br' })).headers.get('content-encoding')).toBeNull();
  });

  it.each([
    ['the ETag itself', () => big.etag],
    ['its strong form', () => big.etag.replace('W/', '')],
    ['a list holding it', () => `"other", ${big.etag}`],
    ['*', () => '*'],
  ])('answer 304 to If-None-Match with %s', async (_name, header) => {
    const res = await get('/', { 'If-None-Match': header() });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(big.etag);
  });

  it('answer 200 to another ETag', async () => {
    expect((await get('/', { 'If-None-Match': '"stale"' })).status).toBe(200);
  });
});

describe('the answer cache', () => {
  it('drops the least recently used answer beyond its capacity, never a kept one', () => {
    const cache = new AnswerCache(3);
    const built: string[] = [];
    const get = (key: string, keep = false) => cache.get(key, () => built.push(key) && { key }, { keep });
    const list = get('list', true);
    const a = get('a');
    get('b');
    get('c');
    expect(get('a')).toBe(a);
    get('d');
    expect(cache.size).toBe(4);
    expect(built).toEqual(['list', 'a', 'b', 'c', 'd']);
    // b was the least recently used: built again; a, c and d were not.
    for (const key of ['a', 'c', 'd', 'b']) get(key);
    expect(built).toEqual(['list', 'a', 'b', 'c', 'd', 'b']);
    for (let i = 0; i < 1000; i++) get(`search ${i}`);
    expect(cache.size).toBe(4);
    expect(get('list', true)).toBe(list);
  });
});
