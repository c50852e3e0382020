// The HTTP floor bench/admin sets beside the API: a bare node:http server with a pg pool that answers
// GET /<n> by running call n's statements (the very SQL the API runs, at once or one after the other
// as the API does) and sending their rows as JSON. No Express, no token, no validation: what any
// HTTP answer built from that SQL costs on this machine.
// Usage: sql-http-server.ts <database url> <pool size> <calls JSON file> → prints "LISTENING <url>".
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

interface Call {
  statements: { sql: string; parameters: unknown[] }[];
  parallel: boolean;
}

const [url, poolSize, file] = process.argv.slice(2);
const calls = JSON.parse(readFileSync(file!, 'utf8')) as Call[];
const pool = new pg.Pool({ connectionString: url, max: Number(poolSize) });

async function rowsOf(call: Call): Promise<unknown[][]> {
  const run = (statement: Call['statements'][number]) =>
    pool.query(statement.sql, statement.parameters).then((result) => result.rows);
  if (call.parallel) return Promise.all(call.statements.map(run));
  const rows: unknown[][] = [];
  for (const statement of call.statements) rows.push(await run(statement));
  return rows;
}

const server = createServer((req, res) => {
  const call = calls[Number(req.url!.slice(1))];
  if (!call) return void res.writeHead(404).end();
  rowsOf(call).then(
    (rows) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows)),
    (error: Error) => res.writeHead(500).end(error.message),
  );
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
