import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Logger } from '../../src/logger';
import { startApp, type RunningApp } from '../../src/main';
import type { Clock } from '../../src/platform/clock';
import { freshDatabase } from './database';
import { deleteKeys } from './redis';
import { freePort } from './services';

export type { RunningApp };

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery' };
/** Known to tests so they can forge tokens the way an attacker with the key could. */
export const TEST_JWT_SECRET = 'test-only-secret-0123456789-abcdefghijklmnop';

/**
 * The real server on a fresh database of its own, on a free port, serving web/dist.
 * Closed automatically after the calling file's tests (closing twice is harmless).
 */
export async function startTestApp(
  options: {
    env?: Record<string, string>;
    databaseUrl?: string;
    clock?: Clock;
    /** To read what it logs. */
    logger?: Logger;
  } = {},
): Promise<RunningApp> {
  const databaseUrl = options.databaseUrl ?? (await freshDatabase({ migrate: false })).url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iptv-test-'));
  // A known port, so PUBLIC_URL (payment return links, webhooks) points at this very app.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    // Test apps share one Redis; each keeps its jobs to itself.
    QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    // Tests place many checkouts from one address; the throttles' own test sets the real limits.
    CHECKOUTS_PER_MINUTE: '100000',
    CHECKOUTS_PER_PHONE_PER_10_MINUTES: '100000',
    REJECTED_CHECKOUTS_PER_MINUTE: '100000',
    CHECKOUT_STATUS_PER_MINUTE: '100000',
    PHONE_CHANGES_PER_10_MINUTES: '100000',
    ORDER_PAGES_PER_MINUTE: '100000',
    ORDER_LOOKUP_MISSES_PER_10_MINUTES: '100000',
    TRIALS_PER_ADDRESS_PER_DAY: '100000',
    ...options.env,
  });
  const app = await startApp(config, options.logger, { clock: options.clock });
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= app.close().finally(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      // A queue prefix of the test's own (not one a test chose to share) leaves nothing behind.
      if (config.REDIS_URL && !options.env?.QUEUE_PREFIX) await deleteKeys(config.REDIS_URL, config.QUEUE_PREFIX);
    }));
  afterAll(close);
  return { ...app, close };
}
