import { readFileSync } from 'node:fs';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { plainGet, type PlainAnswer } from '../../../test/support/plain-http';
import { waitUntil } from '../../../test/support/wait';

// Answers in the encoding the client takes (docs/architecture.md#compression): brotli first, then
// gzip, else as they are, with Vary: Accept-Encoding. The web app's files come precompressed from
// the build; its page and the API's JSON are compressed as they are sent.

let app: RunningApp;
let token: string;
/** The app's main script, as the page names it. */
let script: string;

const BOTH = { 'Accept-Encoding': 'br, gzip' };
const get = (path: string, headers: Record<string, string> = {}) => plainGet(`${app.url}${path}`, headers);
const varies = (res: PlainAnswer) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/);

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app.url);
  for (let i = 0; i < 6; i++)
    await createProduct(app.url, token, `Pack ${i}`, [
      ['1 month', 1500 + i],
      ['3 months', 4000 + i],
      ['12 months', 15_000 + i],
    ]);
  const page = await get('/');
  script = /<script type="module" crossorigin src="([^"]+)"/.exec(page.text)![1]!;
});

describe('the web app’s files', () => {
  it('sends the build’s brotli copy to a client taking br and gzip, the gzip one to gzip only, the file to none', async () => {
    const identity = readFileSync(new URL(`../../../web/dist${script}`, import.meta.url));
    const br = await get(script, BOTH);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(varies(br)).toContain('accept-encoding');
    expect(br.body.equals(identity)).toBe(true);
    expect(Number(br.headers['content-length'])).toBe(br.raw.length);
    expect(br.raw.length).toBeLessThan(identity.length / 3);
    // The build's own copy, not one made per request.
    expect(br.raw.equals(readFileSync(new URL(`../../../web/dist${script}.br`, import.meta.url)))).toBe(true);

    const gzip = await get(script, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(identity)).toBe(true);
    expect(varies(gzip)).toContain('accept-encoding');

    const without: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'identity' },
      { 'Accept-Encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of without) {
      const plain = await get(script, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.raw.equals(identity)).toBe(true);
      expect(varies(plain)).toContain('accept-encoding');
    }
    expect((await get(script, { 'Accept-Encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(script, { 'Accept-Encoding': 'gzip;q=1, br;q=0.5' })).headers['content-encoding']).toBe('gzip');
    expect((await get(script, { 'Accept-Encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  it('answers 304 to a copy it already sent, whatever its encoding', async () => {
    const first = await get(script, BOTH);
    const again = await get(script, { ...BOTH, 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
  });
});

describe('the page and the API', () => {
  it('compresses the page (index.html), which is never kept stale', async () => {
    for (const path of ['/', '/store', '/no-such-page']) {
      const br = await get(path, { ...BOTH, Accept: 'text/html' });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['cache-control'], path).toBe('no-cache');
      expect(varies(br), path).toContain('accept-encoding');
      expect(br.text, path).toContain('<div id="root"></div>');
      const gzip = await get(path, { 'Accept-Encoding': 'gzip', Accept: 'text/html' });
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gzip.text).toBe(br.text);
      const plain = await get(path, { Accept: 'text/html' });
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.text).toBe(br.text);
    }
  });

  it('compresses JSON answers: Express’s, the fast reads’, the catalogue’s', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    // Express's res.json (the admin's products) and a fast read (the dashboard's figures).
    for (const path of ['/api/admin/products', '/api/admin/dashboard/stats?range=90']) {
      const br = await get(path, { ...BOTH, ...auth });
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['content-type'], path).toBe('application/json; charset=utf-8');
      expect(Number(br.headers['content-length']), path).toBe(br.raw.length);
      expect(varies(br), path).toContain('accept-encoding');
      const plain = await get(path, auth);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(br.text)).toEqual(JSON.parse(plain.text));
      expect((await get(path, { 'Accept-Encoding': 'gzip', ...auth })).headers['content-encoding'], path).toBe('gzip');
    }
    // The catalogue's kept answer is compressed in the background once asked for again.
    await waitUntil(async () => (await get('/products', BOTH)).headers['content-encoding'] === 'br');
    expect(JSON.parse((await get('/products', BOTH)).text)).toHaveLength(6);
  });

  it('leaves small answers, a HEAD and Socket.IO’s traffic as they are', async () => {
    const health = await get('/healthz', BOTH);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.text)).toEqual({ status: 'ok' });
    const head = await request(app.url).head('/').set(BOTH).set('Accept', 'text/html');
    expect(head.status).toBe(200);
    const polling = await get('/socket.io/?EIO=4&transport=polling', BOTH);
    expect(polling.status).toBe(200);
    expect(polling.headers['content-encoding']).not.toBe('br');
    expect(polling.text).toMatch(/^0\{"sid":/);
  });
});
