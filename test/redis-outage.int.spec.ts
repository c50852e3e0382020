import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from './support/wait';
import { adminToken } from './support/admin';
import { startTestApp } from './support/app';
import { createProduct } from './support/catalogue';
import { freePort } from './support/services';

// Redis lost and back, for real: a redis-server of the test's own is killed while shoppers browse
// and check out, then started again on the same port. Shoppers never notice; the checkouts placed
// while it was away are reconciled once it is back (their jobs could not be added meanwhile), so a
// checkout paid at the provider whose webhook never came is still settled: nothing is lost.

describe('Redis lost and back', () => {
  let redis: ChildProcess | undefined;
  afterAll(() => void redis?.kill('SIGKILL'));

  async function startRedis(port: number): Promise<void> {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitUntil(async () => {
      const { Redis } = await import('ioredis');
      const client = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      try {
        await client.connect();
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        client.disconnect();
      }
    }, 10_000);
  }

  async function stopRedis(): Promise<void> {
    const exited = new Promise((resolve) => redis!.once('exit', resolve));
    redis!.kill('SIGKILL');
    await exited;
  }

  it('keeps shoppers browsing and checking out, and reconciles what was placed meanwhile once it is back', async () => {
    const port = await freePort();
    await startRedis(port);
    const app = await startTestApp({
      env: {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        QUEUE_PREFIX: `outage-${randomBytes(3).toString('hex')}`,
        // Polls come soon, so reconciliation (not a webhook) is what settles the orders here.
        CHECKOUT_FIRST_POLL_AFTER: '1s',
      },
    });
    const token = await adminToken(app.url);
    const product = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
    const checkout = async () => {
      const res = await request(app.url)
        .post('/api/payment/create-checkout')
        .send({
          amount: 2000,
          phone: '0550123456',
          items: [{ productId: product.id, duration: '1 month', quantity: 1 }],
        });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.checkout.id as string;
    };
    // Paid at the provider, its webhook lost: only a reconciliation poll can settle it.
    const paidWithoutWebhook = async (checkoutId: string) =>
      app.infra.database.pool.query(
        `UPDATE sandbox_checkouts SET status = 'paid', payment_method = 'baridi_mob', completed_at = now() WHERE id = $1`,
        [checkoutId],
      );
    const status = async (checkoutId: string) =>
      (
        await app.infra.database.pool.query<{ status: string }>('SELECT status FROM orders WHERE checkout_id = $1', [
          checkoutId,
        ])
      ).rows[0]?.status;

    const before = await checkout();
    await paidWithoutWebhook(before);
    await waitUntil(async () => (await status(before)) === 'completed', 15_000);

    await stopRedis();
    const during: string[] = [];
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      expect((await request(app.url).get('/products')).status).toBe(200);
      expect((await request(app.url).get('/categories')).status).toBe(200);
      during.push(await checkout());
    }
    // Not held up by the outage either.
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const id of during) await paidWithoutWebhook(id);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (const id of during) expect(await status(id)).toBe('pending');

    await startRedis(port);
    await waitUntil(async () => (await Promise.all(during.map(status))).every((s) => s === 'completed'), 30_000);
  }, 90_000);
});
