// bench/admin: the back office on a real shop's data. 100,000 orders over two years from 20,000
// customers (bench/admin-shop.ts) are appended through the event store, as the ordering module's
// events, and folded by the real projections; then the store runs in a process of its own and 20
// admins at once (autocannon in a process of its own, bearer token) ask for each call below. Beside
// each, the very SQL the API runs for it, captured from the read model's query functions through
// Kysely's log, is sent through a bare pg pool of the store's size at the same concurrency, and,
// as the HTTP floor, answered as JSON by a bare node:http server with such a pool (the shop, the
// capture and the measurement: bench/reads.ts). Rounds alternate them; figures are medians. The
// API / SQL ratio counts against the API all it does besides that SQL (HTTP, Express, the token
// and its admin looked up, JSON or CSV written); the floor shows how much of that is HTTP alone.
// Also printed: the query plans of the searches and filters (no sequential scan over orders), and
// the memory of a fresh store while it streams the CSV of every order (one download, one whose
// client reads nothing for 5 s, 20 at once), each in a store process of its own.
// It ends with one summary: each call's figures and whether it met its target, the plans' verdict
// and the CSV's memory. A missed target is printed as MISSED and the exit code stays 0; it is 1
// only when something failed (a request answered with an error, or the bench itself broke).
// Run: npm run bench:admin  (BENCH_ORDERS, default 100000; BENCH_CUSTOMERS, 20000; BENCH_SECONDS per
// measurement, 5; BENCH_ROUNDS, 3; BENCH_CALLS, a regular expression picking the calls measured
// under load, all by default)
import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { dashboardStats } from '../src/modules/ordering/dashboard';
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import type { Database } from '../src/projections/database';
import { allOrders, findOrderDetail, listCustomers, listOrders } from '../src/projections/orders';
import { customer, shopOrders } from './admin-shop';
import {
  appendStreams,
  atOnce,
  captured,
  failOnErrors,
  foldShop,
  load,
  machine,
  measureCalls,
  oneByOne,
  plan,
  printPlan,
  printPlansVerdict,
  printSummary,
  ratioVerdict,
  yes,
  type ReadCall,
  type Statement,
  readBenchSettings,
} from './reads';
import { adminToken, benchDatabase, killedOnExit, fmt, startStoreProcess } from './support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const { SECONDS, ROUNDS, ONLY, TARGET_RATIO } = readBenchSettings();
const ADMINS = 20;
const TARGET_CSV_GROWTH = 50 * 1024 * 1024;

// Processes this bench started: none is left serving, however it ends.
const children = killedOnExit();

const database = await benchDatabase('admin', ADMINS);
const store = new PostgresEventStore(database.pool, database.url);
console.log(`bench/admin: ${fmt(ORDERS)} orders over two years from ${fmt(CUSTOMERS)} customers, ${ADMINS} admins`);
console.log(`  machine: ${machine()}`);

// The shop, through the event store: each order's events in one append to its own stream.
const orders = shopOrders(ORDERS, CUSTOMERS, Date.now());
await appendStreams(store, orders, 'orders');
await foldShop(database, store, ORDERS, ['orders', 'customers']);

const adminPassword = randomBytes(12).toString('base64url');

interface RunningStore {
  url: string;
  pid: number;
  authorization: string;
  /** The JavaScript heap as the last garbage collection left it (with --trace-gc), in bytes. */
  heapAfterGc(): number;
  /** Full (mark-compact) collections so far (with --trace-gc). */
  majorGcs(): number;
  stop(): Promise<void>;
}

/** The store in a process of its own, signed in as the admin. */
async function startStore(traceGc = false): Promise<RunningStore> {
  // With --trace-gc, each collection prints "… Scavenge 40.8 (45.3) -> 40.2 (46.3) MB, …".
  let heap = 0;
  let majors = 0;
  let partial = '';
  const running = await startStoreProcess(
    { DATABASE_URL: database.url, ADMIN_PASSWORD: adminPassword, RUN_WORKERS: 'false', LOG_LEVEL: 'warn' },
    traceGc
      ? {
          nodeArgs: ['--trace-gc'],
          stdout: (chunk) => {
            const lines = (partial + chunk).split('\n');
            partial = lines.pop()!;
            for (const line of lines) {
              const after = / -> ([\d.]+) \([\d.]+\) MB/.exec(line);
              if (after) heap = Number(after[1]) * 1024 * 1024;
              if (/Mark-Compact/.test(line)) majors++;
            }
          },
        }
      : {},
  );
  children.add(running.pid);
  const token = await adminToken(running.url, adminPassword);
  return {
    url: running.url,
    pid: running.pid,
    authorization: `Bearer ${token}`,
    heapAfterGc: () => heap,
    majorGcs: () => majors,
    stop: async () => {
      await running.stop();
      children.delete(running.pid);
    },
  };
}

const app = await startStore();

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
  {
    name: 'one order',
    path: `/api/admin/orders/${someOrder}`,
    parallel: false,
    run: (db) => findOrderDetail(db, someOrder),
  },
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
console.log('\n  Query plans (EXPLAIN ANALYZE; searches and filters may not scan orders sequentially)');
const statementsOf = new Map<Call, Statement[]>();
for (const call of calls) {
  const statements = await captured(database.pool, call.run);
  statementsOf.set(call, statements);
  console.log(`\n  ${call.name}: ${statements.length} statement${statements.length > 1 ? 's' : ''}`);
  // The CSV's pages differ only by where they start: the first and a later one say it all.
  for (const statement of call.amount ? [statements[0]!, statements[50] ?? statements[1]!] : statements) {
    const lines = await printPlan(database.pool, statement);
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
  for (const statement of await captured(database.pool, (db) => listOrders(db, filter, page))) {
    const lines = await plan(database.pool, statement);
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

/** One CSV download; the client reads nothing for `stallMs` after the headers (a slow admin). */
function download(from: RunningStore, path: string, stallMs = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    get(`${from.url}${path}`, { headers: { authorization: from.authorization } }, (res) => {
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

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Under load: each call as one request, its SQL as the route runs it; the CSV warms up with one download.
const readCalls = new Map<Call, ReadCall>(
  calls.map((call) => {
    const statements = statementsOf.get(call)!;
    return [
      call,
      {
        name: call.name,
        requests: [{ path: call.path }],
        sql: [call.parallel ? atOnce(statements) : oneByOne(statements)],
        ...(call.amount && {
          amount: call.amount,
          floorless: true,
          warmUp: () => download(app, call.path).then(() => undefined),
        }),
      },
    ];
  }),
);
const measured = calls.filter((call) => !ONLY || ONLY.test(call.name)).map((call) => readCalls.get(call)!);
console.log(
  `\n  Load: ${ADMINS} at once; ${ROUNDS} alternating rounds of ${SECONDS} s (the CSV: ${ADMINS} downloads a round)`,
);
const results = await measureCalls(measured, {
  databaseUrl: database.url,
  api: { url: app.url, headers: { authorization: app.authorization } },
  connections: ADMINS,
  seconds: SECONDS,
  rounds: ROUNDS,
  children,
});
await app.stop();

// The CSV's memory, each case in a fresh store (a process's resident memory rarely shrinks, so one
// that streamed before would hide what the next download costs). After a warm-up (short CSVs and
// lists: the code compiled, the pool connected) and once its RSS has settled, the peak of the
// store's RSS while it streams, read every 20 ms, over where it was; and the same of its heap as
// garbage collections leave it. Each case runs MEMORY_RUNS times; the median is the figure.
const CSV_PATH = calls.at(-1)!.path;
const MEMORY_RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
interface Growth {
  bytes: number;
  seconds: number;
  rss: number;
  heap: number;
  majorGcs: number;
}
async function csvMemory(downloads: number, stallMs = 0): Promise<Growth> {
  const fresh = await startStore(true);
  try {
    for (let i = 0; i < 3; i++) await download(fresh, `${CSV_PATH}?status=pending`);
    for (let i = 0; i < 20; i++)
      await fetch(`${fresh.url}/api/admin/orders`, { headers: { authorization: fresh.authorization } }).then((r) =>
        r.text(),
      );
    const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${fresh.pid}/status`, 'utf8'))![1]) * 1024;
    // Settled: under 1 MB of change over half a second (or 10 s gone by).
    for (let waited = 0, last = rss(); waited < 10_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = rss();
      if (Math.abs(now - last) < 1024 * 1024) break;
      last = now;
    }
    const before = { rss: rss(), heap: fresh.heapAfterGc(), majorGcs: fresh.majorGcs() };
    const peak = { ...before };
    const sample = () => {
      peak.rss = Math.max(peak.rss, rss());
      peak.heap = Math.max(peak.heap, fresh.heapAfterGc());
    };
    const sampler = setInterval(sample, 20);
    const started = performance.now();
    try {
      const sizes = await Promise.all(Array.from({ length: downloads }, () => download(fresh, CSV_PATH, stallMs)));
      sample();
      return {
        bytes: sizes.reduce((a, b) => a + b, 0),
        seconds: (performance.now() - started) / 1000,
        rss: peak.rss - before.rss,
        heap: peak.heap - before.heap,
        majorGcs: fresh.majorGcs() - before.majorGcs,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await fresh.stop();
  }
}
/** The case MEMORY_RUNS times: all runs, and the one of median RSS growth. */
async function memoryCase(downloads: number, stallMs = 0): Promise<{ runs: Growth[]; median: Growth }> {
  const runs: Growth[] = [];
  for (let run = 0; run < MEMORY_RUNS; run++) runs.push(await csvMemory(downloads, stallMs));
  return { runs, median: [...runs].sort((a, b) => a.rss - b.rss)[Math.floor(runs.length / 2)]! };
}
const memory = results.has(readCalls.get(calls.at(-1)!)!) || !ONLY;
if (memory) console.log(`\n  CSV memory: ${MEMORY_RUNS} fresh stores for each case (load average ${load()})`);
const alone = memory ? await memoryCase(1) : undefined;
const slow = memory ? await memoryCase(1, 5000) : undefined;
const crowd = memory ? await memoryCase(ADMINS) : undefined;

// The summary.
const { missed: missedCalls, errors } = printSummary(results, {
  clients: `${ADMINS} admins`,
  rounds: ROUNDS,
  seconds: SECONDS,
  target: TARGET_RATIO,
});
const plansMet = printPlansVerdict(offenders, 'orders', ' in any search or filter');
if (alone && slow && crowd) {
  console.log(
    `\n  CSV of all ${fmt(ORDERS)} orders (${mb(alone.median.bytes)}), a fresh store each time: the peak of its RSS over where it was`,
  );
  console.log(
    `  (median of ${MEMORY_RUNS}, then each run), the same of its heap after GC, full GCs meanwhile, time to stream`,
  );
  console.log(
    `  ${''.padEnd(34)}  ${'RSS'.padStart(9)}  ${'runs'.padEnd(22)}  heap after GC  full GCs  seconds  < 50 MB`,
  );
  const row = (label: string, { runs, median: m }: { runs: Growth[]; median: Growth }, verdict: string) =>
    console.log(
      `  ${label.padEnd(34)}  ${`+${mb(m.rss)}`.padStart(9)}  ${runs
        .map((g) => (g.rss / 1024 / 1024).toFixed(1))
        .join(', ')
        .padEnd(
          22,
        )}  ${`+${mb(m.heap)}`.padStart(13)}  ${String(m.majorGcs).padStart(8)}  ${m.seconds.toFixed(1).padStart(7)}  ${verdict}`,
    );
  row('one download', alone, yes(alone.median.rss < TARGET_CSV_GROWTH));
  row('one whose client reads nothing 5 s', slow, yes(slow.median.rss < TARGET_CSV_GROWTH));
  row(`${ADMINS} downloads at once`, crowd, `(${mb(crowd.median.rss / ADMINS)} a download; not a target)`);
}
const csvMet = !alone || !slow || (alone.median.rss < TARGET_CSV_GROWTH && slow.median.rss < TARGET_CSV_GROWTH);
console.log('\n  Targets:');
console.log(`    ${ratioVerdict(missedCalls, results.size, TARGET_RATIO)}`);
console.log(`    no sequential scan over orders for a search or filter: ${yes(plansMet)}`);
console.log(`    the CSV streams with the store growing by < 50 MB: ${alone ? yes(csvMet) : 'not measured'}`);
await store.close();
await database.drop();
failOnErrors(errors);
