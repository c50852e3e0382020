// bench/subscriptions: the back office's subscription reads on two years of a shop
// (docs/product.md#subscriptions-screen). 100,000 subscriptions of 30,000 customers
// (bench/subscriptions-shop.ts): paid orders and free trials, failed payments, deliveries, refunds,
// renewals term after term, reminders by two administrators, appended through the event store and
// folded by the real projections; then the store runs in a process of its own and 20 admins at once
// (autocannon in a process of its own, bearer token) ask for:
// - the Expiring view, GET /api/admin/subscriptions?view=expiring, and the Expired one;
// - a phone search, GET /api/admin/subscriptions?search=<phone>, and a customer's page,
//   GET /api/admin/customers/{phone}, each cycling through the phones of 100 customers;
// - the dashboard over 30 days, with the renewal rate, GET /api/admin/dashboard/stats?range=30.
// Beside each, the very SQL the route runs, captured from the read models' query functions through
// Kysely's log, through a bare pg pool of the store's size at the same concurrency, and answered as
// JSON by a bare node:http server, the HTTP floor (bench/reads.ts), in alternating rounds; figures
// are medians. Also printed: the plans of that SQL (no sequential scan over the subscriptions
// tables). The store's clock is the system's: the shop ends now, its subscriptions ending before and after.
// A missed target is printed as MISSED and the exit code stays 0; it is 1 only when something failed
// (a request answered with an error, or the bench itself broke).
// Run: npm run bench:subscriptions  (BENCH_SUBSCRIPTIONS, default 100000; BENCH_CUSTOMERS, 30000;
// BENCH_SAMPLE, the customers whose phones are asked, 100; BENCH_SECONDS per measurement, 5;
// BENCH_ROUNDS, 3; BENCH_CALLS, a regular expression picking the calls measured under load, all by
// default)
import { randomBytes } from 'node:crypto';
import { createAdminUser } from '../src/modules/identity/commands';
import { ADMIN_ROLE, FIRST_ADMIN_STREAM, type FirstAdminClaimed } from '../src/modules/identity/events';
import { ensureFirstAdmin } from '../src/modules/identity/first-admin';
import { dashboardStats } from '../src/modules/ordering/dashboard';
import { createSealer, generateEncryptionKey } from '../src/platform/crypto/sealed';
import { commandMetadata } from '../src/platform/eventstore/metadata';
import { SYSTEM } from '../src/platform/eventstore/port';
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import { notesOf } from '../src/projections/notes';
import { customerOrders, findCustomer } from '../src/projections/orders';
import { customerSubscriptions, listSubscriptions, type SubscriptionQuery } from '../src/projections/subscriptions';
import type { SubscriptionView } from '../src/shared/subscriptions/types';
import { subscriptionShop } from './subscriptions-shop';
import {
  appendStreams,
  atOnce,
  captured,
  failOnErrors,
  foldShop,
  machine,
  measureAndConclude,
  printPlan,
  type ReadCall,
  type RequestSql,
  readBenchSettings,
} from './reads';
import { adminToken, benchDatabase, fmt, killedOnExit, startStoreProcess } from './support';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 30_000);
const { SAMPLE, SECONDS, ROUNDS, ONLY, TARGET_RATIO } = readBenchSettings();
const ADMINS = 20;
const DAY = 86_400_000;
/** The store's default EXPIRING_WITHIN (7d), which the bench's store keeps. */
const EXPIRING_WITHIN_MS = 7 * DAY;
const SUBSCRIPTION_TABLES = 'subscriptions, subscription_orders, subscription_renewals or subscription_reminders';
const SEQ_SCAN = /Seq Scan on (subscriptions|subscription_orders|subscription_renewals|subscription_reminders)\b/;
/** Any other table read whole: printed, not a target. */
const OTHER_SEQ_SCAN = /Seq Scan on (\w+)/;

// Processes this bench started: none is left serving, however it ends.
const children = killedOnExit();

const encryptionKey = generateEncryptionKey();
const database = await benchDatabase('subscriptions', ADMINS);
const store = new PostgresEventStore(database.pool, database.url);
console.log(
  `bench/subscriptions: ${fmt(SUBSCRIPTIONS)} subscriptions over two years of ${fmt(CUSTOMERS)} customers, ${ADMINS} admins`,
);
console.log(`  machine: ${machine()}`);

// Two administrators, through the identity module: the first signs the bench in, both refund and remind.
const adminPassword = randomBytes(12).toString('base64url');
await ensureFirstAdmin(store, { username: 'admin', name: 'Amina', password: adminPassword }, () => {});
const [claim] = await store.readStream<FirstAdminClaimed>(FIRST_ADMIN_STREAM);
const second = await createAdminUser(
  store,
  { username: 'karim', password: randomBytes(12).toString('base64url'), name: 'Karim', role: ADMIN_ROLE },
  commandMetadata(SYSTEM),
);

const now = Date.now();
const shop = subscriptionShop({
  subscriptions: SUBSCRIPTIONS,
  customers: CUSTOMERS,
  now,
  sealer: createSealer(encryptionKey),
  admins: [claim!.data.userId, second.userId],
});
console.log(
  `  ${fmt(shop.orders)} orders: ${fmt(shop.trials)} free trials, ${fmt(shop.failed)} failed payments, ${fmt(shop.renewals)} renewals, ${fmt(shop.refunded)} refunded; ${fmt(shop.reminders)} reminders`,
);
for (const phase of shop.phases) await appendStreams(store, phase.streams, phase.what);
await foldShop(database, store, shop.orders, [
  'orders',
  'customers',
  'subscriptions',
  'subscription_orders',
  'subscription_renewals',
  'subscription_reminders',
]);

// What the shop holds at the bench's now.
const { rows: figures } = await database.pool.query<Record<string, string>>(
  `SELECT
     (SELECT count(*) FROM subscriptions) AS subscriptions,
     (SELECT count(*) FROM subscriptions WHERE status = 'awaiting_delivery') AS awaiting,
     (SELECT count(*) FROM subscriptions WHERE status = 'cancelled') AS cancelled,
     (SELECT count(*) FROM subscriptions WHERE status = 'active' AND (ends_at IS NULL OR ends_at > $1)) AS running,
     (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at > $1 AND ends_at <= $2) AS expiring,
     (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at <= $1 AND ends_at > $3) AS expired,
     (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ends_at <= $3) AS ended_before,
     (SELECT count(*) FROM subscription_renewals) AS renewals,
     (SELECT count(*) FROM subscription_reminders) AS reminders,
     (SELECT count(*) FROM customers) AS customers`,
  [new Date(now), new Date(now + EXPIRING_WITHIN_MS), new Date(now - 30 * DAY)],
);
const held = figures[0]!;
if (Number(held.subscriptions) !== SUBSCRIPTIONS)
  throw new Error(`${held.subscriptions} subscriptions projected, not ${SUBSCRIPTIONS}`);
console.log(
  `  ${fmt(Number(held.customers))} customers; subscriptions: ${fmt(Number(held.running))} running (${fmt(Number(held.expiring))} expiring within 7 days), ${fmt(Number(held.expired))} ended in the last 30 days, ${fmt(Number(held.ended_before))} before, ${fmt(Number(held.awaiting))} awaiting delivery, ${fmt(Number(held.cancelled))} cancelled; ${fmt(Number(held.renewals))} renewals, ${fmt(Number(held.reminders))} reminders`,
);

const app = await startStoreProcess({
  DATABASE_URL: database.url,
  DATA_ENCRYPTION_KEY: encryptionKey,
  ADMIN_PASSWORD: adminPassword,
  SEED_DEMO: 'false',
  RUN_WORKERS: 'false',
  LOG_LEVEL: 'warn',
});
children.add(app.pid);
const authorization = `Bearer ${await adminToken(app.url, adminPassword)}`;

// The sample: customers spread over the two years, their phones as an admin types them, one in
// two with spaces.
const step = Math.max(1, Math.floor(shop.customers.length / SAMPLE));
const phones = shop.customers
  .filter((_, i) => i % step === 0)
  .slice(0, SAMPLE)
  .map((c) => c.phone);
const typed = (phone: string, i: number) =>
  i % 2 ? phone.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1 $2 $3 $4') : phone;

// What the routes run (src/modules/subscriptions/routes.ts, src/modules/ordering/routes.ts): the
// screen's page and count at once; the customer, then their subscriptions, orders and notes at
// once; the dashboard's figures at once. Captured at the bench's clock, as the store's is now.
const at = { now: new Date(), expiringWithinMs: EXPIRING_WITHIN_MS };
const page = { page: 1, limit: 10 };
const screen = (view: SubscriptionView, search?: string): SubscriptionQuery => ({ ...at, view, search });
const viewSql = async (view: SubscriptionView, search?: string): Promise<RequestSql> =>
  atOnce(await captured(database.pool, (db) => listSubscriptions(db, screen(view, search), page)));
const customerSql = async (phone: string): Promise<RequestSql> => [
  await captured(database.pool, (db) => findCustomer(db, phone)),
  await captured(database.pool, (db) =>
    Promise.all([
      customerSubscriptions(db, phone, at),
      customerOrders(db, phone),
      notesOf(db, 'customer', phone, async (author) => author),
    ]),
  ),
];
/** One request's SQL after the other: at once, a hundred slow ones would wait past the pool's timeout. */
async function eachInTurn<T>(items: T[], sqlOf: (item: T, i: number) => Promise<RequestSql>): Promise<RequestSql[]> {
  const requests: RequestSql[] = [];
  for (const [i, item] of items.entries()) requests.push(await sqlOf(item, i));
  return requests;
}
const calls: ReadCall[] = [
  {
    name: 'expiring view',
    requests: [{ path: '/api/admin/subscriptions?view=expiring' }],
    sql: [await viewSql('expiring')],
  },
  {
    name: 'expired view',
    requests: [{ path: '/api/admin/subscriptions?view=expired' }],
    sql: [await viewSql('expired')],
  },
  {
    name: 'phone search',
    requests: phones.map((phone, i) => ({
      path: `/api/admin/subscriptions?search=${encodeURIComponent(typed(phone, i))}`,
    })),
    sql: await eachInTurn(phones, (phone, i) => viewSql('active', typed(phone, i))),
  },
  {
    name: "a customer's page",
    requests: phones.map((phone) => ({ path: `/api/admin/customers/${phone}` })),
    sql: await eachInTurn(phones, customerSql),
  },
  {
    name: 'dashboard, 30 days',
    requests: [{ path: '/api/admin/dashboard/stats?range=30' }],
    sql: [atOnce(await captured(database.pool, (db) => dashboardStats(db, 30, at)))],
  },
];

// Every request of each call answers, and the one-request calls with something in them.
for (const call of calls)
  for (const request of call.requests) {
    const res = await fetch(`${app.url}${request.path}`, { headers: { authorization } });
    if (!res.ok) throw new Error(`${request.path}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { subscriptions?: unknown[]; stats?: { renewalRate: number | null } };
    if (call.requests.length === 1 && (body.subscriptions?.length === 0 || body.stats?.renewalRate === null))
      throw new Error(`${request.path} answered nothing to measure: ${JSON.stringify(body).slice(0, 200)}`);
  }

console.log(
  `\n  Query plans of each call's first request (EXPLAIN ANALYZE; no sequential scan over ${SUBSCRIPTION_TABLES})`,
);
const offenders: string[] = [];
const otherScans = new Set<string>();
for (const call of calls) {
  console.log(`\n  ${call.name}: ${call.sql[0]!.map((statements) => statements.length).join(' then ')} statement(s)`);
  for (const statement of call.sql[0]!.flat()) {
    const lines = await printPlan(database.pool, statement);
    if (lines.some((line) => SEQ_SCAN.test(line))) offenders.push(call.name);
    for (const line of lines) {
      const other = OTHER_SEQ_SCAN.exec(line);
      if (other && !SEQ_SCAN.test(line)) otherScans.add(`${other[1]} (${call.name})`);
    }
  }
}
// The other phones' plans: the same shapes, each checked.
for (const call of calls)
  for (const request of call.sql.slice(1))
    for (const statement of request.flat()) {
      const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN ${statement.sql}`,
        statement.parameters,
      );
      if (rows.some((row) => SEQ_SCAN.test(row['QUERY PLAN']))) offenders.push(call.name);
    }

const measured = calls.filter((call) => !ONLY || ONLY.test(call.name));
console.log(
  `\n  Load: ${ADMINS} at once, the phone calls cycling through ${phones.length} customers; ${ROUNDS} alternating rounds of ${SECONDS} s`,
);
const errors = await measureAndConclude(
  measured,
  {
    databaseUrl: database.url,
    api: { url: app.url, headers: { authorization } },
    connections: ADMINS,
    seconds: SECONDS,
    rounds: ROUNDS,
    children,
    clients: `${ADMINS} admins`,
    target: TARGET_RATIO,
    stop: async () => {
      await app.stop();
      children.delete(app.pid);
    },
  },
  {
    offenders,
    tables: SUBSCRIPTION_TABLES,
    notes: otherScans.size ? [`Other tables read whole (not a target): ${[...otherScans].join('; ')}`] : [],
  },
);
await store.close();
await database.drop();
failOnErrors(errors);
