// What the read benches (bench/admin.ts, bench/order-page.ts) share: a shop appended through the
// event store and folded by the real projections; the SQL a route runs, captured from the read
// model's query functions through Kysely's log, and its query plans; and the measurement. Each call
// is measured three ways at the same concurrency, in alternating rounds: the API (autocannon
// against the store, in a process of its own), the very SQL it runs through a bare pg pool
// (sql-load-process.ts), and that SQL answered as JSON by a bare node:http server, the HTTP floor
// (sql-http-server.ts). Figures are medians over the rounds; ratios the medians of each round's.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { pino } from 'pino';
import type { DatabaseHandle } from '../src/platform/db/database';
import { SYSTEM, type EventStore, type NewEvent } from '../src/platform/eventstore/port';
import { ProjectionRunner } from '../src/platform/projections/runner';
import { allProjections } from '../src/projections';
import { createLiveCatalogue } from '../src/projections/catalogue';
import type { Database } from '../src/projections/database';
import { autocannonProcess, fmt, rate, runScriptProcess, startListeningScript } from './support';

export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export const machine = () => `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}; load average ${load()}`;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A stream's events, appended in one go to a new stream, or to an existing one after its revision `after`. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  after?: bigint;
}

/** Appends each stream's events, `writers` at once, and says how fast. */
export async function appendStreams(store: EventStore, streams: StreamAppend[], what: string, writers = 20) {
  const started = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let item = streams[next++]; item; item = streams[next++]) {
        const metadata = { actor: SYSTEM, correlationId: randomUUID(), causationId: randomUUID() };
        await store.append(item.stream, item.events, { expectedRevision: item.after ?? 'no_stream', metadata });
      }
    }),
  );
  const events = streams.reduce((n, item) => n + item.events.length, 0);
  console.log(
    `  appended ${fmt(events)} events in ${fmt(streams.length)} streams (${what}): ${fmt(rate(events, Date.now() - started))}/s`,
  );
}

/**
 * The real projections catch up with the log, as a store's runner would (all of them, so the store
 * starts at the head); then `orders` orders must be there, the tables are analysed and vacuumed as
 * autovacuum would have by now, and the order numbers go on from there.
 */
export async function foldShop(
  database: DatabaseHandle<any>,
  store: EventStore,
  orders: number,
  tables: string[],
): Promise<void> {
  const started = Date.now();
  const runner = new ProjectionRunner({
    db: database.db,
    store,
    databaseUrl: database.url,
    projections: allProjections({ db: database.db, catalogue: createLiveCatalogue(database.db) }),
    logger: pino({ level: 'warn' }),
  });
  await runner.start();
  if (!(await runner.waitFor(await store.lastCommittedPosition(), { timeoutMs: 30 * 60_000 })))
    throw new Error('the projections did not catch up in 30 minutes');
  await runner.stop();
  const { rows } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM orders');
  if (Number(rows[0]!.n) !== orders) throw new Error(`${rows[0]!.n} orders projected, not ${orders}`);
  console.log(`  projections caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // Statistics, and the visibility map that lets counts read indexes only.
  await database.pool.query(`VACUUM ANALYZE ${tables.join(', ')}`);
  await database.pool.query("SELECT setval('order_numbers', $1)", [orders]);
}

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** One request's SQL as the route runs it: steps one after the other, each step's statements at once. */
export type RequestSql = Statement[][];

export const atOnce = (statements: Statement[]): RequestSql => [statements];
export const oneByOne = (statements: Statement[]): RequestSql => statements.map((statement) => [statement]);

/** The statements a query function runs, as Kysely sends them. */
export async function captured(pool: pg.Pool, run: (db: Kysely<Database>) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  await run(db);
  return statements;
}

/** The statement's plan as it runs (EXPLAIN ANALYZE), one line a node. */
export async function plan(pool: pg.Pool, statement: Statement): Promise<string[]> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${statement.sql}`,
    statement.parameters,
  );
  return rows.map((row) => row['QUERY PLAN']);
}

/** Prints the statement and its plan: its lines. */
export async function printPlan(pool: pg.Pool, statement: Statement): Promise<string[]> {
  const lines = await plan(pool, statement);
  console.log(`    ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
  for (const line of lines) console.log(`      ${line}`);
  return lines;
}

/** One HTTP request as autocannon sends it (plain data: it crosses into autocannon's process). */
export interface HttpRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface ReadCall {
  name: string;
  /** What each client sends, in turn: one request, or one for each of a sample of orders. */
  requests: HttpRequest[];
  /** The SQL the store runs for each of `requests`, in the same order. */
  sql: RequestSql[];
  /** Requests per measurement instead of a duration (one download per client). */
  amount?: number;
  /** No HTTP floor: the floor sends all its rows as one JSON answer, no match for a streamed one. */
  floorless?: boolean;
  /** Instead of 2 s of the API before the rounds (the JIT, the pools, the caches). */
  warmUp?: () => Promise<void>;
}

export interface Figures {
  requests: number;
  p99: number;
  errors: number;
}

type Side = 'api' | 'sql' | 'floor';

export interface Result {
  figures: Partial<Record<Side, Figures>>;
  /** API / bare SQL and API / floor: the median of each round's ratio (its sides ran one after the other). */
  ratio: number;
  floorRatio?: number;
}

export interface MeasureOptions {
  databaseUrl: string;
  /** The store's address and what every request to it carries (a bearer token). */
  api: { url: string; headers?: Record<string, string> };
  /** Clients at once, and the size of the bare pools. */
  connections: number;
  seconds: number;
  rounds: number;
  children: Set<number>;
}

const SQL_LOAD = fileURLToPath(new URL('./sql-load-process.ts', import.meta.url));
const SQL_HTTP = fileURLToPath(new URL('./sql-http-server.ts', import.meta.url));

/** Each call against its bare SQL and its HTTP floor, in alternating rounds. */
export async function measureCalls(calls: ReadCall[], options: MeasureOptions): Promise<Map<ReadCall, Result>> {
  const { connections, seconds: SECONDS, rounds: ROUNDS, children } = options;
  const callsFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-reads-')), 'calls.json');
  writeFileSync(callsFile, JSON.stringify(calls.map((call) => call.sql)));
  const floorServer = await startListeningScript(
    SQL_HTTP,
    [options.databaseUrl, String(connections), callsFile],
    children,
  );

  /** A measurement of `seconds`, or of `amount` requests in all for a call counted so. */
  type Measure = (call: ReadCall, seconds: number, amount?: number) => Promise<Figures>;
  async function http(
    url: string,
    call: ReadCall,
    requests: HttpRequest[],
    seconds: number,
    amount = call.amount,
    headers = {},
  ) {
    const result = await autocannonProcess(
      {
        url,
        connections,
        requests,
        headers,
        ...(amount ? { amount, timeout: 300 } : { duration: seconds }),
      },
      children,
    );
    const errors = result.errors + result.non2xx;
    // What went wrong, at once: the summary only counts it.
    if (errors) {
      const statuses = Object.entries(result.statusCodeStats).filter(([code]) => !code.startsWith('2'));
      console.log(
        `      ${call.name} at ${url}: ${statuses.map(([code, { count }]) => `${count} × ${code}`).join(', ') || 'no non-2xx'}; ${result.timeouts} timeouts, ${result.errors} errors`,
      );
    }
    return { requests: result['2xx'] / result.duration, p99: result.latency.p99, errors };
  }
  const api: Measure = (call, seconds, amount) =>
    http(options.api.url, call, call.requests, seconds, amount, options.api.headers);
  // The floor is asked as the store is (method, body), at /<call>/<request>.
  const floor: Measure = (call, seconds, amount) => {
    const at = calls.indexOf(call);
    const requests = call.requests.map((request, i) => ({ ...request, path: `/${at}/${i}` }));
    return http(floorServer.url, call, requests, seconds, amount);
  };
  const bareSql: Measure = async (call, seconds, amount = call.amount) =>
    JSON.parse(
      await runScriptProcess(
        SQL_LOAD,
        {
          url: options.databaseUrl,
          connections,
          ...(amount ? { amount } : { duration: seconds }),
          file: callsFile,
          call: calls.indexOf(call),
        },
        children,
      ),
    ) as Figures;

  const results = new Map<ReadCall, Result>();
  for (const call of calls) {
    const others: [Side, Measure][] = call.floorless
      ? [['sql', bareSql]]
      : [
          ['sql', bareSql],
          ['floor', floor],
        ];
    // Warm-up: 2 s each, or two runs of every request.
    await (call.warmUp ? call.warmUp() : api(call, 2));
    for (const [, measure] of others) await measure(call, 2, call.amount && 2);
    const rounds: Partial<Record<Side, Figures>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const figures: Partial<Record<Side, Figures>> = { api: await api(call, SECONDS) };
      for (const [side, measure] of others) figures[side] = await measure(call, SECONDS);
      rounds.push(figures);
    }
    const summary = (side: Side): Figures => ({
      requests: median(rounds.map((r) => r[side]!.requests)),
      p99: median(rounds.map((r) => r[side]!.p99)),
      errors: rounds.reduce((n, r) => n + r[side]!.errors, 0),
    });
    const sides: Side[] = ['api', ...others.map(([side]) => side)];
    const ratioTo = (side: Side) => median(rounds.map((r) => r.api!.requests / r[side]!.requests));
    results.set(call, {
      figures: Object.fromEntries(sides.map((side) => [side, summary(side)])),
      ratio: ratioTo('sql'),
      floorRatio: sides.includes('floor') ? ratioTo('floor') : undefined,
    });
    const each = (side: Side) => `${side} ${rounds.map((r) => r[side]!.requests.toFixed(1)).join(' / ')}/s`;
    console.log(`    ${call.name}: ${sides.map(each).join('; ')} (load average ${load()})`);
  }
  process.kill(floorServer.pid, 'SIGTERM');
  return results;
}

export const yes = (met: boolean) => (met ? 'yes' : 'MISSED');

/** Ratios rounded down, so a 0.497 that missed 0.5 does not print as 0.50. */
const down = (ratio: number) => Math.floor(ratio * 100) / 100;

const num = (n: number | undefined, size: number, digits = 1) =>
  (n === undefined ? '-' : n.toFixed(digits)).padStart(size);

/**
 * The figures side by side, each call's ratio to its bare SQL against `target`: the calls that
 * missed it, and how many requests failed.
 */
export function printSummary(
  results: Map<ReadCall, Result>,
  options: { clients: string; rounds: number; seconds: number; target: number },
): { missed: string[]; errors: number } {
  const { clients, rounds, seconds, target } = options;
  const width = Math.max(4, ...[...results.keys()].map((call) => call.name.length));
  console.log(
    `\n  Summary: ${clients} at once; req/s and p99 the medians of ${rounds} rounds of ${seconds} s, ratios the medians of each round's; ${cpus().length} cores; load average now ${load()}`,
  );
  console.log(
    `  ${'call'.padEnd(width)}  API req/s  p99 ms  bare SQL req/s  p99 ms  HTTP floor req/s  p99 ms  API/SQL  >= ${target}x  API/floor`,
  );
  const missed: string[] = [];
  let errors = 0;
  for (const [call, { figures, ratio, floorRatio }] of results) {
    const { api: a, sql: s, floor: f } = figures;
    const callErrors = a!.errors + s!.errors + (f?.errors ?? 0);
    errors += callErrors;
    const where = `api ${a!.errors}, sql ${s!.errors}${f ? `, floor ${f.errors}` : ''}`;
    if (ratio < target) missed.push(call.name);
    console.log(
      `  ${call.name.padEnd(width)}  ${num(a!.requests, 9)}  ${num(a!.p99, 6, 0)}  ${num(s!.requests, 14)}  ${num(s!.p99, 6, 0)}  ${num(f?.requests, 16)}  ${num(f?.p99, 6, 0)}  ${num(down(ratio), 7, 2)}  ${yes(ratio >= target).padEnd(7)}  ${num(floorRatio, 9, 2)}${callErrors ? `  ${callErrors} ERRORS (${where})` : ''}`,
    );
  }
  return { missed, errors };
}

/**
 * The plans' verdict: met when no call (`offenders`, once each) scans `tables` sequentially;
 * `scope` says which plans count ("in any search or filter").
 */
export function printPlansVerdict(offenders: string[], tables: string, scope = ''): boolean {
  const calls = [...new Set(offenders)];
  console.log(
    `\n  Plans: ${calls.length ? `a sequential scan over ${tables} in ${calls.join('; ')}: MISSED` : `no sequential scan over ${tables}${scope}: yes`}`,
  );
  return !calls.length;
}

/** The targets' line for the ratios. */
export const ratioVerdict = (missed: string[], of: number, target: number) =>
  `each call >= ${target}x its bare SQL: ${missed.length ? `MISSED by ${missed.length} of ${of} (${missed.join('; ')})` : `yes, all ${of}`}`;

/**
 * A read bench's calls measured (measureCalls), its store stopped (`stop`), then its summary and the
 * targets' verdicts: each call's ratio to its bare SQL, and no sequential scan over `tables` in any
 * plan (`offenders`: the calls whose plans had one). `notes` are printed under the plans' verdict.
 * The number of requests that failed.
 */
export async function measureAndConclude(
  calls: ReadCall[],
  options: MeasureOptions & { clients: string; target: number; stop: () => Promise<void> },
  plans: { offenders: string[]; tables: string; notes?: string[] },
): Promise<number> {
  const results = await measureCalls(calls, options);
  await options.stop();
  const { missed, errors } = printSummary(results, options);
  const plansMet = printPlansVerdict(plans.offenders, plans.tables);
  for (const note of plans.notes ?? []) console.log(`  ${note}`);
  console.log('\n  Targets:');
  console.log(`    ${ratioVerdict(missed, results.size, options.target)}`);
  console.log(`    no sequential scan over ${plans.tables}: ${yes(plansMet)}`);
  return errors;
}

/** The end of a bench that measured requests: exit code 1 when any failed. */
export function failOnErrors(errors: number): void {
  if (!errors) return;
  console.log(`\n  FAILED: ${errors} requests answered with an error or not at all (see the ERRORS above)`);
  process.exitCode = 1;
}

/**
 * What every read bench takes from the environment (docs/benchmarks.md#running-them): seconds per measurement,
 * rounds, customers sampled, a regular expression choosing the calls; and the shared target, ≥ 0.5× bare SQL.
 */
export function readBenchSettings() {
  return {
    SECONDS: Number(process.env.BENCH_SECONDS ?? 5),
    ROUNDS: Number(process.env.BENCH_ROUNDS ?? 3),
    SAMPLE: Number(process.env.BENCH_SAMPLE ?? 100),
    ONLY: process.env.BENCH_CALLS ? new RegExp(process.env.BENCH_CALLS, 'i') : undefined,
    TARGET_RATIO: 0.5,
  };
}
