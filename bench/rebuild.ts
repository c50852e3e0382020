// bench/rebuild: rebuild every read model over 1,000,000 generated events of the real event types,
// next to a plain keyset read of the same rows in the same run.
// Run: npm run bench:rebuild  (BENCH_EVENTS to change the count)
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import { rebuildProjections } from '../src/platform/projections/rebuild';
import { allProjections } from '../src/projections';
import { benchDatabase, fmt, rate } from './support';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PER_TRANSACTION = 100_000;

// Each generator writes `count` events of one business flow as SQL, so a million rows go in fast.
// $1 = first index, $2 = count; rows for index g are in the order the product would write them.
const generators: { name: string; eventsPerItem: number; sql: string }[] = [
  {
    name: 'admin users (UsernameClaimed + AdminUserCreated)',
    eventsPerItem: 2,
    sql: `
      INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata)
      SELECT e.stream_id, 0, gen_random_uuid(), e.type, e.data, jsonb_build_object(
               'actor', 'system', 'correlationId', gen_random_uuid(), 'causationId', gen_random_uuid(),
               'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      FROM generate_series($1::int, $1::int + $2::int - 1) AS g
      CROSS JOIN LATERAL (VALUES
        (1, 'admin-username-user' || g, 'UsernameClaimed',
         jsonb_build_object('username', 'user' || g, 'userId', md5('u' || g)::uuid)),
        (2, 'admin-user-' || md5('u' || g)::uuid, 'AdminUserCreated',
         jsonb_build_object('userId', md5('u' || g)::uuid, 'username', 'user' || g, 'name', 'User number ' || g,
           'role', 'admin', 'passwordHash', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
           'createdAt', now()))
      ) AS e(kind, stream_id, type, data)
      ORDER BY g, e.kind`,
  },
];

const database = await benchDatabase('rebuild', 10);
const store = new PostgresEventStore(database.pool, database.url);
const projections = allProjections({ db: database.db });

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
let started = Date.now();
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
const readRate = rate(read, Date.now() - started);

started = Date.now();
const { events } = await rebuildProjections({
  db: database.db,
  store,
  databaseUrl: database.url,
  projections,
  onProgress: ({ events: done }) => {
    if (done % 100_000 < 5000) process.stdout.write(`\r  rebuilding… ${fmt(done)} events`);
  },
});
// Rated over the whole log, as a rebuild of a log this size takes this long.
const rebuildRate = rate(count, Date.now() - started);
process.stdout.write('\n');

console.log(`  events in the log        : ${fmt(count)}`);
console.log(`  plain keyset read        : ${fmt(readRate)} rows/s`);
console.log(`  rebuild of ${projections.map((p) => p.name).join(', ')}: ${fmt(rebuildRate)} events/s of the log (${fmt(events)} events applied)`);
console.log(`  ratio                    : ${((rebuildRate / readRate) * 100).toFixed(1)}% of the keyset read (target >= 40%)`);
await store.close();
await database.drop();
