import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { adminToken } from '../../../test/support/admin';
import { TEST_JWT_SECRET, startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { freshDatabase } from '../../../test/support/database';
import { deleteKeys, requireRedis } from '../../../test/support/redis';
import type { RunningApp } from '../../main';
import { delay, waitUntil } from '../../../test/support/wait';

// A shopper pays but the provider's webhook never arrives: only reconciliation can settle the
// order. These tests take away what reconciliation might lean on (the jobs in Redis, the worker).

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function pendingPaidCheckout(app: RunningApp): Promise<string> {
  const token = await adminToken(app.url);
  const product = await createProduct(app.url, token, `Pack ${Math.random()}`, [['1 month', 2500]]);
  const res = await request(app.url)
    .post('/api/payment/create-checkout')
    .send({ amount: 2500, phone: '0550123456', items: [{ productId: product.id, duration: '1 month', quantity: 1 }] });
  expect(res.status).toBe(200);
  // Paid at the provider, with no webhook to tell us.
  await app.infra.database.pool.query(
    `UPDATE sandbox_checkouts SET status = 'paid', payment_method = 'baridi_mob', completed_at = now() WHERE id = $1`,
    [res.body.checkout.id],
  );
  return res.body.checkout.id;
}

const orderStatus = async (app: RunningApp, checkoutId: string) =>
  (
    await app.infra.database.pool.query<{ status: string }>('SELECT status FROM orders WHERE checkout_id = $1', [
      checkoutId,
    ])
  ).rows[0]?.status;

describe('reconciliation without its helpers', () => {
  it('settles a paid checkout after Redis lost every job and the app restarted', async () => {
    const redisUrl = requireRedis();
    const prefix = `test-flush-${Date.now().toString(36)}`;
    cleanups.push(() => deleteKeys(redisUrl, prefix));
    const { url: databaseUrl } = await freshDatabase({ migrate: false });
    const env = { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix };
    const first = await startTestApp({ env, databaseUrl });
    const checkoutId = await pendingPaidCheckout(first);
    await first.close();
    expect(await deleteKeys(redisUrl, prefix)).toBeGreaterThan(0);

    const second = await startTestApp({ env, databaseUrl });
    await waitUntil(async () => (await orderStatus(second, checkoutId)) === 'completed', 20_000);
  }, 60_000);

  it('settles a paid checkout when the worker holding its job is killed and another takes over', async () => {
    const redisUrl = requireRedis();
    const prefix = `test-worker-${Date.now().toString(36)}`;
    cleanups.push(() => deleteKeys(redisUrl, prefix));
    const { url: databaseUrl } = await freshDatabase({ migrate: false });
    // The job must still be waiting for its first poll when its worker dies.
    const env = { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, RUN_WORKERS: 'false', CHECKOUT_FIRST_POLL_AFTER: '5s' };
    const web = await startTestApp({ env, databaseUrl });
    const startWorker = () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../../worker.ts', import.meta.url))],
        {
          env: {
            ...process.env,
            ...env,
            DATABASE_URL: databaseUrl,
            DATA_DIR: mkdtempSync(path.join(tmpdir(), 'worker-')),
            JWT_SECRET: TEST_JWT_SECRET,
            LOG_LEVEL: 'silent',
            WORKER_METRICS_PORT: '0',
          },
          stdio: 'ignore',
        },
      );
      cleanups.push(async () => void child.kill('SIGKILL'));
      return child;
    };
    const doomed = startWorker();
    const checkoutId = await pendingPaidCheckout(web);
    // The job waits in Redis for its first poll; the worker dies without a chance to clean up.
    await delay(1500);
    doomed.kill('SIGKILL');
    await new Promise((resolve) => doomed.once('exit', resolve));
    expect(await orderStatus(web, checkoutId)).toBe('pending');

    startWorker();
    await waitUntil(async () => (await orderStatus(web, checkoutId)) === 'completed', 30_000);
  }, 60_000);
});
