import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopOrders } from '../../../bench/admin-shop';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';
import { SYSTEM } from '../../platform/eventstore/port';
import { INSTANCE_NAME } from '../../platform/instance';
import type { ProductView } from '../../shared/catalogue';
import type { ProjectionsOverview, RebuildView } from '../../shared/operations';

// Projection operations through the real app: the status of each read model, rebuilds started from
// the back office's API and from the CLI (one at a time), their progress on admins' sockets, a
// rebuild that gives back exactly the rows the live projections built, and a store that keeps
// answering shoppers while it runs.

const ORDERS = 3000;

describe('projection operations', () => {
  let app: RunningApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ env: { SEED_DEMO: 'true' } });
    token = await adminToken(app.url);
    // A shop's worth of orders in the log, so that a rebuild takes long enough to be watched.
    const metadata = () => ({ actor: SYSTEM, correlationId: randomUUID(), causationId: randomUUID() });
    for (const order of shopOrders(ORDERS, 600, Date.now()))
      await app.infra.store.append(order.stream, order.events, { expectedRevision: 'no_stream', metadata: metadata() });
    expect(await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 60_000 })).toBe(true);
    // As a store that has taken these orders (they carry no number: numbered in order, as before
    // numbers existed): the numbers of new orders go on from there (migration 011 does this).
    await sql`SELECT setval('order_numbers', ${ORDERS})`.execute(app.infra.db);
  });
  const api = () => request(app.url);
  const overview = async () =>
    (await api().get('/api/admin/projections').set(bearer(token)).expect(200)).body as ProjectionsOverview;
  const rebuildDone = (id: string) =>
    waitUntil(async () => (await overview()).rebuilds.find((r) => r.id === id)?.state === 'done', 60_000);

  /** Every row of every read model's tables, in key order. */
  async function readModels(): Promise<Record<string, unknown[]>> {
    const tables = app.runner.projections.flatMap((p) => p.tables);
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) {
      const result = await sql<Record<string, unknown>>`SELECT * FROM ${sql.id(table)} ORDER BY 1`.execute(
        app.infra.db,
      );
      rows[table] = result.rows;
    }
    return rows;
  }

  it('are for admins only', async () => {
    await api().get('/api/admin/projections').expect(401);
    await api().post('/api/admin/projections/all/rebuild').expect(401);
  });

  it('show each read model live at the head, and the instance running it', async () => {
    const status = await overview();
    expect(status.projections.map((p) => p.name).sort()).toEqual(app.runner.projections.map((p) => p.name).sort());
    for (const projection of status.projections)
      expect(projection).toMatchObject({ state: 'live', behindEvents: 0, error: null, instance: INSTANCE_NAME });
    expect(status.projections.find((p) => p.name === 'orders')!.position).toBe(status.head);
  });

  it('refuse a name no read model has, and anything that is not a name', async () => {
    const unknown = await api().post('/api/admin/projections/nope/rebuild').set(bearer(token)).expect(404);
    expect(unknown.body.message).toMatch(/No read model named "nope"; read models: .*orders/);
    const bad = await api().post('/api/admin/projections/DROP%20TABLE/rebuild').set(bearer(token)).expect(400);
    expect(bad.body.message).toMatch(/Name a read model, or all/);
  });

  it('rebuild every read model to exactly the rows the live projections built, pushing progress to admins', async () => {
    const before = await readModels();
    // As a browser connects: long-polling first, then the upgrade.
    const admin: Socket = connect(app.url, { auth: { token } });
    const shopper: Socket = connect(app.url);
    const seen: RebuildView[] = [];
    const seenByShopper: unknown[] = [];
    admin.on('projectionRebuild', ({ rebuild }: { rebuild: RebuildView }) => seen.push(rebuild));
    shopper.on('projectionRebuild', (payload) => seenByShopper.push(payload));
    await Promise.all([admin, shopper].map((s) => new Promise((resolve) => s.once('connect', () => resolve(s)))));

    const started = await api().post('/api/admin/projections/all/rebuild').set(bearer(token)).expect(202);
    const rebuild = started.body.rebuild as RebuildView;
    expect(rebuild).toMatchObject({
      state: 'running',
      origin: 'admin',
      startedBy: { name: expect.any(String) },
      instance: INSTANCE_NAME,
    });
    expect(rebuild.projections.sort()).toEqual(app.runner.projections.map((p) => p.name).sort());
    await rebuildDone(rebuild.id);
    await waitUntil(() => seen.some((r) => r.id === rebuild.id && r.state === 'done'), 10_000);

    // Each change once: the last state is not pushed again at every look.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(seen.filter((r) => r.id === rebuild.id && r.state === 'done')).toHaveLength(1);
    const done = seen.find((r) => r.id === rebuild.id && r.state === 'done')!;
    expect(done.events).toBeGreaterThan(ORDERS);
    expect(done.totalEvents).toBe(done.events);
    expect(done.durationMs).toBeGreaterThan(0);
    expect(done.rows).toMatchObject({ orders: ORDERS, audit_entries: expect.any(Number) });
    expect(seenByShopper).toEqual([]);
    const after = await readModels();
    // catalogue_version is a random token each change (the swap included) sets, to have instances reload.
    for (const table of Object.keys(before).filter((t) => t !== 'catalogue_version'))
      expect(after[table], table).toEqual(before[table]);
    admin.disconnect();
    shopper.disconnect();
  });

  it('refuse a second rebuild while one runs (409 naming it), whoever asks', async () => {
    const answers = await Promise.all(
      ['orders', 'audit', 'all'].map((name) => api().post(`/api/admin/projections/${name}/rebuild`).set(bearer(token))),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([202, 409, 409]);
    const accepted = answers.find((res) => res.status === 202)!.body.rebuild as RebuildView;
    for (const refused of answers.filter((res) => res.status === 409))
      expect(refused.body.message).toMatch(/A rebuild of .* is already running \(started by .* at .*\)/);
    const during = await overview();
    for (const name of accepted.projections)
      expect(during.projections.find((p) => p.name === name)!.state).toBe('rebuilding');
    await rebuildDone(accepted.id);
  });

  it(
    'keep the catalogue and checkout answering during a rebuild: no failed request',
    { timeout: 120_000 },
    async () => {
      const products = (await api().get('/products').expect(200)).body as ProductView[];
      const product = products.find((p) => p.priceDurations.some((d) => d.active !== false && d.price > 0))!;
      const price = product.priceDurations.find((d) => d.active !== false && d.price > 0)!;
      const started = (await api().post('/api/admin/projections/all/rebuild').set(bearer(token)).expect(202)).body
        .rebuild as RebuildView;
      let running = true;
      const failures: string[] = [];
      let answered = 0;
      const shopper = async () => {
        while (running) {
          const answers = await Promise.all([
            api().get('/products'),
            api().get('/categories'),
            api()
              .post('/api/payment/create-checkout')
              .send({
                amount: price.price,
                phone: '0550123456',
                items: [{ productId: product.id, duration: price.duration, quantity: 1 }],
              }),
          ]);
          for (const res of answers) {
            answered++;
            if (res.status >= 300) failures.push(`${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      };
      const shoppers = [shopper(), shopper()];
      await rebuildDone(started.id);
      running = false;
      await Promise.all(shoppers);
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(30);
    },
  );

  it('show a rebuild started from the CLI, with its progress on admins sockets, and the CLI the status', async () => {
    const admin: Socket = connect(app.url, { auth: { token } });
    const seen: RebuildView[] = [];
    admin.on('projectionRebuild', ({ rebuild }: { rebuild: RebuildView }) => seen.push(rebuild));
    await new Promise((resolve) => admin.once('connect', () => resolve(undefined)));
    const cli = await runCli(['rebuild', 'orders']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/rebuilt orders: \d+ events/);
    const last = (await overview()).rebuilds[0]!;
    expect(last).toMatchObject({ projections: ['orders'], origin: 'cli', startedBy: null, state: 'done' });
    await waitUntil(() => seen.some((r) => r.id === last.id && r.state === 'done'), 10_000);
    admin.disconnect();

    const status = await runCli(['status']);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/'orders'.*'live'/);
    expect(status.stdout).toContain(INSTANCE_NAME);
  });

  it('say which read model failed and why', async () => {
    // An event no projection can fold (an order placed with nothing in it): the orders projection fails on it.
    await app.infra.store.append(`order-${randomUUID()}`, [{ type: 'OrderPlaced', data: {} }], {
      expectedRevision: 'no_stream',
      metadata: { actor: SYSTEM, correlationId: randomUUID(), causationId: randomUUID() },
    });
    await waitUntil(
      async () => (await overview()).projections.find((p) => p.name === 'orders')!.state === 'failed',
      15_000,
    );
    const orders = (await overview()).projections.find((p) => p.name === 'orders')!;
    expect(orders.error).toEqual(expect.any(String));
    expect(orders.behindEvents).toBeGreaterThan(0);
  });

  function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/projections.ts', ...args], {
        env: { ...process.env, DATABASE_URL: app.infra.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stdout, stderr }));
    });
  }
});
