// bench/checkout: 50 concurrent shoppers creating checkouts against the running app (requests/s,
// p99), then every pending checkout reconciled by a restarted app (time to all terminal), and a
// count of orders against answered checkouts: nothing lost, nothing twice.
// Twice: flat out (autocannon: throughput), then paced at 500/s, each shopper one checkout every
// 100 ms, staggered (latency). autocannon cannot pace: its rate limit lets every connection fire
// its whole second's quota at once, which measures bursts, not a steady 500/s. Paced latency runs
// from when a request was due, so a stall delays, and counts against, every request behind it.
// Beside them, the floor of the same run: a bare node:http server with a pg pool (bench/sql-http-server.ts)
// doing only the writes a checkout cannot do without (an order number and one order-sized event),
// at the same 50 connections: what recording a checkout over HTTP costs on this machine at the least.
// Run: npm run bench:checkout  (BENCH_CHECKOUTS to change the count, default 10,000)
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  benchDatabase,
  fmt,
  killedOnExit,
  monthlyCheckout,
  rate,
  startListeningScript,
  startStoreProcess,
} from './support';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 10_000);
const CONNECTIONS = 50;
const POOL_SIZE = 10;
const children = killedOnExit();

const database = await benchDatabase('checkout', POOL_SIZE);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-checkout-'));
const start = (seed: boolean) =>
  startStoreProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_PASSWORD: 'bench-password',
    SEED_DEMO: String(seed),
    // The throttles count every checkout (per phone, per address) but never refuse one here.
    CHECKOUTS_PER_MINUTE: '1000000000',
    CHECKOUTS_PER_PHONE_PER_10_MINUTES: '1000000000',
    REJECTED_CHECKOUTS_PER_MINUTE: '1000000000',
  });

let app = await start(true);
const products = (await (await fetch(`${app.url}/products`)).json()) as {
  id: string;
  priceDurations: { duration: string; price: number }[];
}[];
const product = products.find((p) => p.priceDurations.some((d) => d.duration === '1 month' && d.price > 0))!;
// 50 shoppers behind one address, each with a phone of their own.
const bodies = Array.from({ length: CONNECTIONS }, (_, shopper) =>
  monthlyCheckout(product).replace('0550123456', `0550${String(shopper).padStart(6, '0')}`),
);

const TARGET_RATE = 500;

/** One checkout over the shopper's own keep-alive connection: its status. */
function checkout(agent: Agent, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${app.url}/api/payment/create-checkout`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** CONNECTIONS shoppers, each with one checkout due every CONNECTIONS / rate seconds, staggered. */
async function pacedShoppers(
  total: number,
  perSecond: number,
): Promise<{ ok: number; other: number; rate: number; p99: number }> {
  const interval = (CONNECTIONS * 1000) / perSecond;
  const latencies: number[] = [];
  let other = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, shopper) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      for (let n = 0; n < total / CONNECTIONS; n++) {
        const due = started + (shopper / CONNECTIONS + n) * interval;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if ((await checkout(agent, bodies[shopper]!)) !== 200) other++;
        latencies.push(performance.now() - due);
      }
      agent.destroy();
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length - other,
    other,
    rate: rate(latencies.length, elapsed),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)]!),
  };
}

/** Waits until the orders read model shows every order placed and no autovacuum runs here. */
async function settle(): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    const { rows } = await database.pool.query<{ behind: number; vacuuming: number }>(`
      SELECT (SELECT count(*) FROM events WHERE type = 'OrderPlaced') - (SELECT count(*) FROM orders) AS behind,
             (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'autovacuum:%') AS vacuuming`);
    if (Number(rows[0]!.behind) === 0 && Number(rows[0]!.vacuuming) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

console.log(
  `bench/checkout: ${fmt(CHECKOUTS)} checkouts by ${CONNECTIONS} concurrent shoppers as fast as they are answered, then ${fmt(CHECKOUTS / 2)} paced at ${TARGET_RATE}/s…`,
);
let sent = 0;
const result = await autocannon({
  url: `${app.url}/api/payment/create-checkout`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  requests: [{ setupRequest: (req: object) => ({ ...req, body: bodies[sent++ % CONNECTIONS] }) }],
  connections: CONNECTIONS,
  amount: CHECKOUTS,
});
// The paced run measures a steady 500/s, not the tail of the burst: first the read models and
// PostgreSQL's autovacuum finish what the burst left them.
await settle();
const paced = await pacedShoppers(CHECKOUTS / 2, TARGET_RATE);
const answered = result['2xx'] + paced.ok;

// Restart without the jobs (an in-process queue dies with its process, as a flushed Redis would):
// the pending checkouts are paid at the provider meanwhile, and the new process must settle them.
await app.stop();
await database.pool.query(
  `UPDATE sandbox_checkouts SET status = 'paid', payment_method = 'baridi_mob', completed_at = now()`,
);
const restarted = Date.now();
app = await start(false);
const pendingCount = async () =>
  Number((await database.pool.query(`SELECT count(*) AS n FROM orders WHERE status = 'pending'`)).rows[0].n);
while ((await pendingCount()) > 0 && Date.now() - restarted < 600_000)
  await new Promise((resolve) => setTimeout(resolve, 100));
const settledMs = Date.now() - restarted;

const counts = (
  await database.pool.query(`
  SELECT (SELECT count(*) FROM events WHERE type = 'OrderPlaced')::int AS placed,
         (SELECT count(*) FROM events WHERE type = 'OrderPaid')::int AS paid,
         (SELECT count(DISTINCT stream_id) FROM events WHERE type = 'OrderPaid')::int AS paid_orders,
         (SELECT count(*) FROM orders WHERE status = 'completed')::int AS completed,
         (SELECT count(*) FROM sandbox_checkouts)::int AS checkouts`)
).rows[0];

/** The floor: a checkout's two unavoidable writes behind a bare HTTP server, flat out at the same connections. */
async function floorRun(): Promise<autocannon.Result> {
  const callsFile = path.join(dataDir, 'floor-calls.json');
  const orderSized = JSON.stringify({
    lines: [JSON.parse(bodies[0]!)],
    total: 2000,
    phone: '0550000000',
    at: new Date(),
  });
  const append = `INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
    VALUES ('floor-' || gen_random_uuid(), 0, gen_random_uuid(), 'FloorCheckout', $1::jsonb, '{"actor":"system"}')`;
  const statements = [
    { sql: `SELECT nextval('order_numbers')`, parameters: [] },
    { sql: append, parameters: [orderSized] },
  ];
  writeFileSync(callsFile, JSON.stringify([{ statements, parallel: false }]));
  const server = await startListeningScript(
    fileURLToPath(new URL('./sql-http-server.ts', import.meta.url)),
    // The store's own pool size (openDatabase's default).
    [database.url, '20', callsFile],
    children,
  );
  try {
    return await autocannon({ url: `${server.url}/0`, method: 'POST', connections: CONNECTIONS, amount: CHECKOUTS });
  } finally {
    process.kill(server.pid, 'SIGTERM');
    children.delete(server.pid);
  }
}
const floor = await floorRun();

console.log(
  `  create-checkout, flat out: ${fmt(Math.round(result.requests.average))} requests/s (target >= ${TARGET_RATE}), p99 ${result.latency.p99} ms`,
);
console.log(
  `  floor, flat out          : ${fmt(Math.round(floor.requests.average))} requests/s, p99 ${floor.latency.p99} ms (bare HTTP + an order number + one event, same connections)`,
);
console.log(
  `  create-checkout paced at ${TARGET_RATE}/s: ${fmt(paced.rate)} requests/s, p99 ${paced.p99} ms from when each was due (target <= 100 ms)`,
);
console.log(`  answered                : ${fmt(answered)} 2xx, ${fmt(result.non2xx + paced.other)} other`);
console.log(
  `  reconciliation          : ${fmt(counts.completed)} checkouts settled in ${(settledMs / 1000).toFixed(1)} s after restart (${fmt(rate(counts.completed, settledMs))}/s)`,
);
console.log(
  `  orders placed / answered: ${fmt(counts.placed)} / ${fmt(answered)}; provider checkouts ${fmt(counts.checkouts)}`,
);
console.log(`  payments recorded       : ${fmt(counts.paid)} events for ${fmt(counts.paid_orders)} orders`);
const ok = counts.placed === answered && counts.paid === counts.paid_orders && counts.completed === counts.placed;
console.log(`  lost or duplicated      : ${ok ? 'none' : 'MISMATCH'}`);
await app.stop();
await database.drop();
process.exit(ok ? 0 : 1);
