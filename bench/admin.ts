// bench/admin: the back office on a real shop's data. 100,000 orders over two years from 20,000
// customers (bench/admin-shop.ts) are appended through the event store, as the ordering module's
// events, and folded by the real projections; then the store runs in a process of its own and 20
// admins at once (autocannon in a process of its own, bearer token) ask for each call below. Beside
// each, the very SQL the API runs for it, captured from the read model's query functions through
// Kysely's log, is sent through a bare pg pool of the store's size at the same concurrency
// (bench/sql-load-process.ts), and, as the HTTP floor, answered as JSON by a bare node:http server
// with such a pool (bench/sql-http-server.ts). Rounds alternate them; figures are medians. The
// API / SQL ratio counts against the API all it does besides that SQL (HTTP, Express, the token
// and its admin looked up, JSON or CSV written); the floor shows how much of that is HTTP alone.
// Also printed: the query plans of the searches and filters (no sequential scan over orders), and
// the store's memory while it streams the CSV of every order.
// Run: npm run bench:admin  (BENCH_ORDERS, default 100000; BENCH_CUSTOMERS, 20000; BENCH_SECONDS per
// measurement, 5; BENCH_ROUNDS, 3)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import { pino } from 'pino';
import { dashboardStats } from '../src/modules/ordering/dashboard';
import { SYSTEM } from '../src/platform/eventstore/port';
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import { ProjectionRunner } from '../src/platform/projections/runner';
import { allProjections } from '../src/projections';
import { createLiveCatalogue } from '../src/projections/catalogue';
import type { Database } from '../src/projections/database';
import { allOrders, findOrder, listCustomers, listOrders } from '../src/projections/orders';
import { customer, shopOrders } from './admin-shop';
import { benchDatabase, fmt, rate, startStoreProcess } from './support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADMINS = 20;
const WRITERS = 20;

const database = await benchDatabase('admin', ADMINS);
const store = new PostgresEventStore(database.pool, database.url);
console.log(`bench/admin: ${fmt(ORDERS)} orders over two years from ${fmt(CUSTOMERS)} customers, ${ADMINS} admins`);

// The shop, through the event store: each order's events in one append to its own stream.
const orders = shopOrders(ORDERS, CUSTOMERS, Date.now());
let started = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: WRITERS }, async () => {
    for (let order = orders[next++]; order; order = orders[next++]) {
      const metadata = { actor: SYSTEM, correlationId: randomUUID(), causationId: randomUUID() };
      await store.append(order.stream, order.events, { expectedRevision: 'no_stream', metadata });
    }
  }),
);
const events = orders.reduce((n, order) => n + order.events.length, 0);
console.log(
  `  appended ${fmt(events)} events in ${fmt(orders.length)} streams: ${fmt(rate(events, Date.now() - started))}/s`,
);

// The real projections catch up, as a store's runner would (all of them, so the store starts at the head).
started = Date.now();
const runner = new ProjectionRunner({
  db: database.db,
  store,
  databaseUrl: database.url,
  projections: allProjections({ db: database.db, catalogue: createLiveCatalogue(database.db) }),
  logger: pino({ level: 'warn' }),
});
await runner.start();
if (!(await runner.waitFor(await store.headPosition(), { timeoutMs: 30 * 60_000 })))
  throw new Error('the projections did not catch up in 30 minutes');
await runner.stop();
const { rows: projected } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM orders');
if (Number(projected[0]!.n) !== ORDERS) throw new Error(`${projected[0]!.n} orders projected, not ${ORDERS}`);
console.log(`  projections caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// As autovacuum would have by now: statistics, and the visibility map that lets counts read indexes only.
await database.pool.query('VACUUM ANALYZE orders, customers');
// As a store that has taken these orders: its order numbers go on from there.
await database.pool.query("SELECT setval('order_numbers', $1)", [ORDERS]);

const adminPassword = randomBytes(12).toString('base64url');
// The store's JavaScript heap as each garbage collection leaves it, from --trace-gc on its stdout
// ("… Scavenge 40.8 (45.3) -> 40.2 (46.3) MB, …"): with its resident memory, what the CSV costs.
let heapAfterGc = 0;
let gcOutput = '';
const app = await startStoreProcess(
  { DATABASE_URL: database.url, ADMIN_PASSWORD: adminPassword, RUN_WORKERS: 'false', LOG_LEVEL: 'warn' },
  {
    nodeArgs: ['--trace-gc'],
    stdout: (chunk) => {
      const lines = (gcOutput + chunk).split('\n');
      gcOutput = lines.pop()!;
      for (const line of lines) {
        const heap = / -> ([\d.]+) \([\d.]+\) MB/.exec(line);
        if (heap) heapAfterGc = Number(heap[1]) * 1024 * 1024;
      }
    },
  },
);
const login = await fetch(`${app.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: adminPassword }),
});
const { token } = (await login.json()) as { token: string };
const authorization = `Bearer ${token}`;

interface Statement {
  sql: string;
  parameters: unknown[];
}

/** The statements a query function runs, as Kysely sends them. */
async function captured(run: (db: Kysely<Database>) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  await run(db);
  return statements;
}

const someone = customer(1);
const someOrder = orders[Math.floor(ORDERS / 3)]!.events[0]!.data.orderId;
const spacedPhone = someone.phone.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4');

interface Call {
  name: string;
  path: string;
  /** What the route runs for it (src/modules/ordering/routes.ts), with the same arguments. */
  run: (db: Kysely<Database>) => Promise<unknown>;
  /** Whether the route runs its statements at once (Promise.all) or one after the other. */
  parallel: boolean;
  /** A search or a filter: its plans may not scan orders sequentially. */
  filtered?: boolean;
  /** Requests per measurement instead of a duration (the CSV: one download per admin). */
  amount?: number;
}

const page = { page: 1, limit: 10 };
const calls: Call[] = [
  {
    name: 'orders, page 1',
    path: '/api/admin/orders',
    parallel: true,
    run: (db) => listOrders(db, { status: 'all' }, page),
  },
  {
    name: 'orders, status completed',
    path: '/api/admin/orders?status=completed',
    parallel: true,
    filtered: true,
    run: (db) => listOrders(db, { status: 'completed' }, page),
  },
  {
    name: `orders, search "${someone.name}"`,
    path: `/api/admin/orders?search=${encodeURIComponent(someone.name)}`,
    parallel: true,
    filtered: true,
    run: (db) => listOrders(db, { status: 'all', search: someone.name }, page),
  },
  {
    name: `orders, search "${spacedPhone}"`,
    path: `/api/admin/orders?search=${encodeURIComponent(spacedPhone)}`,
    parallel: true,
    filtered: true,
    run: (db) => listOrders(db, { status: 'all', search: spacedPhone }, page),
  },
  { name: 'one order', path: `/api/admin/orders/${someOrder}`, parallel: false, run: (db) => findOrder(db, someOrder) },
  {
    name: 'customers, page 1',
    path: '/api/admin/customers',
    parallel: true,
    run: (db) => listCustomers(db, undefined, page),
  },
  {
    name: `customers, search "${someone.name}"`,
    path: `/api/admin/customers?search=${encodeURIComponent(someone.name)}`,
    parallel: true,
    filtered: true,
    run: (db) => listCustomers(db, someone.name, page),
  },
  {
    name: 'dashboard, 90 days',
    path: '/api/admin/dashboard/stats?range=90',
    parallel: true,
    run: (db) => dashboardStats(db, 90),
  },
  {
    name: `orders CSV (${fmt(ORDERS)} rows)`,
    path: '/api/admin/orders/export.csv',
    parallel: false,
    amount: ADMINS,
    run: async (db) => {
      for await (const _ of allOrders(db, { status: 'all' }));
    },
  },
];

// Plans: every statement of every call, and the other filters and searches an admin may type.
const SEQ_SCAN_ON_ORDERS = /Seq Scan on orders\b/;
const offenders: string[] = [];
async function plan(statement: Statement): Promise<string[]> {
  const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${statement.sql}`,
    statement.parameters,
  );
  return rows.map((row) => row['QUERY PLAN']);
}
console.log('\n  Query plans (EXPLAIN ANALYZE; searches and filters may not scan orders sequentially)');
const statementsOf = new Map<Call, Statement[]>();
for (const call of calls) {
  const statements = await captured(call.run);
  statementsOf.set(call, statements);
  console.log(`\n  ${call.name}: ${statements.length} statement${statements.length > 1 ? 's' : ''}`);
  // The CSV's pages differ only by where they start: the first and a later one say it all.
  for (const statement of call.amount ? [statements[0]!, statements[50] ?? statements[1]!] : statements) {
    const lines = await plan(statement);
    console.log(`    ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
    for (const line of lines) console.log(`      ${line}`);
    if (call.filtered && lines.some((line) => SEQ_SCAN_ON_ORDERS.test(line))) offenders.push(call.name);
  }
}
const otherFilters = [
  ...(['pending', 'completed', 'failed', 'dispatched'] as const).map((status) => ({ status })),
  { status: 'all' as const, search: someOrder.slice(0, 8) },
  { status: 'all' as const, search: someone.email.split('@')[0]! },
  { status: 'all' as const, search: someone.phone.slice(3, 9) },
  { status: 'all' as const, search: someone.name.split(' ').at(-1)! },
  { status: 'all' as const, search: '#1042' },
  { status: 'failed' as const, search: someone.name.split(' ')[0]! },
];
console.log('\n  Other filters and searches (scans of orders in their plans)');
for (const filter of otherFilters) {
  const scans = new Set<string>();
  for (const statement of await captured((db) => listOrders(db, filter, page))) {
    const lines = await plan(statement);
    for (const line of lines) {
      const scan =
        /((?:Parallel )?(?:Seq|Index Only|Index|Bitmap Index|Bitmap Heap) Scan)(?: Backward)?(?: using (\S+))? on (orders)\b/.exec(
          line,
        );
      if (scan) scans.add(`${scan[1]}${scan[2] ? ` ${scan[2]}` : ''}`);
      else if (/Bitmap Index Scan on (\S+)/.test(line)) scans.add(line.trim().replace(/^->\s*/, ''));
    }
    if (lines.some((line) => SEQ_SCAN_ON_ORDERS.test(line))) offenders.push(JSON.stringify(filter));
  }
  console.log(`    ${JSON.stringify(filter).padEnd(58)} ${[...scans].join(', ')}`);
}

// The HTTP floor: the same statements answered by a bare node:http server (bench/sql-http-server.ts).
const callsFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-admin-')), 'calls.json');
writeFileSync(
  callsFile,
  JSON.stringify(calls.map((call) => ({ statements: statementsOf.get(call), parallel: call.parallel }))),
);
const floorServer = await new Promise<{ url: string; process: ChildProcess }>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./sql-http-server.ts', import.meta.url)),
      database.url,
      String(ADMINS),
      callsFile,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const listening = /LISTENING (\S+)/.exec(output);
    if (listening) resolve({ url: listening[1]!, process: child });
  });
  child.once('exit', (code) => reject(new Error(`sql-http-server exited (${code}) before listening`)));
});

interface Figures {
  requests: number;
  p99: number;
  errors: number;
}

const AUTOCANNON = fileURLToPath(new URL('./autocannon-process.ts', import.meta.url));
const SQL_LOAD = fileURLToPath(new URL('./sql-load-process.ts', import.meta.url));

async function inProcess(script: string, options: object): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return output;
}

/** autocannon, `ADMINS` connections, in a process of its own. */
async function http(url: string, call: Call, seconds: number, headers: Record<string, string> = {}): Promise<Figures> {
  const result = JSON.parse(
    await inProcess(AUTOCANNON, {
      url,
      connections: ADMINS,
      ...(call.amount ? { amount: call.amount, timeout: 300 } : { duration: seconds }),
      headers,
    }),
  ) as { '2xx': number; duration: number; latency: { p99: number }; errors: number; non2xx: number };
  return { requests: result['2xx'] / result.duration, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const api = (call: Call, seconds: number) => http(`${app.url}${call.path}`, call, seconds, { authorization });
const floor = (call: Call, seconds: number) => http(`${floorServer.url}/${calls.indexOf(call)}`, call, seconds);

async function bareSql(call: Call, seconds: number): Promise<Figures> {
  return JSON.parse(
    await inProcess(SQL_LOAD, {
      url: database.url,
      connections: ADMINS,
      ...(call.amount ? { amount: call.amount } : { duration: seconds }),
      statements: statementsOf.get(call),
      parallel: call.parallel,
    }),
  ) as Figures;
}

/** `during`, with the store's resident memory read every 20 ms: where it was before, its peak. */
async function withMemory<T>(during: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${app.pid}/status`, 'utf8'))![1]) * 1024;
  const before = { rss: rss(), heap: heapAfterGc };
  const peak = { ...before };
  const sample = () => {
    peak.rss = Math.max(peak.rss, rss());
    peak.heap = Math.max(peak.heap, heapAfterGc);
  };
  const sampler = setInterval(sample, 20);
  try {
    const result = await during();
    sample();
    return { result, rss: peak.rss - before.rss, heap: peak.heap - before.heap };
  } finally {
    clearInterval(sampler);
  }
}

/** One CSV download; the client reads nothing for `stallMs` after the headers (a slow admin). */
function download(path: string, stallMs = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${app.url}${path}`, { headers: { authorization } }, (res) => {
      let bytes = 0;
      if (stallMs) {
        res.pause();
        setTimeout(() => res.resume(), stallMs);
      }
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`CSV: ${res.statusCode}`))));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

console.log(
  `\n  Load: ${ADMINS} at once; ${ROUNDS} alternating rounds of ${SECONDS} s (the CSV: ${ADMINS} downloads a round)`,
);
type Side = 'api' | 'sql' | 'floor';
type Measure = (call: Call, seconds: number) => Promise<Figures>;
const results = new Map<Call, Partial<Record<Side, Figures>>>();
const csvGrowth: { rss: number; heap: number }[] = [];
for (const call of calls) {
  // The floor sends all its rows as one JSON answer: no match for the streamed CSV, so left out there.
  const others: [Side, Measure][] = call.amount
    ? [['sql', bareSql]]
    : [
        ['sql', bareSql],
        ['floor', floor],
      ];
  // Warm-up (JIT, pools, caches): 2 s each, or one download and two reads of every row.
  if (call.amount) await download(call.path);
  else await api(call, 2);
  for (const [, measure] of others) await measure({ ...call, amount: call.amount && 2 }, 2);
  const rounds: Partial<Record<Side, Figures>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const measured = await withMemory(() => api(call, SECONDS));
    if (call.amount) csvGrowth.push(measured);
    const figures: Partial<Record<Side, Figures>> = { api: measured.result };
    for (const [side, measure] of others) figures[side] = await measure(call, SECONDS);
    rounds.push(figures);
  }
  const summary = (side: Side): Figures => ({
    requests: median(rounds.map((r) => r[side]!.requests)),
    p99: median(rounds.map((r) => r[side]!.p99)),
    errors: rounds.reduce((n, r) => n + r[side]!.errors, 0),
  });
  const sides: Side[] = ['api', ...others.map(([side]) => side)];
  results.set(call, Object.fromEntries(sides.map((side) => [side, summary(side)])));
  console.log(`    ${call.name}: ${sides.map((side) => `${side} ${summary(side).requests.toFixed(1)}/s`).join(', ')}`);
}
floorServer.process.kill('SIGTERM');

const csvPath = calls.at(-1)!.path;
const alone = await withMemory(() => download(csvPath));
const slow = await withMemory(() => download(csvPath, 5000));
await app.stop();

const width = Math.max(...calls.map((call) => call.name.length));
const cell = (f: Figures | undefined) =>
  f ? `${f.requests.toFixed(1).padStart(8)} ${String(f.p99).padStart(7)}` : `${'-'.padStart(8)} ${'-'.padStart(7)}`;
console.log(
  `\n  ${''.padEnd(width)}      API, ${ADMINS} admins   bare SQL, pool ${ADMINS}     HTTP floor   API / SQL (target >= 0.5)  API / floor`,
);
console.log(`  ${'call'.padEnd(width)}    req/s  p99 ms    req/s  p99 ms    req/s  p99 ms`);
let missed = 0;
for (const [call, { api: a, sql: s, floor: f }] of results) {
  const ratio = a!.requests / s!.requests;
  const errors = a!.errors + s!.errors + (f?.errors ?? 0);
  if (ratio < 0.5 || errors) missed++;
  console.log(
    `  ${call.name.padEnd(width)} ${cell(a)}  ${cell(s)}  ${cell(f)}   ${ratio.toFixed(2).padStart(6)} ${(ratio >= 0.5 ? 'ok' : 'MISSED').padEnd(17)} ${f ? (a!.requests / f.requests).toFixed(2).padStart(6) : ''}${errors ? `   ${errors} errors` : ''}`,
  );
}
console.log(
  `\n  plans: ${offenders.length ? `sequential scan over orders in ${[...new Set(offenders)].join('; ')} MISSED` : 'no sequential scan over orders in any search or filter: ok'}`,
);
const growth = (m: { rss: number; heap: number }) => `RSS +${mb(m.rss)}, heap after GC +${mb(m.heap)}`;
const worst = Math.max(alone.rss, alone.heap, slow.rss, slow.heap);
console.log(
  `  store memory while it streams the ${fmt(ORDERS)}-row CSV (${mb(alone.result)}), peak over where it was:`,
);
console.log(`    one download: ${growth(alone)}; one whose client reads nothing for 5 s: ${growth(slow)}`);
console.log(
  `    ${ADMINS} at once: RSS +${mb(median(csvGrowth.map((m) => m.rss)))}, heap after GC +${mb(median(csvGrowth.map((m) => m.heap)))} (medians of the rounds)`,
);
console.log(`    target: under 50 MB for a download ${worst < 50 * 1024 * 1024 ? 'ok' : 'MISSED'}`);
if (missed) console.log(`  ${missed} call(s) under 0.5x their SQL or with errors: MISSED`);
await store.close();
await database.drop();
