// bench/rebuild: rebuild every read model over 1,000,000 generated events of the real event types,
// next to a plain keyset read of the same rows in the same run: alternating rounds, medians.
// Then once more while the store, in a process of its own on that database, serves shoppers (a
// client in a process of its own, paced: product and category pages, checkouts): the keyset read
// and the rebuild under that load, and every answer the shoppers got that was not a 2xx or never came.
// Run: npm run bench:rebuild  (BENCH_EVENTS to change the count, BENCH_ROUNDS the rounds, default 5;
// BENCH_SHOPPER_RATE, the shoppers' requests per second, default 200, 0 to leave that part out;
// BENCH_PROJECTIONS, the read models rebuilt, comma-separated, all by default)
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import { rebuildProjections } from '../src/platform/projections/rebuild';
import { allProjections } from '../src/projections';
import { createLiveCatalogue } from '../src/projections/catalogue';
import type { ProductView } from '../src/shared/catalogue';
import {
  autocannonProcess,
  benchDatabase,
  fmt,
  killedOnExit,
  monthlyCheckout,
  rate,
  startStoreProcess,
} from './support';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_TRANSACTION = 100_000;
const SHOPPER_RATE = Number(process.env.BENCH_SHOPPER_RATE ?? 200);
const SHOPPER_CONNECTIONS = 8;
const ONLY_PROJECTIONS = process.env.BENCH_PROJECTIONS?.split(',');
const TARGET_RATIO = 0.4;
const TARGET_RATIO_SERVING = 0.5;

// Each generator writes `count` events of one business flow as SQL, so a million rows go in fast.
// $1 = first index, $2 = count; rows for index g are in the order the product would write them.
// `rows` lists, per index g, (kind, stream_id, stream_revision, type, data).
const eventsOf = (rows: string) => `
  INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
  SELECT e.stream_id, e.revision, gen_random_uuid(), e.type, e.data, jsonb_build_object(
           'actor', 'system', 'correlationId', gen_random_uuid(), 'causationId', gen_random_uuid(),
           'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  FROM generate_series($1::int, $1::int + $2::int - 1) AS g
  CROSS JOIN LATERAL (VALUES ${rows}) AS e(kind, stream_id, revision, type, data)
  ORDER BY g, e.kind`;

const AT = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const CATEGORY_ID = `md5('c' || g)::uuid`;
const PRODUCT_ID = `md5('p' || g)::uuid`;
const ORDER_ID = `md5('o' || g)::uuid`;
// Seven durations at the default multipliers of a monthly price that varies with g.
const PRICES = `(SELECT jsonb_agg(jsonb_build_object('duration', d.duration, 'price', round((500 + g % 40 * 100) * d.factor), 'active', true) ORDER BY d.n)
  FROM (VALUES (1, 'free trial', 0), (2, '1 month', 1), (3, '3 months', 2.7), (4, '6 months', 5), (5, '12 months', 9), (6, '15 months', 11), (7, 'life time', 20)) AS d(n, duration, factor))`;
const DETAILS = `'name', 'Pack ' || g, 'description', 'Chaînes, sport et films du pack ' || g || ', avec replay.',
  'channels', 100 + g % 5000, 'quality', (ARRAY['SD', 'HD', 'Full HD', '4K'])[g % 4 + 1], 'devices', g % 10 + 1,
  'popular', g % 7 = 0, 'vod', g % 3 = 0, 'features', jsonb_build_array('Replay 7 jours', 'Guide des programmes', 'Support 24/7')`;

const generators: { name: string; eventsPerItem: number; sql: string }[] = [
  {
    name: 'admin users (UsernameClaimed + AdminUserCreated)',
    eventsPerItem: 2,
    sql: eventsOf(`
      (1, 'admin-username-user' || g, 0, 'UsernameClaimed',
       jsonb_build_object('username', 'user' || g, 'userId', md5('u' || g)::uuid)),
      (2, 'admin-user-' || md5('u' || g)::uuid, 0, 'AdminUserCreated',
       jsonb_build_object('userId', md5('u' || g)::uuid, 'username', 'user' || g, 'name', 'User number ' || g,
         'role', 'admin', 'passwordHash', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
         'createdAt', now()))`),
  },
  {
    name: 'catalogue categories (CategorySlugClaimed + CategoryCreated + CategoryUpdated + CategoryImageChanged)',
    eventsPerItem: 4,
    sql: eventsOf(`
      (1, 'catalogue-slug-bouquet-' || g, 0, 'CategorySlugClaimed', jsonb_build_object('slug', 'bouquet-' || g, 'categoryId', ${CATEGORY_ID})),
      (2, 'catalogue-category-' || ${CATEGORY_ID}, 0, 'CategoryCreated',
       jsonb_build_object('categoryId', ${CATEGORY_ID}, 'name', 'Bouquet ' || g, 'slug', 'bouquet-' || g,
         'description', 'Les chaînes du bouquet ' || g, 'image', null, 'at', ${AT})),
      (3, 'catalogue-category-' || ${CATEGORY_ID}, 1, 'CategoryUpdated',
       jsonb_build_object('categoryId', ${CATEGORY_ID}, 'name', 'Bouquet ' || g, 'slug', 'bouquet-' || g,
         'description', 'Les chaînes du bouquet ' || g || ', en direct et à la demande', 'at', ${AT})),
      (4, 'catalogue-category-' || ${CATEGORY_ID}, 2, 'CategoryImageChanged',
       jsonb_build_object('categoryId', ${CATEGORY_ID}, 'image', jsonb_build_object('featured', '/media/' || md5('i' || g) || '-full.webp',
         'thumbnail', '/media/' || md5('i' || g) || '-card.webp'), 'at', ${AT}))`),
  },
  {
    name: 'catalogue products (ProductCreated + ProductPricesChanged + ProductDetailsUpdated + ProductDeactivated/Activated)',
    eventsPerItem: 4,
    sql: eventsOf(`
      (1, 'catalogue-product-' || ${PRODUCT_ID}, 0, 'ProductCreated',
       jsonb_build_object('productId', ${PRODUCT_ID}, ${DETAILS}, 'categoryId', md5('c' || (g % 1000 + 1))::uuid, 'active', true,
         'priceDurations', jsonb_build_array(jsonb_build_object('duration', '1 month', 'price', 1000, 'active', true)), 'image', null, 'at', ${AT})),
      (2, 'catalogue-product-' || ${PRODUCT_ID}, 1, 'ProductPricesChanged', jsonb_build_object('productId', ${PRODUCT_ID}, 'priceDurations', ${PRICES}, 'at', ${AT})),
      (3, 'catalogue-product-' || ${PRODUCT_ID}, 2, 'ProductDetailsUpdated', jsonb_build_object('productId', ${PRODUCT_ID}, ${DETAILS}, 'at', ${AT})),
      (4, 'catalogue-product-' || ${PRODUCT_ID}, 3, CASE WHEN g % 10 = 0 THEN 'ProductDeactivated' ELSE 'ProductActivated' END,
       jsonb_build_object('productId', ${PRODUCT_ID}, 'at', ${AT}))`),
  },
  {
    name: 'orders (OrderPlaced + OrderPaid/OrderPaymentFailed + OrderDispatched/OrderPhoneUpdated)',
    eventsPerItem: 3,
    sql: eventsOf(`
      (1, 'order-' || ${ORDER_ID}, 0, 'OrderPlaced',
       jsonb_build_object('orderId', ${ORDER_ID}, 'checkoutId', 'sandbox_' || md5('k' || g), 'provider', 'sandbox',
         'lines', jsonb_build_array(jsonb_build_object('productId', md5('p' || (g % 1000 + 1))::uuid, 'productName', 'Pack ' || (g % 1000 + 1),
           'duration', '3 months', 'quality', 'Full HD', 'unitPrice', 2700, 'quantity', 1 + g % 2)),
         'total', 2700 * (1 + g % 2), 'phone', '05' || lpad((g % 100000000)::text, 8, '0'), 'customerName', 'Client',
         'customerEmail', 'customer@iptv-store.dz', 'requestedMethod', 'baridi_mob', 'placedAt', ${AT})),
      (2, 'order-' || ${ORDER_ID}, 1, CASE WHEN g % 5 = 0 THEN 'OrderPaymentFailed' ELSE 'OrderPaid' END,
       CASE WHEN g % 5 = 0 THEN jsonb_build_object('orderId', ${ORDER_ID}, 'reason', 'expired', 'failedAt', ${AT})
         ELSE jsonb_build_object('orderId', ${ORDER_ID}, 'paymentMethod', 'edahabia', 'amount', 2700 * (1 + g % 2), 'paidAt', ${AT}) END),
      (3, 'order-' || ${ORDER_ID}, 2, CASE WHEN g % 5 = 0 THEN 'OrderPhoneUpdated' ELSE 'OrderDispatched' END,
       CASE WHEN g % 5 = 0 THEN jsonb_build_object('orderId', ${ORDER_ID}, 'phone', '0660000000', 'updatedAt', ${AT})
         ELSE jsonb_build_object('orderId', ${ORDER_ID}, 'dispatchedAt', ${AT}) END)`),
  },
];

const database = await benchDatabase('rebuild', 10);
const store = new PostgresEventStore(database.pool, database.url);
const projections = allProjections({ db: database.db, catalogue: createLiveCatalogue(database.db) }).filter(
  (projection) => !ONLY_PROJECTIONS || ONLY_PROJECTIONS.includes(projection.name),
);

console.log(`bench/rebuild: generating ${fmt(TOTAL)} events…`);
const perGenerator = Math.floor(TOTAL / generators.length);
for (const generator of generators) {
  const items = Math.floor(perGenerator / generator.eventsPerItem);
  const itemsPerTransaction = Math.floor(PER_TRANSACTION / generator.eventsPerItem);
  for (let first = 1; first <= items; first += itemsPerTransaction) {
    await database.pool.query(generator.sql, [first, Math.min(itemsPerTransaction, items - first + 1)]);
  }
}
await database.pool.query('VACUUM ANALYZE events');
const { rows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM events');
const count = Number(rows[0]!.n);

// The reference: a plain keyset read of every row, 1000 at a time, with its own index.
await database.pool.query('CREATE INDEX events_global_position ON events (global_position)');
async function keysetRead(): Promise<number> {
  const started = Date.now();
  let after = 0;
  let read = 0;
  for (;;) {
    const page = await database.pool.query<{ global_position: string }>({
      name: 'keyset',
      text: 'SELECT * FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 1000',
      values: [after],
    });
    if (!page.rows.length) break;
    read += page.rows.length;
    after = Number(page.rows[page.rows.length - 1]!.global_position);
  }
  return rate(read, Date.now() - started);
}

// Rated over the whole log, as a rebuild of a log this size takes this long.
async function rebuild(): Promise<{ rate: number; applied: number }> {
  const started = Date.now();
  const { events } = await rebuildProjections({ db: database.db, store, databaseUrl: database.url, projections });
  return { rate: rate(count, Date.now() - started), applied: events };
}

// Alternating rounds, medians: this machine's speed drifts by tens of percent within a minute.
const reads: number[] = [];
const rebuilds: number[] = [];
let applied = 0;
for (let round = 1; round <= ROUNDS; round++) {
  reads.push(await keysetRead());
  const result = await rebuild();
  rebuilds.push(result.rate);
  applied = result.applied;
  console.log(
    `  round ${round}: keyset read ${fmt(reads.at(-1)!)} rows/s, rebuild ${fmt(result.rate)} events/s (${((result.rate / reads.at(-1)!) * 100).toFixed(1)}%)`,
  );
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
// Each round's rebuild against the read measured just before it: the machine's drift between
// rounds cancels out of the ratio.
const ratio = median(rebuilds.map((r, i) => r / reads[i]!));

console.log(`  events in the log        : ${fmt(count)}`);
console.log(`  plain keyset read        : ${fmt(median(reads))} rows/s (median of ${ROUNDS})`);
console.log(
  `  rebuild of ${projections.map((p) => p.name).join(', ')}: ${fmt(median(rebuilds))} events/s of the log (median of ${ROUNDS}; ${fmt(applied)} events applied)`,
);
console.log(
  `  ratio                    : ${(ratio * 100).toFixed(1)}% of the keyset read (median of the rounds' ratios; target >= ${TARGET_RATIO * 100}%) ${ratio >= TARGET_RATIO ? 'ok' : 'MISSED'}`,
);

if (SHOPPER_RATE === 0) {
  await store.close();
  await database.drop();
  process.exit(0);
}

// The same, while the store serves shoppers from this database.
const children = killedOnExit();
const app = await startStoreProcess({
  DATABASE_URL: database.url,
  RUN_WORKERS: 'false',
  LOG_LEVEL: 'warn',
  CHECKOUTS_PER_MINUTE: '1000000',
});
children.add(app.pid);
const serving = await whileShopping(app.url, async () => {
  const read = await keysetRead();
  const rebuilt = await rebuild();
  return { read, rebuilt: rebuilt.rate };
});
await app.stop();
children.delete(app.pid);
const servingRatio = serving.result.rebuilt / serving.result.read;
const { shoppers } = serving;
const failed = shoppers.non2xx + shoppers.errors + shoppers.timeouts;
console.log(
  `  while serving shoppers (${fmt(SHOPPER_RATE)} requests/s: a search, product and category pages, checkouts):`,
);
console.log(`    plain keyset read      : ${fmt(serving.result.read)} rows/s`);
console.log(`    rebuild                : ${fmt(serving.result.rebuilt)} events/s of the log`);
console.log(
  `    ratio                  : ${(servingRatio * 100).toFixed(1)}% of the keyset read (target >= ${TARGET_RATIO_SERVING * 100}%) ${servingRatio >= TARGET_RATIO_SERVING ? 'ok' : 'MISSED'}`,
);
console.log(
  `    shoppers' answers      : ${fmt(shoppers.requests.total)} (${Object.entries(shoppers.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${fmt(count)}`)
    .join(', ')}), p50 ${shoppers.latency.p50} ms, p99 ${shoppers.latency.p99} ms, max ${shoppers.latency.max} ms`,
);
console.log(
  `    failed                 : ${fmt(failed)} (not 2xx ${shoppers.non2xx}, errors ${shoppers.errors}, timeouts ${shoppers.timeouts}; target 0) ${failed === 0 ? 'ok' : 'MISSED'}`,
);
await store.close();
await database.drop();

/**
 * Runs `work` while paced shoppers browse and check out through the store at `url`; the client
 * starts before it and goes on for as long again after it (the store just swapped its read models in).
 */
async function whileShopping<T>(url: string, work: () => Promise<T>) {
  const shopping = await shopperRequests(url);
  // Long enough to cover the work at the rounds' pace three times over; what it left uncovered is said.
  const expectedSeconds = count / median(reads) + count / median(rebuilds);
  const seconds = Math.ceil(expectedSeconds * 3) + 5;
  const client = autocannonProcess(
    { url, connections: SHOPPER_CONNECTIONS, overallRate: SHOPPER_RATE, duration: seconds, requests: shopping },
    children,
  );
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const result = await work();
  const covered = Date.now() - started < seconds * 1000;
  if (!covered) console.log(`    (the work outlasted the shoppers' ${seconds} s: its end was not under load)`);
  return { result, shoppers: await client };
}

/** A shopper's visit, as autocannon repeats it: a search, a product's page, its category's, a checkout of it. */
async function shopperRequests(url: string): Promise<object[]> {
  // One product by its generated name (the whole list holds tens of thousands here): the last few
  // numbers are no other product's prefix, and one not a multiple of 10 was left active.
  const name = `Pack ${Math.floor(perGenerator / 4) - 3}`;
  const search = `/products/search?q=${encodeURIComponent(name)}`;
  const [product] = (await (await fetch(`${url}${search}`)).json()) as ProductView[];
  if (!product) throw new Error(`the store found no product "${name}"`);
  return [
    { method: 'GET', path: search },
    { method: 'GET', path: `/products/show/${product.id}` },
    { method: 'GET', path: `/categories/show/${product.category_id}` },
    {
      method: 'POST',
      path: '/api/payment/create-checkout',
      headers: { 'content-type': 'application/json' },
      body: monthlyCheckout(product),
    },
  ];
}
