import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { poolOf } from './database';

/**
 * A query whose SQL is the same whatever its arguments, built and compiled by Kysely once and then
 * run with each call's arguments. For the hottest reads only: building and compiling a query took
 * more of a primary-key lookup's CPU than reading its row did (bench/admin, one order). On the pool
 * it is a prepared statement, named after its SQL: each connection has PostgreSQL parse and plan it
 * once, not at every call (a primary-key lookup ran ~40% more per second). PostgreSQL plans it again
 * by itself when a table it reads is replaced (a rebuild's swap) or altered.
 *
 * `build` runs once, with stand-ins for the arguments; each must end up among the statement's
 * parameters (an argument that is compared or inserted does), else this throws at that first call.
 */
export function compiledOnce<DB, Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (db: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const standIns = Array.from({ length: arity }, (_, index) => `\u0000argument ${index}\u0000`);
  let compiled: { query: CompiledQuery<Row>; slots: number[]; name: string } | undefined;
  const compile = (db: Kysely<DB>) => {
    const query = build(db, ...(standIns as Args)).compile();
    const slots = query.parameters.map((value) => standIns.indexOf(value as string));
    const missing = standIns.findIndex((_, index) => !slots.includes(index));
    if (missing >= 0) throw new Error(`compiledOnce: argument ${missing} is not a parameter of ${query.sql}`);
    return { query, slots, name: statementName(query.sql) };
  };
  return (db, ...args) => {
    try {
      compiled ??= compile(db);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const { query, slots, name } = compiled;
    const parameters = query.parameters.map((value, index) => (slots[index]! >= 0 ? args[slots[index]!] : value));
    // On one of openDatabase's Kyselys, straight to its pool with pg's callback, and with no async
    // function around it: Kysely's executor makes a dozen promises per statement, and once Node 20's
    // AsyncLocalStorage (the request scope) is on, every promise of the process costs its hooks.
    // Else (a transaction's Kysely, a test's), through Kysely.
    const pool = poolOf(db);
    if (!pool) return db.executeQuery<Row>({ ...query, parameters }).then((result) => result.rows);
    return new Promise((resolve, reject) =>
      pool.query({ name, text: query.sql, values: parameters as unknown[] }, (error, result) =>
        error ? reject(error) : resolve(result.rows as Row[]),
      ),
    );
  };
}

/** pg refuses one name for two texts on a connection: the name is the text's digest. */
const statementName = (text: string) => `once_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
