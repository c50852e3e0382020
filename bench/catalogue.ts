// bench/catalogue: the storefront's catalogue reads under load. autocannon, 100 connections,
// GET /products and GET /categories against the app (12 categories, 60 products), in the same
// run as three references answering the same bytes: a minimal Express 5 route sending a
// pre-serialised buffer, an Express 5 route running the equivalent SELECT per request, and a
// bare node:http server (for scale). Each server runs in its own process; they are measured one
// at a time, in rounds, and each figure is the median of its rounds, so that a machine whose load
// drifts during the run does not favour whichever server came first. autocannon runs in a process of
// its own too (bench/autocannon-process.ts).
// Twice: as autocannon asks by default (no Accept-Encoding: the JSON as is), and as browsers ask
// (Accept-Encoding: gzip, deflate, br). Browser-style, the buffer references send the app's own
// pre-compressed bytes, and the SELECT route gzips each answer, as Express's compression would.
// Run: npm run bench:catalogue  (BENCH_SECONDS per measurement, default 5; BENCH_ROUNDS, default 3)
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DURATIONS, QUALITIES, defaultPrice } from '../src/shared/catalogue';
import { autocannonProcess, benchDatabase, fmt } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 100;
const PATHS = ['/products', '/categories'] as const;
const ENCODINGS = { identity: {}, browser: { 'accept-encoding': 'gzip, deflate, br' } } as const;
type Encoding = keyof typeof ENCODINGS;
const SERVER = fileURLToPath(new URL('./catalogue-server.ts', import.meta.url));
const adminPassword = randomBytes(12).toString('base64url');

interface Running {
  url: string;
  stop(): Promise<void>;
}

function startServer(mode: string, args: string[]): Promise<Running> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER, mode, ...args], {
    env: { ...process.env, BENCH_ADMIN_PASSWORD: adminPassword },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match) resolve({ url: match[1]!, stop: () => stop(child) });
    });
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code}) before listening`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function seed(url: string): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  const { token } = (await login.json()) as { token: string };
  const picture = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#1e3a8a' } })
    .png()
    .toBuffer();
  const post = async (route: string, fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'card.png');
    const res = await fetch(`${url}/api/admin/${route}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`seeding ${route}: ${res.status} ${await res.text()}`);
  };
  for (let c = 1; c <= 12; c++) {
    await post('categories', {
      name: `Bouquet ${c}`,
      description: `Les chaînes du bouquet ${c}, en direct et à la demande.`,
    });
    for (let p = 1; p <= 5; p++) {
      const monthly = 500 + 100 * ((c * 5 + p) % 30);
      await post('products', {
        name: `Pack ${c}.${p}`,
        description: `Le pack ${p} du bouquet ${c} : chaînes nationales, sport, films et séries, avec replay et guide des programmes.`,
        category_id: `bouquet-${c}`,
        channels: String(100 * c + 10 * p),
        quality: QUALITIES[(c + p) % QUALITIES.length]!,
        devices: String(1 + ((c + p) % 5)),
        popular: p === 1 ? '1' : '0',
        vod: String(p % 2),
        active: '1',
        features: JSON.stringify(['Replay 7 jours', 'Guide des programmes (EPG)', 'Anti-coupure', 'Support 24/7']),
        price_durations: JSON.stringify(
          DURATIONS.map((duration) => ({ duration, price: defaultPrice(duration, monthly), active: true })),
        ),
      });
    }
  }
}

interface Figures {
  requests: number;
  p99: number;
  errors: number;
}

/** autocannon in its own process, so that this one's heap and pipes do not slow the client down. */
async function load(url: string, route: string, encoding: Encoding, seconds: number): Promise<Figures> {
  const result = await autocannonProcess({
    url: `${url}${route}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...ENCODINGS[encoding] },
  });
  return { requests: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The bytes as sent (fetch would decompress them), with their Content-Encoding. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
    }).on('error', reject);
  });
}

/** What the browser-style request got, as JSON bytes. */
function decoded(answer: { body: Buffer; encoding: string | undefined }): Buffer {
  if (answer.encoding === 'br') return brotliDecompressSync(answer.body);
  if (answer.encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every server on one route, round after round; each server's median round. */
async function measure(
  servers: Record<string, Running>,
  route: string,
  encoding: Encoding,
): Promise<Record<string, Figures>> {
  const rounds: Record<string, Figures[]> = {};
  for (const server of Object.values(servers)) await load(server.url, route, encoding, 2); // warm-up: JIT, pools, caches
  for (let round = 0; round < ROUNDS; round++) {
    for (const [mode, server] of Object.entries(servers))
      (rounds[mode] ??= []).push(await load(server.url, route, encoding, SECONDS));
  }
  return Object.fromEntries(
    Object.entries(rounds).map(([mode, figures]) => [
      mode,
      {
        requests: median(figures.map((f) => f.requests)),
        p99: median(figures.map((f) => f.p99)),
        errors: figures.reduce((n, f) => n + f.errors, 0),
      },
    ]),
  );
}

const database = await benchDatabase('catalogue', 4);
const tmp = mkdtempSync(path.join(tmpdir(), 'bench-catalogue-'));
console.log(
  `bench/catalogue: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per server and route, each server in its own process`,
);

const app = await startServer('app', [database.url]);
await seed(app.url);
// The app's answers, as is and brotli-compressed, for the buffer references to send (see catalogue-server).
const bodies: Record<string, Buffer> = {};
for (const route of PATHS) {
  const name = route.slice(1);
  bodies[route] = (await rawGet(`${app.url}${route}`)).body;
  const compressed = await rawGet(`${app.url}${route}`, ENCODINGS.browser);
  if (compressed.encoding !== 'br') throw new Error(`the app did not compress ${route}`);
  writeFileSync(path.join(tmp, name), bodies[route]!);
  writeFileSync(path.join(tmp, `${name}.br`), compressed.body);
  console.log(`  ${route}: ${fmt(bodies[route]!.length)} bytes, ${fmt(compressed.body.length)} with brotli`);
}
const servers: Record<string, Running> = {
  app,
  'express-buffer': await startServer('express-buffer', [tmp]),
  'express-select': await startServer('express-select', [database.url]),
  'node-http': await startServer('node-http', [tmp]),
};
for (const [mode, server] of Object.entries(servers)) {
  for (const route of PATHS) {
    const plain = await rawGet(`${server.url}${route}`);
    const compressed = await rawGet(`${server.url}${route}`, ENCODINGS.browser);
    if (
      plain.encoding ||
      !plain.body.equals(bodies[route]!) ||
      !compressed.encoding ||
      !decoded(compressed).equals(bodies[route]!)
    ) {
      throw new Error(`${mode} ${route} does not answer the same JSON as the app`);
    }
  }
}
const results: Record<string, Record<string, Figures>> = {};
for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
  for (const route of PATHS) results[`${route} ${encoding}`] = await measure(servers, route, encoding);
}
for (const server of Object.values(servers)) await server.stop();

const labels: Record<string, string> = {
  app: 'app (in-memory catalogue)',
  'express-buffer': 'Express 5, pre-serialised buffer',
  'express-select': 'Express 5, SELECT per request',
  'node-http': 'bare node:http, same buffer',
};
for (const [measured, figures] of Object.entries(results)) {
  const [route, encoding] = measured.split(' ') as [string, Encoding];
  const asked =
    encoding === 'identity' ? 'no Accept-Encoding' : `Accept-Encoding: ${ENCODINGS.browser['accept-encoding']}`;
  console.log(`\n  GET ${route}, ${asked} (same JSON from every server; medians)`);
  for (const [mode, f] of Object.entries(figures)) {
    console.log(
      `    ${labels[mode]!.padEnd(34)} ${fmt(Math.round(f.requests)).padStart(8)} req/s   p99 ${String(f.p99).padStart(4)} ms${f.errors ? `   ${f.errors} errors` : ''}`,
    );
  }
  const [ours, minimal, select] = [figures.app!, figures['express-buffer']!, figures['express-select']!];
  const share = (ours.requests / minimal.requests) * 100;
  const times = ours.requests / select.requests;
  console.log(`    app vs minimal Express: ${share.toFixed(1)}% (target >= 80%) ${share >= 80 ? 'ok' : 'MISSED'}`);
  console.log(`    app vs SELECT per request: ${times.toFixed(2)}x (target >= 3x) ${times >= 3 ? 'ok' : 'MISSED'}`);
  console.log(`    app p99: ${ours.p99} ms (target <= 40 ms) ${ours.p99 <= 40 ? 'ok' : 'MISSED'}`);
}
await database.drop();
