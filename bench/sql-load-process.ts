// One bare-SQL load run in a process of its own, the reference bench/admin sets beside each API
// call (autocannon-process.ts is the HTTP side): a pg pool of `connections` clients and as many
// workers, each sending one request's statements again and again, all at once where the API runs
// them at once (Promise.all), else one after the other.
// Usage: sql-load-process.ts '<options as JSON>' → prints {requests, p99, errors} as JSON
// (requests per second, p99 latency in ms).
import pg from 'pg';

interface Options {
  url: string;
  connections: number;
  /** Seconds to run, or else `amount` requests in all. */
  duration?: number;
  amount?: number;
  statements: { sql: string; parameters: unknown[] }[];
  parallel: boolean;
}

const options = JSON.parse(process.argv[2]!) as Options;
const pool = new pg.Pool({ connectionString: options.url, max: options.connections });
// Connected before the clock starts, as the store's pool is by the time it is measured.
const clients = await Promise.all(Array.from({ length: options.connections }, () => pool.connect()));
for (const client of clients) client.release();

const run = (statement: Options['statements'][number]) => pool.query(statement.sql, statement.parameters);
const request = options.parallel
  ? () => Promise.all(options.statements.map(run))
  : async () => {
      for (const statement of options.statements) await run(statement);
    };

const latencies: number[] = [];
let errors = 0;
let left = options.amount ?? Infinity;
const started = performance.now();
const deadline = options.duration ? started + options.duration * 1000 : Infinity;
await Promise.all(
  Array.from({ length: options.connections }, async () => {
    while (left-- > 0 && performance.now() < deadline) {
      const sent = performance.now();
      try {
        await request();
        latencies.push(performance.now() - sent);
      } catch {
        errors++;
      }
    }
  }),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    requests: latencies.length / seconds,
    p99: Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0),
    errors,
  }),
);
await pool.end();
