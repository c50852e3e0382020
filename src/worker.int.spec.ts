import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/support/database';
import { deleteKeys, requireRedis } from '../test/support/redis';
import { freePort } from '../test/support/services';
import { waitUntil } from '../test/support/wait';

// `npm run worker` as operators run it, a process of its own on the shop's PostgreSQL and Redis:
// it serves its own /metrics (its jobs fail and retry in it), to loopback callers or to whoever
// presents METRICS_TOKEN.

const TOKEN = 'worker-metrics-token-0123456789';

describe('npm run worker', () => {
  const workers: ChildProcess[] = [];
  let redisUrl: string;
  let prefix: string;
  beforeAll(() => {
    redisUrl = requireRedis();
    prefix = `test-worker-${randomBytes(4).toString('hex')}`;
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGTERM');
    await deleteKeys(redisUrl, prefix);
  });

  async function startWorker(env: Record<string, string> = {}): Promise<string> {
    const database = await freshDatabase();
    const port = await freePort();
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        HOST: '127.0.0.1',
        WORKER_METRICS_PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'worker-')),
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: 'ignore',
    });
    workers.push(worker);
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(
      () =>
        fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(
          (res) => res.status === 200,
          () => false,
        ),
      30_000,
    );
    return url;
  }

  it('serves its job metrics on its own port to a loopback caller, and nothing else', async () => {
    const url = await startWorker();
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await metrics.text();
    expect(text).toMatch(/^# TYPE iptv_job_queue_depth gauge$/m);
    expect(text).toMatch(/^iptv_job_queue_depth\{job="[\w-]+",state="waiting"\} \d+$/m);
    expect(text).toMatch(/^# TYPE iptv_jobs_failed_total counter$/m);
    expect(text).toMatch(/^iptv_process_cpu_seconds_total /m);
    expect((await fetch(`${url}/`)).status).toBe(404);
  });

  it('answers only the bearer of METRICS_TOKEN when one is set', async () => {
    const url = await startWorker({ METRICS_TOKEN: TOKEN });
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(404);
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('iptv_job_queue_depth');
  });
});
