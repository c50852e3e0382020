// bench/order-page: the shopper's way back to an order under load (docs/product.md#order-page). The
// shop of bench/admin (100,000 orders over two years, bench/admin-shop.ts), each order placed with
// its private link (the token's hash and the token sealed, as checkout mints them) and in a
// shopper's language; most are paid, and four in five dispatched ones delivered: the order records
// the delivery, the subscriptions module's stream the sealed activation details (a message to the
// shopper on one in three). All appended through the event store and folded by the real projections,
// then the store runs in a process of its own, with the same DATA_ENCRYPTION_KEY, and 20 shoppers at
// once (autocannon) open a delivered order's page, GET /api/orders/{token}, and find an order,
// POST /api/orders/lookup, each cycling through the links, phones and numbers of a sample of
// delivered orders, each from an address of its own (X-Forwarded-For from loopback, TRUST_PROXY):
// the throttles count every request, as they would shoppers', but are set never to refuse one.
// A lookup that misses is not measured: misses are throttled by design.
// Beside each, the very SQL the route runs for each of those requests, captured from the read
// models' query functions through Kysely's log, through a bare pg pool, and answered as JSON by a
// bare node:http server (bench/reads.ts), in alternating rounds; figures are medians. Also printed:
// the plans of that SQL (no sequential scan over orders or subscriptions).
// A missed target is printed as MISSED and the exit code stays 0; it is 1 only when something failed
// (a request answered with an error, a page without its details, or the bench itself broke).
// Run: npm run bench:order-page  (BENCH_ORDERS, default 100000; BENCH_CUSTOMERS, a fifth of that;
// BENCH_SAMPLE, the orders whose pages and lookups are asked, 100; BENCH_SECONDS per measurement, 5;
// BENCH_ROUNDS, 3; REDIS_URL, where the store's throttles count, else in PostgreSQL)
import { mintAccessToken, accessTokenHash } from '../src/modules/ordering/access';
import type { OrderEvent, PlacedOrder } from '../src/modules/ordering/events';
import { createSealer, generateEncryptionKey } from '../src/platform/crypto/sealed';
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import { findOrderByAccessHash, findOrderByNumber } from '../src/projections/orders';
import { orderSubscriptionRows, shopperOrderSubscriptions } from '../src/projections/subscriptions';
import type { OrderLookupView, ShopperOrderView } from '../src/shared/ordering';
import { shopOrders } from './admin-shop';
import { deliver } from './deliveries';
import {
  appendStreams,
  captured,
  failOnErrors,
  foldShop,
  machine,
  measureAndConclude,
  printPlan,
  type HttpRequest,
  type ReadCall,
  type RequestSql,
  type StreamAppend,
  readBenchSettings,
} from './reads';
import { benchDatabase, fmt, killedOnExit, startStoreProcess } from './support';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? Math.ceil(ORDERS / 5));
const { SAMPLE, SECONDS, ROUNDS, TARGET_RATIO } = readBenchSettings();
const SHOPPERS = 20;
const LANGUAGES = ['ar', 'fr', 'en'];
const SEQ_SCAN = /Seq Scan on (orders|subscriptions|subscription_orders)\b/;

// Processes this bench started: none is left serving, however it ends.
const children = killedOnExit();

const encryptionKey = generateEncryptionKey();
const sealer = createSealer(encryptionKey);
const database = await benchDatabase('order_page', SHOPPERS);
const store = new PostgresEventStore(database.pool, database.url);
console.log(
  `bench/order-page: ${fmt(ORDERS)} orders over two years from ${fmt(CUSTOMERS)} customers, ${SHOPPERS} shoppers`,
);
console.log(`  machine: ${machine()}`);
// The store takes REDIS_URL from this environment: its throttles count there, else in PostgreSQL.
console.log(
  `  throttle counters: ${process.env.REDIS_URL ? `Redis (REDIS_URL ${process.env.REDIS_URL})` : 'PostgreSQL (no REDIS_URL)'}`,
);

interface Delivered {
  token: string;
  orderId: string;
  number: number;
  phone: string;
}

// The shop: every order with its link; four in five dispatched orders delivered.
const orders = shopOrders(ORDERS, CUSTOMERS, Date.now());
const deliveries: StreamAppend[] = [];
const delivered: Delivered[] = [];
for (const order of orders) {
  const placed = order.events[0]!.data as PlacedOrder;
  const { token, access } = mintAccessToken(sealer);
  placed.access = access;
  placed.language = LANGUAGES[placed.number! % LANGUAGES.length];
  const dispatched = order.events.find(
    (e): e is Extract<OrderEvent, { type: 'OrderDispatched' }> => e.type === 'OrderDispatched',
  );
  if (!dispatched || placed.number! % 5 === 0) continue;
  deliveries.push(deliver(sealer, order.events, placed, dispatched.data.at));
  delivered.push({ token, orderId: placed.orderId, number: placed.number!, phone: placed.phone });
}
// Orders first, deliveries after: a delivery is folded onto the subscriptions its payment opened.
await appendStreams(store, orders, 'orders');
await appendStreams(store, deliveries, 'deliveries');
await foldShop(database, store, ORDERS, ['orders', 'customers', 'subscriptions', 'subscription_orders']);
const { rows: statuses } = await database.pool.query<{ status: string; n: string }>(
  'SELECT status, count(*) AS n FROM subscriptions GROUP BY status ORDER BY status',
);
console.log(
  `  ${fmt(delivered.length)} orders delivered; subscriptions: ${statuses.map((s) => `${fmt(Number(s.n))} ${s.status}`).join(', ')}`,
);

// The sample: delivered orders spread over the two years.
const step = Math.max(1, Math.floor(delivered.length / SAMPLE));
const sample = delivered.filter((_, i) => i % step === 0).slice(0, SAMPLE);
const spaced = (phone: string) => phone.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4');
/** Each shopper of the sample behind an address of their own. */
const from = (i: number) => ({ 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` });

const app = await startStoreProcess({
  DATABASE_URL: database.url,
  DATA_ENCRYPTION_KEY: encryptionKey,
  SEED_DEMO: 'false',
  RUN_WORKERS: 'false',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'loopback',
  ORDER_PAGES_PER_MINUTE: '1000000000',
  ORDER_LOOKUP_MISSES_PER_10_MINUTES: '1000000000',
});
children.add(app.pid);

/** The store's answer to `request` (the throttles count it too). */
async function answer<T>(request: HttpRequest): Promise<T> {
  const res = await fetch(`${app.url}${request.path}`, request);
  if (!res.ok) throw new Error(`${request.method ?? 'GET'} ${request.path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { order: T }).order;
}

/** Every request of the sample answers what its shopper must see: delivered, the page with every unit's details. */
async function checkAnswers(pages: HttpRequest[], lookups: HttpRequest[]): Promise<void> {
  for (const request of pages) {
    const order = await answer<ShopperOrderView>(request);
    if (order.deliveryState !== 'delivered' || order.subscriptions.some((s) => !s.activation))
      throw new Error(`the page of order #${order.orderNumber} shows no details`);
  }
  for (const request of lookups) {
    const order = await answer<OrderLookupView>(request);
    if (order.deliveryState !== 'delivered') throw new Error(`Find my order: #${order.orderNumber} is not delivered`);
  }
}

const pageRequests = sample.map((order, i) => ({ path: `/api/orders/${order.token}`, headers: from(i) }));
const lookupRequests = sample.map((order, i): HttpRequest => ({
  path: '/api/orders/lookup',
  method: 'POST',
  headers: { 'content-type': 'application/json', ...from(i) },
  body: JSON.stringify({ phone: spaced(order.phone), number: `#${order.number}` }),
}));
await checkAnswers(pageRequests, lookupRequests);

// What the routes run (src/modules/ordering/order-page.ts), each query function a step: the order,
// then what it shows of it.
const open = <T>(sealed: string) => sealer.open<T>(sealed);
const pageSql = (order: Delivered): Promise<RequestSql> =>
  Promise.all([
    captured(database.pool, (db) => findOrderByAccessHash(db, accessTokenHash(order.token))),
    captured(database.pool, (db) => shopperOrderSubscriptions(db, order.orderId, open)),
  ]);
const lookupSql = (order: Delivered): Promise<RequestSql> =>
  Promise.all([
    captured(database.pool, (db) => findOrderByNumber(db, order.number)),
    captured(database.pool, (db) => orderSubscriptionRows(db, order.orderId)),
  ]);
const calls: ReadCall[] = [
  {
    name: 'order page (delivered)',
    requests: pageRequests,
    sql: await Promise.all(sample.map(pageSql)),
  },
  {
    name: 'find my order (a hit)',
    requests: lookupRequests,
    sql: await Promise.all(sample.map(lookupSql)),
  },
];

console.log(
  `\n  Query plans of the first order of the sample (EXPLAIN ANALYZE; no sequential scan over orders or subscriptions)`,
);
const offenders: string[] = [];
for (const call of calls) {
  console.log(`\n  ${call.name}: ${call.sql[0]!.map((step) => step.length).join(' then ')} statement(s)`);
  for (const statement of call.sql[0]!.flat()) {
    const lines = await printPlan(database.pool, statement);
    if (lines.some((line) => SEQ_SCAN.test(line))) offenders.push(call.name);
  }
}

console.log(
  `\n  Load: ${SHOPPERS} at once, each cycling through ${sample.length} orders; ${ROUNDS} alternating rounds of ${SECONDS} s`,
);
const errors = await measureAndConclude(
  calls,
  {
    databaseUrl: database.url,
    api: { url: app.url },
    connections: SHOPPERS,
    seconds: SECONDS,
    rounds: ROUNDS,
    children,
    clients: `${SHOPPERS} shoppers`,
    target: TARGET_RATIO,
    stop: async () => {
      await app.stop();
      children.delete(app.pid);
    },
  },
  { offenders, tables: 'orders or subscriptions' },
);
await store.close();
await database.drop();
failOnErrors(errors);
