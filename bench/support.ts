import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { migrateToLatest } from '../src/platform/db/migrate';
import { findPostgres, freePort } from '../test/support/services';

/** A fresh, migrated database for one benchmark run (DATABASE_URL, local 5432, or embedded). */
export async function benchDatabase(
  name: string,
  poolSize = 20,
): Promise<DatabaseHandle<any> & { drop(): Promise<void> }> {
  const server = await findPostgres();
  const database = `bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(server.adminUrl);
  url.pathname = `/${database}`;
  const handle = openDatabase<any>(url.toString(), { max: poolSize });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async drop() {
      await handle.close();
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.end();
      await server.stop();
    },
  };
}

export const rate = (count: number, ms: number) => Math.round((count * 1000) / ms);
export const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * The store in a process of its own, as `npm start` runs it, so the load generator does not share
 * its event loop. Resolves once it listens; `stop` ends it as Ctrl-C would. `nodeArgs` go to Node
 * (after BENCH_NODE_ARGS), `stdout` gets what the store prints there.
 */
export async function startStoreProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; stdout?: (chunk: string) => void } = {},
): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const port = String(await freePort());
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      new URL('../src/main.ts', import.meta.url).pathname,
    ],
    {
      env: {
        ...process.env,
        PORT: port,
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (options.stdout) child.stdout!.setEncoding('utf8').on('data', options.stdout);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the store exited (${code}) before answering`))),
  );
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
      exited,
    ]);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  };
}

/**
 * A bench script in a process of its own that prints `LISTENING <url>` once it serves (a floor
 * server): resolves with that address and the process, registered in `children` so the bench ends it.
 */
export async function startListeningScript(
  script: string,
  args: string[],
  children: Set<number>,
): Promise<{ url: string; pid: number }> {
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(child.pid!);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /LISTENING (\S+)/.exec(output);
      if (listening) resolve({ url: listening[1]!, pid: child.pid! });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
}

/**
 * A bench script in a process of its own, given `options` as JSON, that prints its result on
 * stdout (autocannon-process.ts, sql-load-process.ts): that output. Registered in `children`
 * while it runs, so a bench that breaks does not leave it behind.
 */
export async function runScriptProcess(script: string, options: object, children?: Set<number>): Promise<string> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children?.add(child.pid!);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  children?.delete(child.pid!);
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return output;
}

/** What bench/autocannon-process.ts prints: autocannon's result, the parts the benches read. */
export interface AutocannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  statusCodeStats: Record<string, { count: number }>;
}

/** autocannon with `options` (plain data: no functions cross into its process) in a process of its own. */
export async function autocannonProcess(options: object, children?: Set<number>): Promise<AutocannonResult> {
  const script = new URL('./autocannon-process.ts', import.meta.url).pathname;
  return JSON.parse(await runScriptProcess(script, options, children)) as AutocannonResult;
}

/** Signs in as the first administrator (`admin`) on the store at `url`: the token. */
export async function adminToken(url: string, password: string): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!login.ok) throw new Error(`the admin's sign-in answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** A shopper's create-checkout body for one month of `product`, as the storefront sends it. */
export function monthlyCheckout(product: { id: string; priceDurations: { duration: string; price: number }[] }) {
  const price = product.priceDurations.find((d) => d.duration === '1 month')!.price;
  return JSON.stringify({
    amount: price,
    email: 'customer@iptv-store.dz',
    fullName: 'Client',
    phone: '0550123456',
    description: 'bench',
    items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
  });
}

/**
 * The processes a bench starts, ended however the bench ends (a failure included), so that none is
 * left serving: add each one's pid.
 */
export function killedOnExit(): Set<number> {
  const children = new Set<number>();
  process.on('exit', () => {
    for (const pid of children) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
  return children;
}
