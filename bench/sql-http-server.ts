// The HTTP floor the read benches set beside the API (bench/reads.ts): a bare node:http server with
// a pg pool that answers /<n>/<r>, whatever the method, by running the SQL of call n's request r (the
// very SQL the API runs, its steps one after the other and each step's statements at once, as the
// API does) and sending their rows as JSON. No Express, no token, no validation: what any HTTP
// answer built from that SQL costs on this machine.
// Usage: sql-http-server.ts <database url> <pool size> <calls JSON file: each call's requests' SQL>
// → prints "LISTENING <url>".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { RequestSql, Statement } from './reads';

const [url, poolSize, file] = process.argv.slice(2);
const calls = JSON.parse(readFileSync(file!, 'utf8')) as RequestSql[][];
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize) });

async function rowsOf(steps: RequestSql): Promise<unknown[][]> {
  const run = (statement: Statement) => pool.query(statement.sql, statement.parameters).then((result) => result.rows);
  const rows: unknown[][] = [];
  for (const step of steps) rows.push(...(await Promise.all(step.map(run))));
  return rows;
}

const server = createServer((req, res) => {
  const [call, request] = req.url!.split('/').slice(1).map(Number);
  const steps = calls[call!]?.[request!];
  if (!steps) return void res.writeHead(404).end();
  rowsOf(steps).then(
    (rows) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
    (error: Error) => res.writeHead(500).end(error.message),
  );
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
