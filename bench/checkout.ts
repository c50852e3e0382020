// bench/checkout: 50 concurrent shoppers creating checkouts against the running app (requests/s,
// p99), then every pending checkout reconciled by a restarted app (time to all terminal), and a
// count of orders against answered checkouts: nothing lost, nothing twice.
// Run: npm run bench:checkout  (BENCH_CHECKOUTS to change the count, default 10,000)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchDatabase, fmt, rate, startStoreProcess } from './support';

const CHECKOUTS = Number(process.env.BENCH_CHECKOUTS ?? 10_000);
const CONNECTIONS = 50;

const database = await benchDatabase('checkout', 10);
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-checkout-'));
const start = (seed: boolean) =>
  startStoreProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: 'bench-password', SEED_DEMO: String(seed) });

let app = await start(true);
const products = (await (await fetch(`${app.url}/products`)).json()) as { id: string; priceDurations: { duration: string; price: number }[] }[];
const product = products.find((p) => p.priceDurations.some((d) => d.duration === '1 month' && d.price > 0))!;
const price = product.priceDurations.find((d) => d.duration === '1 month')!.price;
const body = JSON.stringify({
  amount: price,
  email: 'customer@iptv-store.dz',
  fullName: 'Client',
  phone: '0550123456',
  description: 'bench',
  items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
});

const TARGET_RATE = 500;
const shoppers = (options: { amount: number; overallRate?: number }) =>
  autocannon({ url: `${app.url}/api/payment/create-checkout`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: CONNECTIONS, ...options });

console.log(`bench/checkout: ${fmt(CHECKOUTS)} checkouts by ${CONNECTIONS} concurrent shoppers as fast as they are answered, then ${fmt(CHECKOUTS / 2)} at ${TARGET_RATE}/s…`);
const result = await shoppers({ amount: CHECKOUTS });
// Latency at the target rate, not at saturation, where every request also queues behind the others.
const paced = await shoppers({ amount: CHECKOUTS / 2, overallRate: TARGET_RATE });
const answered = result['2xx'] + paced['2xx'];

// Restart without the jobs (an in-process queue dies with its process, as a flushed Redis would):
// the pending checkouts are paid at the provider meanwhile, and the new process must settle them.
await app.stop();
await database.pool.query(`UPDATE sandbox_checkouts SET status = 'paid', payment_method = 'baridi_mob', completed_at = now()`);
const restarted = Date.now();
app = await start(false);
const pendingCount = async () => Number((await database.pool.query(`SELECT count(*) AS n FROM orders WHERE status = 'pending'`)).rows[0].n);
while ((await pendingCount()) > 0 && Date.now() - restarted < 600_000) await new Promise((resolve) => setTimeout(resolve, 100));
const settledMs = Date.now() - restarted;

const counts = (await database.pool.query(`
  SELECT (SELECT count(*) FROM events WHERE type = 'OrderPlaced')::int AS placed,
         (SELECT count(*) FROM events WHERE type = 'OrderPaid')::int AS paid,
         (SELECT count(DISTINCT stream_id) FROM events WHERE type = 'OrderPaid')::int AS paid_orders,
         (SELECT count(*) FROM orders WHERE status = 'completed')::int AS completed,
         (SELECT count(*) FROM sandbox_checkouts)::int AS checkouts`)).rows[0];

console.log(`  create-checkout, flat out: ${fmt(Math.round(result.requests.average))} requests/s (target >= ${TARGET_RATE}), p99 ${result.latency.p99} ms`);
console.log(`  create-checkout at ${TARGET_RATE}/s: ${fmt(Math.round(paced.requests.average))} requests/s, p99 ${paced.latency.p99} ms (target <= 100 ms)`);
console.log(`  answered                : ${fmt(answered)} 2xx, ${fmt(result.non2xx + paced.non2xx)} other`);
console.log(`  reconciliation          : ${fmt(counts.completed)} checkouts settled in ${(settledMs / 1000).toFixed(1)} s after restart (${fmt(rate(counts.completed, settledMs))}/s)`);
console.log(`  orders placed / answered: ${fmt(counts.placed)} / ${fmt(answered)}; provider checkouts ${fmt(counts.checkouts)}`);
console.log(`  payments recorded       : ${fmt(counts.paid)} events for ${fmt(counts.paid_orders)} orders`);
const ok = counts.placed === answered && counts.paid === counts.paid_orders && counts.completed === counts.placed;
console.log(`  lost or duplicated      : ${ok ? 'none' : 'MISMATCH'}`);
await app.stop();
await database.drop();
process.exit(ok ? 0 : 1);
