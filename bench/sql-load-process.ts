// One bare-SQL load run in a process of its own, the reference the read benches set beside each API
// call (bench/reads.ts; autocannon-process.ts is the HTTP side): a pg pool of `connections` clients
// and as many workers, each sending requests' SQL again and again, taking `requests` in turn (each
// worker from its own place in the list): a request's steps one after the other, each step's
// statements at once, as the route awaits them.
// Usage: sql-load-process.ts '<options as JSON>' → prints {requests, p99, errors} as JSON
// (requests per second, p99 latency in ms). The requests' SQL comes in the calls file the HTTP floor
// reads (sql-http-server.ts): a hundred requests' SQL can be more than one argument may hold.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { RequestSql, Statement } from './reads';

interface Options {
  url: string;
  connections: number;
  /** Seconds to run, or else `amount` requests in all. */
  duration?: number;
  amount?: number;
  /** The calls file (each call's requests' SQL), and which call's requests to send. */
  file: string;
  call: number;
}

const options = JSON.parse(process.argv[2]!) as Options;
const requests = (JSON.parse(readFileSync(options.file, 'utf8')) as RequestSql[][])[options.call]!;
const pool = new pg.Pool({ connectionString: options.url, max: options.connections });
// Connected before the clock starts, as the store's pool is by the time it is measured.
const clients = await Promise.all(Array.from({ length: options.connections }, () => pool.connect()));
for (const client of clients) client.release();

const run = (statement: Statement) => pool.query(statement.sql, statement.parameters);
async function request(steps: RequestSql): Promise<void> {
  for (const step of steps) await Promise.all(step.map(run));
}

const latencies: number[] = [];
let errors = 0;
let left = options.amount ?? Infinity;
const started = performance.now();
const deadline = options.duration ? started + options.duration * 1000 : Infinity;
await Promise.all(
  Array.from({ length: options.connections }, async (_, worker) => {
    for (let next = worker; left-- > 0 && performance.now() < deadline; next++) {
      const sent = performance.now();
      try {
        await request(requests[next % requests.length]!);
        latencies.push(performance.now() - sent);
      } catch (error) {
        // The first says what went wrong; the summary counts them all.
        if (!errors++) console.error(`sql-load-process: ${(error as Error).message}`);
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
