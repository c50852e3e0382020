import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { loadConfig } from '../../src/config';
import { startApp, type RunningApp } from '../../src/main';
import { freshDatabase } from './database';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery' };
/** Known to tests so they can forge tokens the way an attacker with the key could. */
export const TEST_JWT_SECRET = 'test-only-secret-0123456789-abcdefghijklmnop';

/**
 * The real server on a fresh database of its own, on a free port, serving web/dist.
 * Closed automatically after the calling file's tests (closing twice is harmless).
 */
export async function startTestApp(options: { env?: Record<string, string>; databaseUrl?: string } = {}): Promise<RunningApp> {
  const databaseUrl = options.databaseUrl ?? (await freshDatabase({ migrate: false })).url;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'iptv-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    ...options.env,
  });
  const app = await startApp(config);
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= app.close().finally(() => rmSync(dataDir, { recursive: true, force: true })));
  afterAll(close);
  return { ...app, close };
}
