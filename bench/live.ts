// bench/live: how fast a catalogue change reaches the back offices of a scaled-out store (issue 17).
// Two store instances (src/main.ts, each in a process of its own) on one PostgreSQL and one Redis,
// a catalogue of 60 products (the demo's, and copies of them made through the admin API), 50 admin
// sockets spread over both instances (socket.io-client, default transports as a browser connects:
// polling, then the upgrade to WebSocket) and one shopper socket on A. Sequential price changes
// (PUT /api/admin/products/:id) go through instance B; for each, the time from sending the request
// until all 50 admin sockets hold its `product:updated`, and the same for `productsUpdate`. A write
// whose `product:updated` has not reached every socket within 2 s is a miss.
// The floor, in the same run: a bare Socket.IO server in a process of its own (bench/live-floor.ts)
// with 50 clients in this process, asked over HTTP to broadcast the very payload of a store's
// `product:updated` (its version made unique each time); same timing. Rounds alternate store and floor,
// so both see the machine as it is at the time; the figures pool every round's samples.
// Bytes: each socket's engine.io packets as received (on `socket.io.engine`'s 'packet' event), each
// counted as the packet WebSocket carries, type character and Socket.IO packet in UTF-8 (the
// frame's 2-4 header bytes aside; the server does not compress), per event name, summed over the
// store's rounds and divided by writes and sockets: admins' and the shopper's bytes per write.
// It ends with one summary; a missed target is printed as MISSED and the exit code stays 0; it is 1
// only when the bench itself broke (a write answered with an error, a socket that could not connect).
// Run: npm run bench:live  (BENCH_WRITES, default 200 for the store and as many for the floor;
// BENCH_ROUNDS, 4; REDIS_URL, redis://127.0.0.1:6379)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import type { ProductView } from '../src/shared/catalogue';
import { freePort } from '../test/support/services';
import { adminToken, benchDatabase, fmt, killedOnExit, startListeningScript, startStoreProcess } from './support';

const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ADMINS = 50;
const PRODUCTS = 60;
const WARM_UP_WRITES = 10;
const MISS_AFTER_MS = 2000;
const TARGET_MARGIN_MS = 30;
const TARGET_BYTES = 2048;

// Processes this bench started: none is left serving, however it ends.
const children = killedOnExit();

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(
  `bench/live: ${fmt(WRITES)} price changes through instance B of two, ${ADMINS} admin sockets over both, ${PRODUCTS} products`,
);
console.log(`  machine: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; load average ${load()}`);

// ---- The store: two instances on one database and one Redis, under a queue prefix of this run's own.

// A Redis of this run's own unless REDIS_URL names one: the Socket.IO adapter's channels are not
// under QUEUE_PREFIX, so on a shared Redis every other store's live events reach these sockets too.
const redis = process.env.REDIS_URL ? { url: process.env.REDIS_URL, stop: () => {} } : await privateRedis();
const REDIS_URL = redis.url;
const database = await benchDatabase('live', 2);
const prefix = `bench-live-${randomBytes(4).toString('hex')}`;
const adminPassword = randomBytes(12).toString('base64url');
async function startInstance(name: string) {
  const running = await startStoreProcess({
    DATABASE_URL: database.url,
    REDIS_URL,
    QUEUE_PREFIX: prefix,
    RUN_WORKERS: 'false',
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: adminPassword,
    // The instances share the secret they generate through the database.
    JWT_SECRET: '',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `bench-live-${name}-`)),
    SHUTDOWN_DELAY: '0s',
    LOG_LEVEL: 'warn',
  });
  children.add(running.pid);
  return running;
}
// A first, alone: it seeds the demo catalogue before it listens.
const a = await startInstance('a');
const b = await startInstance('b');

const token = await adminToken(a.url, adminPassword);

async function api<T>(base: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}
const allProducts = async () => (await api<{ products: ProductView[] }>(b.url, 'GET', '/api/admin/products')).products;

// The catalogue grows to 60 with copies of the demo's products, as an admin would add them.
const demo = await allProducts();
for (let n = demo.length; n < PRODUCTS; n++) {
  const model = demo[n % demo.length]!;
  await api(a.url, 'POST', '/api/admin/products', {
    name: `${model.name} ${Math.floor(n / demo.length) + 1}`,
    description: model.description,
    category_id: model.category_id,
    channels: model.channels,
    quality: model.quality,
    devices: model.devices,
    popular: model.popular,
    vod: model.vod,
    features: model.features,
    price_durations: model.priceDurations,
  });
}
const products = (await allProducts()).filter((product) => product.active);
if (products.length < PRODUCTS) throw new Error(`${products.length} active products, not ${PRODUCTS}`);

// ---- Sockets and what they receive.

type Packet = { type: string; data?: unknown };
interface Listener {
  socket: Socket;
  /** Bytes received per event name (engine.io packets that are not messages under their type). */
  bytes: Map<string, number>;
  counting: boolean;
}

/** A socket as a browser opens one (default transports), counting what it receives. */
function listener(url: string, auth?: { token: string }): Listener {
  const socket = connect(url, { forceNew: true, reconnection: false, ...(auth ? { auth } : {}) });
  const entry: Listener = { socket, bytes: new Map(), counting: false };
  socket.io.on('open', () =>
    socket.io.engine.on('packet', (packet: Packet) => {
      if (!entry.counting) return;
      const name = packet.type === 'message' ? eventName(String(packet.data)) : `(engine.io ${packet.type})`;
      const size = 1 + (typeof packet.data === 'string' ? Buffer.byteLength(packet.data) : 0);
      entry.bytes.set(name, (entry.bytes.get(name) ?? 0) + size);
    }),
  );
  return entry;
}

/** The event a Socket.IO packet carries (`2["name",…]`, with a namespace or ack id perhaps). */
function eventName(packet: string): string {
  return /^2(?:\/[^,]*,)?\d*\["((?:[^"\\]|\\.)*)"/.exec(packet)?.[1] ?? `(socket.io packet ${packet[0]})`;
}

async function connected(listeners: Listener[]): Promise<void> {
  await Promise.all(
    listeners.map(
      ({ socket }) =>
        new Promise<void>((resolve, reject) => {
          if (socket.connected) return resolve();
          socket.once('connect', () => resolve());
          socket.once('connect_error', (error) => reject(new Error(`a socket could not connect: ${error.message}`)));
        }),
    ),
  );
  // As a browser that stayed a moment: every one upgraded to WebSocket (or given up trying).
  for (let waited = 0; waited < 5000; waited += 100) {
    if (listeners.every(({ socket }) => socket.io.engine.transport.name === 'websocket')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const transports = (listeners: Listener[]) => {
  const counts = new Map<string, number>();
  for (const { socket } of listeners) {
    const name = socket.io.engine.transport.name;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, n]) => `${n} ${name}`).join(', ');
};

const admins = Array.from({ length: ADMINS }, (_, i) => listener(i % 2 ? b.url : a.url, { token }));
const shopper = listener(a.url);
await connected([...admins, shopper]);

const floorServer = await startListeningScript(
  fileURLToPath(new URL('./live-floor.ts', import.meta.url)),
  [],
  children,
);
const floorClients = Array.from({ length: ADMINS }, () => listener(floorServer.url));
await connected(floorClients);
console.log(
  `  store: A ${a.url}, B ${b.url}; admin sockets ${transports(admins)}, shopper ${transports([shopper])}; floor clients ${transports(floorClients)}`,
);

// ---- One write, timed until every socket holds what it sends.

interface Sample {
  /** Until every admin socket held the write's product:updated, ms; undefined: a miss. */
  item?: number;
  /** Until every admin socket held a productsUpdate with it, ms; undefined: not within the time. */
  list?: number;
  /** The HTTP answer, ms. */
  answer: number;
  /** Sockets that did not get the write's product:updated in time. */
  missing: number;
}

type Match = (payload: any) => boolean;

/** Resolves with the time since `started` when every socket has had `event` matching, undefined after MISS_AFTER_MS. */
function arrivals(
  sockets: Socket[],
  event: string,
  matches: Match,
  started: number,
): { done: Promise<number | undefined>; missing: () => number } {
  let waiting = sockets.length;
  const handlers = new Map<Socket, (payload: unknown) => void>();
  const done = new Promise<number | undefined>((resolve) => {
    const timer = setTimeout(() => finish(undefined), MISS_AFTER_MS);
    const finish = (at: number | undefined) => {
      clearTimeout(timer);
      for (const [socket, handler] of handlers) socket.off(event, handler);
      resolve(at);
    };
    for (const socket of sockets) {
      const handler = (payload: unknown) => {
        if (!matches(payload)) return;
        socket.off(event, handler);
        handlers.delete(socket);
        if (--waiting === 0) finish(performance.now() - started);
      };
      handlers.set(socket, handler);
      socket.on(event, handler);
    }
  });
  return { done, missing: () => waiting };
}

/** The product's rows with the first duration's price set to `price`: what a write sends. */
const priced = (product: ProductView, price: number) =>
  product.priceDurations.map((row, i) => ({
    duration: row.duration,
    price: i ? row.price : price,
    active: row.active,
  }));
/**
 * Whether a product as an event carries it (the whole view or only its id, name and version) is
 * the write's: matched by id and version, which each write raises by one.
 */
const holds = (product: { id?: string; version?: number } | undefined, id: string, version: number) =>
  product?.id === id && (product.version ?? -1) >= version;
const versions = new Map(products.map((product) => [product.id, product.version]));

let writes = 0;
/** One price change through B; the time until the admin sockets (and the shopper) have it. */
async function storeWrite(): Promise<Sample> {
  const product = products[writes % products.length]!;
  // A price no earlier write of this run has given it.
  const price = product.priceDurations[0]!.price + 1 + writes++;
  const version = versions.get(product.id)! + 1;
  const sockets = admins.map((admin) => admin.socket);
  const started = performance.now();
  const item = arrivals(sockets, 'product:updated', (p) => holds(p?.product, product.id, version), started);
  // Whole lists ({ products }) or what changed ({ changed, removed }): either must carry it.
  const inList: Match = (p) =>
    ((p?.changed ?? p?.products) as ProductView[] | undefined)?.some((x) => holds(x, product.id, version)) ?? false;
  const list = arrivals(sockets, 'productsUpdate', inList, started);
  const shop = arrivals([shopper.socket], 'productsUpdate', inList, started);
  const answered = await api<{ product: ProductView }>(b.url, 'PUT', `/api/admin/products/${product.id}`, {
    price_durations: priced(product, price),
  });
  const answer = performance.now() - started;
  versions.set(product.id, answered.product.version);
  const [itemAt, listAt] = await Promise.all([item.done, list.done, shop.done]);
  return { item: itemAt, list: listAt, answer, missing: item.missing() };
}

let payload: { product: { id: string; version: number } } | undefined;
let floorWrites = 0;
/** One broadcast of the store's last product:updated payload (its version made unique), asked of the floor server. */
async function floorWrite(): Promise<Sample> {
  const version = 1_000_000 + floorWrites++;
  const body = { ...payload!, product: { ...payload!.product, version } };
  const started = performance.now();
  const sockets = floorClients.map((client) => client.socket);
  const item = arrivals(sockets, 'product:updated', (p) => holds(p?.product, body.product.id, version), started);
  const res = await fetch(`${floorServer.url}/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`the floor server answered ${res.status}`);
  const answer = performance.now() - started;
  const at = await item.done;
  return { item: at, answer, missing: item.missing() };
}

// Warm-up: both paths run a few times (JIT, connections, the projection's first push of whole lists).
admins[0]!.socket.once('product:updated', (p: typeof payload) => (payload = p));
for (let i = 0; i < WARM_UP_WRITES; i++) await storeWrite();
if (!payload) throw new Error('no product:updated reached the first admin socket during the warm-up');
for (let i = 0; i < WARM_UP_WRITES; i++) await floorWrite();

// ---- The measured rounds: store, floor, store, floor…

const storeSamples: Sample[] = [];
const floorSamples: Sample[] = [];
const roundP99s = { store: [] as number[], floor: [] as number[] };
for (const entry of [...admins, shopper]) entry.counting = true;
const storeCounted = { writes: 0 };
for (let round = 0; round < ROUNDS; round++) {
  const size = Math.floor(WRITES / ROUNDS) + (round < WRITES % ROUNDS ? 1 : 0);
  const store: Sample[] = [];
  for (let i = 0; i < size; i++) store.push(await storeWrite());
  storeCounted.writes += size;
  const floor: Sample[] = [];
  for (let i = 0; i < size; i++) floor.push(await floorWrite());
  storeSamples.push(...store);
  floorSamples.push(...floor);
  const s = summary(store);
  const f = summary(floor);
  roundP99s.store.push(s.p99 ?? Infinity);
  roundP99s.floor.push(f.p99 ?? Infinity);
  console.log(
    `  round ${round + 1}: store p50 ${ms(s.p50)} p99 ${ms(s.p99)} max ${ms(s.max)}, ${s.misses} misses; floor p50 ${ms(f.p50)} p99 ${ms(f.p99)} max ${ms(f.max)}, ${f.misses} misses; load ${load()}`,
  );
}
// The last shopper list may still be on its way; byte counts stop once it had time to land.
await new Promise((resolve) => setTimeout(resolve, 200));
for (const entry of [...admins, shopper]) entry.counting = false;

// ---- Figures.

function percentile(sorted: number[], p: number): number | undefined {
  if (!sorted.length) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(samples: Sample[], pick: (s: Sample) => number | undefined = (s) => s.item) {
  const times = samples
    .map(pick)
    .filter((t): t is number => t !== undefined)
    .sort((x, y) => x - y);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.at(-1),
    misses: samples.length - times.length,
  };
}
function ms(n: number | undefined): string {
  return n === undefined ? '-' : n.toFixed(1);
}
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

const store = summary(storeSamples);
const storeList = summary(storeSamples, (s) => s.list);
const storeAnswer = summary(storeSamples, (s) => s.answer);
const floor = summary(floorSamples);
const floorAnswer = summary(floorSamples, (s) => s.answer);
const socketsMissed = storeSamples.reduce((n, s) => n + s.missing, 0);

console.log(
  `\n  Summary: ${fmt(storeSamples.length)} writes each, ${ROUNDS} alternating rounds pooled; ms from sending the request until all ${ADMINS} sockets held the event; ${cpus().length} cores; load average now ${load()}`,
);
console.log(`  ${''.padEnd(46)}  ${'p50'.padStart(7)}  ${'p99'.padStart(7)}  ${'max'.padStart(7)}  misses`);
const row = (label: string, s: ReturnType<typeof summary>, misses = String(s.misses)) =>
  console.log(
    `  ${label.padEnd(46)}  ${ms(s.p50).padStart(7)}  ${ms(s.p99).padStart(7)}  ${ms(s.max).padStart(7)}  ${misses}`,
  );
row('store: product:updated on all 50 admin sockets', store, `${store.misses} (${socketsMissed} socket receipts)`);
row('store: productsUpdate on all 50 admin sockets', storeList);
row('store: the PUT answered (through B)', storeAnswer, '');
row('floor: bare Socket.IO broadcast to 50 clients', floor);
row('floor: its HTTP request answered', floorAnswer, '');
const slowest = storeSamples
  .map((sample, index) => ({ ...sample, index }))
  .sort((x, y) => (y.item ?? Infinity) - (x.item ?? Infinity))
  .slice(0, 5);
console.log(
  `  store's slowest writes (measured write number: until all held it / PUT answered, ms): ${slowest.map((s) => `#${s.index + 1}: ${ms(s.item)} / ${ms(s.answer)}`).join(', ')}`,
);
console.log(`  median of the rounds' p99: store ${ms(median(roundP99s.store))}, floor ${ms(median(roundP99s.floor))}`);

// Bytes per write per socket, by event, over the store's measured writes.
const byEvent = (listeners: Listener[]) => {
  const totals = new Map<string, number>();
  for (const { bytes } of listeners)
    for (const [name, n] of bytes)
      totals.set(name, (totals.get(name) ?? 0) + n / listeners.length / storeCounted.writes);
  return totals;
};
const adminBytes = byEvent(admins);
const shopperBytes = byEvent([shopper]);
const names = [...new Set([...adminBytes.keys(), ...shopperBytes.keys()])].sort();
const total = (bytes: Map<string, number>) => [...bytes.values()].reduce((x, y) => x + y, 0);
const bytes = (n: number | undefined) => (n === undefined ? '-' : fmt(Math.round(n)));
console.log(
  `\n  Bytes per write per socket (engine.io packets received, UTF-8, WebSocket frame headers aside), mean over ${fmt(storeCounted.writes)} writes`,
);
console.log(`  ${'event'.padEnd(24)}  ${'admin'.padStart(7)}  ${'shopper'.padStart(7)}`);
for (const name of names)
  console.log(
    `  ${name.padEnd(24)}  ${bytes(adminBytes.get(name)).padStart(7)}  ${bytes(shopperBytes.get(name)).padStart(7)}`,
  );
console.log(
  `  ${'total'.padEnd(24)}  ${bytes(total(adminBytes)).padStart(7)}  ${bytes(total(shopperBytes)).padStart(7)}`,
);

const yes = (met: boolean) => (met ? 'met' : 'MISSED');
const latencyMet =
  store.misses === 0 && store.p99 !== undefined && floor.p99 !== undefined && store.p99 <= floor.p99 + TARGET_MARGIN_MS;
console.log('\n  Targets:');
console.log(
  `    p99 ≤ floor p99 + ${TARGET_MARGIN_MS} ms and no miss: ${yes(latencyMet)} (${ms(store.p99)} ms vs ${ms(floor.p99)} + ${TARGET_MARGIN_MS} ms; ${store.misses} misses)`,
);
console.log(
  `    ≤ 2 KB per write per socket: admin ${yes(total(adminBytes) <= TARGET_BYTES)} (${bytes(total(adminBytes))} B), shopper ${yes(total(shopperBytes) <= TARGET_BYTES)} (${bytes(total(shopperBytes))} B)`,
);

for (const entry of [...admins, shopper, ...floorClients]) entry.socket.disconnect();
await Promise.all([a.stop(), b.stop()]);
children.delete(a.pid);
children.delete(b.pid);
process.kill(floorServer.pid, 'SIGINT');
children.delete(floorServer.pid);
await database.drop();
await deleteKeys(REDIS_URL, prefix);
redis.stop();

/** A redis-server of this run's own on a free port, without persistence; ended with the bench. */
async function privateRedis(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(new Error(`could not start redis-server (or set REDIS_URL): ${error.message}`)),
    );
  });
  children.add(child.pid!);
  const url = `redis://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {});
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG')
        return {
          url,
          // A child that runs keeps this process alive: it is ended, not left to the exit hook.
          stop: () => {
            child.kill('SIGKILL');
            children.delete(child.pid!);
          },
        };
    } catch (error) {
      if (tries > 50) throw error;
    } finally {
      client.disconnect();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The queue's keys under this run's prefix, so Redis is left as found. */
async function deleteKeys(url: string, keyPrefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    for await (const keys of client.scanStream({ match: `${keyPrefix}:*`, count: 500 }))
      if ((keys as string[]).length) await client.del(...(keys as string[]));
  } finally {
    client.disconnect();
  }
}
