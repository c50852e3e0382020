import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from './support/wait';
import type { ProductView } from '../src/shared/catalogue';
import { isTrialDuration } from '../src/shared/ordering';
import type { ProjectionsOverview } from '../src/shared/operations';
import { TEST_ADMIN } from './support/app';
import { freshDatabase } from './support/database';
import { loadBalancer } from './support/http-proxy';
import { deleteKeys, requireRedis } from './support/redis';
import { freePort } from './support/services';

// The store scaled out as operators run it, as real processes: two `npm start` instances (each its
// own DATA_DIR, no secret configured) and one `npm run worker`, on one PostgreSQL and one Redis,
// shoppers reaching them through a load balancer. Live updates cross instances, each projection
// runs on one instance and moves when that one is killed, and a rolling restart (SIGTERM, start
// again, one instance after the other) fails no shopper request and loses no checkout.

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

interface Instance {
  name: string;
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
}

describe('scaled out: two instances and a worker on one PostgreSQL and Redis', () => {
  const running = new Set<ChildProcess>();
  let databaseUrl: string;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let redisUrl: string;
  let prefix: string;
  const ports = new Map<string, number>();
  const instances = new Map<string, Instance>();
  let token: string;

  async function start(name: string, extra: Record<string, string> = {}): Promise<Instance> {
    const port = ports.get(name) ?? (await freePort());
    ports.set(name, port);
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        RUN_WORKERS: 'false',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `scale-${name}-`)),
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        SEED_DEMO: 'true',
        SHUTDOWN_DELAY: '1s',
        CHECKOUTS_PER_MINUTE: '100000',
        CHECKOUTS_PER_PHONE_PER_10_MINUTES: '100000',
        LOG_LEVEL: 'warn',
        JWT_SECRET: '',
        ...extra,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    running.add(child);
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        running.delete(child);
        resolve(code);
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(
      () =>
        fetch(`${url}/readyz`).then(
          (res) => res.ok,
          () => false,
        ),
      60_000,
    );
    const instance = { name, url, process: child, exited };
    instances.set(name, instance);
    return instance;
  }

  const api = async (base: string, pathname: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${pathname}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...init.headers },
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };
  /** Raises the prices of the store's `index`th product through the instance at `base`, as an admin. */
  const raisePrices = async (base: string, index: number, by: number) => {
    const product = ((await (await fetch(`${base}/products`)).json()) as ProductView[])[index]!;
    const prices = product.priceDurations.map((p) => ({ ...p, price: p.price + by }));
    const res = await api(base, `/api/admin/products/${product.id}`, {
      method: 'PUT',
      body: JSON.stringify({ price_durations: prices }),
    });
    expect(res.status).toBe(200);
    return { product, prices };
  };
  const overview = async (base: string) => (await api(base, '/api/admin/projections')).body as ProjectionsOverview;

  beforeAll(async () => {
    redisUrl = requireRedis();
    prefix = `test-scale-${randomBytes(4).toString('hex')}`;
    database = await freshDatabase({ migrate: false });
    databaseUrl = database.url;
    const a = await start('a');
    await start('b');
    const worker = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../src/worker.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          QUEUE_PREFIX: prefix,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'scale-worker-')),
          WORKER_METRICS_PORT: '0',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      },
    );
    running.add(worker);
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 120_000);

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    if (redisUrl) await deleteKeys(redisUrl, prefix);
  });

  it('signs an admin in on A and lets the token work on B (one secret, shared through the database)', async () => {
    expect((await api(instances.get('b')!.url, '/api/admin/me')).status).toBe(200);
  });

  it('brings a write through B to the admin and shopper sockets on A within a second', async () => {
    const [a, b] = [instances.get('a')!, instances.get('b')!];
    // As browsers connect: long-polling first, then the upgrade.
    const admin: Socket = connect(a.url, { auth: { token } });
    const shopper: Socket = connect(a.url);
    const toAdmin: { product: { id: string; priceDurations?: unknown } }[] = [];
    const toShopper: unknown[] = [];
    admin.on('product:updated', (payload) => toAdmin.push(payload));
    shopper.on('productsUpdate', (payload) => toShopper.push(payload));
    await Promise.all([admin, shopper].map((s) => new Promise((resolve) => s.once('connect', () => resolve(s)))));
    toShopper.length = 0;

    const sent = Date.now();
    const { product } = await raisePrices(b.url, 0, 100);
    await waitUntil(() => toAdmin.some((p) => p.product.id === product.id), 5_000);
    await waitUntil(() => JSON.stringify(toShopper).includes(product.id), 5_000);
    expect(Date.now() - sent).toBeLessThan(1_000 + 500); // the write's own answer included
    admin.disconnect();
    shopper.disconnect();
  });

  it("never serves an admin on A a change through B staler than B's answer, nor a shopper for more than a second", async () => {
    const [a, b] = [instances.get('a')!, instances.get('b')!];
    const { product, prices } = await raisePrices(b.url, 1, 7);
    const onA = await api(a.url, `/api/admin/products/${product.id}`);
    expect(onA.body.product.priceDurations.map((p: { price: number }) => p.price)).toEqual(prices.map((p) => p.price));
    await waitUntil(async () => {
      const shown = ((await (await fetch(`${a.url}/products`)).json()) as ProductView[]).find(
        (p) => p.id === product.id,
      )!;
      return shown.priceDurations[0]!.price === prices[0]!.price;
    }, 1_500);
  });

  it('counts failed sign-ins across instances: 5 on A, and B refuses the sixth', async () => {
    const [a, b] = [instances.get('a')!, instances.get('b')!];
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody-here', password: 'wrong-password' }),
      }).then((res) => res.status);
    for (let i = 0; i < 5; i++) expect(await attempt(a.url)).toBe(401);
    expect(await attempt(b.url)).toBe(429);
  });

  it(
    'runs each projection on one instance, and when that one is killed the other carries on from its checkpoint',
    { timeout: 120_000 },
    async () => {
      const [a, b] = [instances.get('a')!, instances.get('b')!];
      const before = await overview(a.url);
      const holders = new Set(before.projections.map((p) => p.instance));
      expect(holders.size).toBe(1);
      const holderPid = Number([...holders][0]!.split(':').at(-1));
      const doomed = [a, b].find((i) => i.process.pid === holderPid)!;
      const survivor = doomed === a ? b : a;

      doomed.process.kill('SIGKILL');
      await doomed.exited;
      instances.delete(doomed.name);
      await waitUntil(async () => {
        const now = await overview(survivor.url);
        return now.projections.every((p) => p.instance?.endsWith(`:${survivor.process.pid}`) && p.state === 'live');
      }, 30_000);

      // Written after the takeover, projected by the survivor; and what the live projections built
      // equals a rebuild from the log: nothing skipped, nothing applied twice.
      const category = await api(survivor.url, '/api/admin/categories', {
        method: 'POST',
        body: JSON.stringify({ name: 'After the takeover', description: 'Written once the projections moved' }),
      });
      expect(category.status).toBe(201);
      const tables = ['catalogue_categories', 'catalogue_products', 'orders', 'audit_entries', 'admin_users'];
      const rows = async () => {
        const all: Record<string, unknown[]> = {};
        for (const table of tables)
          all[table] = (await sql`SELECT * FROM ${sql.id(table)} ORDER BY 1`.execute(database.db)).rows;
        return all;
      };
      await waitUntil(
        async () => (await overview(survivor.url)).projections.every((p) => p.behindEvents === 0),
        10_000,
      );
      const live = await rows();
      expect(JSON.stringify(live.catalogue_categories)).toContain('After the takeover');
      const rebuild = await api(survivor.url, '/api/admin/projections/all/rebuild', { method: 'POST' });
      expect(rebuild.status).toBe(202);
      await waitUntil(
        async () =>
          (await overview(survivor.url)).rebuilds.find((r) => r.id === rebuild.body.rebuild.id)?.state === 'done',
        60_000,
      );
      expect(await rows()).toEqual(live);

      await start(doomed.name);
    },
  );

  it(
    'restarts A then B (SIGTERM, start again) under shoppers browsing and checking out: no failed request, no lost checkout',
    { timeout: 180_000 },
    async () => {
      const balancer = await loadBalancer([...instances.values()].map((i) => i.url).sort());
      const product = ((await (await fetch(`${balancer.url}/products`)).json()) as ProductView[])[0]!;
      // A paid duration: a free trial costs nothing and is one per phone (docs/product.md#free-trials).
      const price = product.priceDurations.find((p) => p.active !== false && !isTrialDuration(p.duration))!;
      const failures: string[] = [];
      const checkouts: string[] = [];
      let answered = 0;
      let browsing = true;
      const shopper = async () => {
        while (browsing) {
          for (const pathname of ['/products', '/categories']) {
            const res = await fetch(`${balancer.url}${pathname}`).catch((error: Error) => ({ status: 0, error }));
            answered++;
            if (res.status !== 200) failures.push(`GET ${pathname}: ${res.status}`);
          }
          const res = await fetch(`${balancer.url}/api/payment/create-checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              amount: price.price,
              phone: '0550123456',
              items: [{ productId: product.id, duration: price.duration, quantity: 1 }],
            }),
          }).catch((error: Error) => ({ status: 0, error, json: async () => null }));
          answered++;
          if (res.status !== 200) failures.push(`checkout: ${res.status}`);
          else checkouts.push(((await res.json()) as { checkout: { id: string } }).checkout.id);
        }
      };
      const shoppers = [shopper(), shopper(), shopper()];
      for (const name of ['a', 'b']) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const instance = instances.get(name)!;
        instance.process.kill('SIGTERM');
        expect(await instance.exited).toBe(0);
        await start(name);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      browsing = false;
      await Promise.all(shoppers);
      await balancer.close();

      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(50);
      // Every checkout answered is an order: none lost across the restarts.
      const survivor = [...instances.values()][0]!;
      const lost: string[] = [];
      for (const id of checkouts)
        if ((await fetch(`${survivor.url}/api/payment/order/${id}`)).status !== 200) lost.push(id);
      expect(lost).toEqual([]);
      expect(checkouts.length).toBeGreaterThan(10);
    },
  );

  it('answers 503 on /readyz as soon as it is told to stop, lets a request in flight finish, and sends sockets away to reconnect', async () => {
    const instance = instances.get('a')!;
    const client: Socket = connect(instance.url, { auth: { token } });
    await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
    const reason = new Promise<string>((resolve) => client.once('disconnect', resolve));
    // A full CSV export is in flight when the signal comes.
    const exporting = fetch(`${instance.url}/api/admin/orders/export.csv`, {
      headers: { authorization: `Bearer ${token}` },
    });
    instance.process.kill('SIGTERM');
    await waitUntil(async () => (await fetch(`${instance.url}/readyz`)).status === 503, 2_000);
    const csv = await exporting;
    expect(csv.status).toBe(200);
    await csv.text();
    // A transport closed by the server, not a server-side disconnect: Socket.IO clients reconnect.
    expect(await reason).toBe('transport close');
    expect(await instance.exited).toBe(0);
    client.disconnect();
  });
});
