// bench/append: 16 concurrent writers, one event per command on their own streams, through the
// event-store port, next to raw single-row INSERTs of the same rows into a plain table.
// Run: npm run bench:append  (DATABASE_URL, else PostgreSQL on 127.0.0.1:5432, else embedded)
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../src/platform/eventstore/postgres';
import { benchDatabase, fmt, rate } from './support';

const WRITERS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 3;

const database = await benchDatabase('append', WRITERS + 4);
const store = new PostgresEventStore(database.pool, database.url);

await database.pool.query(`
  CREATE TABLE raw_events (
    id bigserial PRIMARY KEY, stream_id text NOT NULL, stream_revision bigint NOT NULL, event_id uuid NOT NULL,
    type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL)`);

const data = {
  userId: randomUUID(),
  username: 'amina',
  name: 'Amina B.',
  role: 'admin',
  passwordHash: '$argon2id$v=19$m=65536,t=3,p=4$abc$def',
  createdAt: new Date().toISOString(),
};
const metadata = { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() };

async function measure(
  seconds: number,
  write: (writer: number, i: number, revision: bigint | 'no_stream') => Promise<bigint | 'no_stream'>,
) {
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  const counts = await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      let revision: bigint | 'no_stream' = 'no_stream';
      let i = 0;
      while (Date.now() < deadline) revision = await write(writer, i++, revision);
      return i;
    }),
  );
  const total = counts.reduce((a, b) => a + b, 0);
  return { total, perSecond: rate(total, Date.now() - started) };
}

let round = 0;
const rawInsert = () => {
  const prefix = `raw-${round}`;
  return measure(SECONDS, async (writer, i) => {
    await database.pool.query(
      'INSERT INTO raw_events (stream_id, stream_revision, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
      // The same row the store writes: its metadata carries a command id and the time, too.
      [
        `${prefix}-${writer}`,
        i,
        randomUUID(),
        'AdminUserCreated',
        JSON.stringify(data),
        JSON.stringify({ ...metadata, commandId: randomUUID(), occurredAt: new Date().toISOString() }),
      ],
    );
    return BigInt(i);
  });
};
const portAppend = () => {
  const prefix = `user-${round}`;
  return measure(SECONDS, async (writer, _i, revision) => {
    const result = await store.append(`${prefix}-${writer}`, [{ type: 'AdminUserCreated', data }], {
      expectedRevision: revision,
      metadata,
    });
    return result.nextRevision;
  });
};

// Warm up both paths, then alternate rounds so that neither gets the machine's better moments.
await measure(1, async (writer, i) => {
  await database.pool.query('SELECT 1');
  return BigInt(i + writer);
});
const raws: number[] = [];
const ports: number[] = [];
for (round = 0; round < ROUNDS; round++) {
  raws.push((await rawInsert()).perSecond);
  ports.push((await portAppend()).perSecond);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const raw = median(raws);
const port = median(ports);

console.log(`bench/append: ${WRITERS} writers, ${ROUNDS} alternating rounds of ${SECONDS} s, medians`);
console.log(`  raw single-row INSERT : ${fmt(raw)} rows/s   (rounds: ${raws.map(fmt).join(', ')})`);
console.log(`  event store append    : ${fmt(port)} events/s (rounds: ${ports.map(fmt).join(', ')})`);
console.log(`  ratio                 : ${((port / raw) * 100).toFixed(1)}% of raw (target >= 70%)`);
await store.close();
await database.drop();
