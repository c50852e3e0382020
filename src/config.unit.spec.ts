import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, durationToMs, loadConfig, redactUrl } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-'));
/** A DATA_ENCRYPTION_KEY, as production requires one. */
const KEY = Buffer.alloc(32, 1).toString('base64');

describe('configuration', () => {
  it('runs embedded with nothing configured', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      PORT: 3000,
      embeddedPostgres: true,
      SEED_DEMO: true,
      PAYMENT_PROVIDER: 'sandbox',
      JWT_EXPIRES_IN: '12h',
    });
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('leaves secrets it is not given to the store, which shares them through its database (platform/secrets.ts)', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.SANDBOX_WEBHOOK_SECRET).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'k'.repeat(40) }).JWT_SECRET).toBe('k'.repeat(40));
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET: required/);
  });

  it('requires DATA_ENCRYPTION_KEY in production, as 32 bytes of base64 or hex', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
      /DATA_ENCRYPTION_KEY: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: 'short' })).toThrow(
      /DATA_ENCRYPTION_KEY: must be 32 bytes/,
    );
    expect(loadConfig({ DATA_DIR: dataDir(), DATA_ENCRYPTION_KEY: 'ab'.repeat(32) }).DATA_ENCRYPTION_KEY).toBe(
      'ab'.repeat(32),
    );
    expect(loadConfig({ DATA_DIR: dataDir() }).DATA_ENCRYPTION_KEY).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir() }).TRIAL_LENGTH).toBe('24h');
  });

  it('refuses the sandbox provider in production unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    const production = {
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: KEY,
      PUBLIC_URL: 'https://shop.example.dz',
    };
    expect(() => loadConfig(production)).toThrow(/PAYMENT_PROVIDER: the sandbox pays orders without money/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(ConfigError);
    const allowed = loadConfig({ ...production, ALLOW_SANDBOX_PAYMENTS: 'true' });
    expect(allowed.PAYMENT_PROVIDER).toBe('sandbox');
    expect(allowed.warnings.join()).toMatch(/ALLOW_SANDBOX_PAYMENTS=true/);
    expect(loadConfig({ DATA_DIR: dataDir() }).warnings).toEqual([]);
  });

  describe('in production', () => {
    const chargily = () => ({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEY: KEY,
      PUBLIC_URL: 'https://shop.example.dz',
      PAYMENT_PROVIDER: 'chargily',
      CHARGILY_API_KEY: 'live_sk_1',
      CHARGILY_MODE: 'live',
    });

    it('starts with an https PUBLIC_URL and Chargily live, warning of nothing', () => {
      expect(loadConfig(chargily()).warnings).toEqual([]);
    });

    it('refuses Chargily test mode unless ALLOW_TEST_PAYMENTS=true, then warns', () => {
      const test = { ...chargily(), CHARGILY_MODE: 'test', CHARGILY_API_KEY: 'test_sk_1' };
      expect(() => loadConfig(test)).toThrow(/CHARGILY_MODE: test mode's test cards complete orders without money/);
      const config = loadConfig({ ...test, ALLOW_TEST_PAYMENTS: 'true' });
      expect(config.warnings).toEqual([expect.stringMatching(/CHARGILY_MODE=test/)]);
    });

    it('requires PUBLIC_URL, and an https one, unless ALLOW_INSECURE_PUBLIC_URL=true', () => {
      const { PUBLIC_URL: _unset, ...withoutUrl } = chargily();
      expect(() => loadConfig(withoutUrl)).toThrow(/PUBLIC_URL: required with NODE_ENV=production/);
      expect(() => loadConfig({ ...chargily(), PUBLIC_URL: 'http://shop.example.dz' })).toThrow(/PUBLIC_URL/);
      const trial = loadConfig({
        ...chargily(),
        PUBLIC_URL: 'http://localhost:8080',
        ALLOW_INSECURE_PUBLIC_URL: 'true',
      });
      expect(trial.PUBLIC_URL).toBe('http://localhost:8080');
      // Outside production an unset PUBLIC_URL is this machine's address, as npm start needs.
      expect(loadConfig({ DATA_DIR: dataDir(), PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100');
    });

    it('names every refused setting at once', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(
        /JWT_SECRET: required[\s\S]*PUBLIC_URL: required[\s\S]*PAYMENT_PROVIDER: the sandbox/,
      );
    });
  });

  it('trusts X-Forwarded-For from no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).TRUST_PROXY).toBe(
      'loopback, 10.0.0.0/8, fd00::/8',
    );
  });

  it('keeps /metrics to loopback callers unless METRICS_TOKEN is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'prometheus-0123456789' }).METRICS_TOKEN).toBe(
      'prometheus-0123456789',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ TRUST_PROXY: 'everyone' }, /TRUST_PROXY: a number of proxy hops/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be a URL starting with postgres:\/\//],
    [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL/],
    [{ EVENTSTORE_URL: 'http://x' }, /EVENTSTORE_URL/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET: must be at least 32 characters/],
    [{ PAYMENT_PROVIDER: 'paypal' }, /PAYMENT_PROVIDER/],
    [{ PAYMENT_PROVIDER: 'chargily' }, /CHARGILY_API_KEY: required/],
    [{ JWT_EXPIRES_IN: 'forever' }, /JWT_EXPIRES_IN/],
    [{ SUPPORT_WHATSAPP: '+213 550 00 00 00' }, /SUPPORT_WHATSAPP: the international number in digits only/],
    [{ SUPPORT_PHONE: 'call us' }, /SUPPORT_PHONE/],
    [{ SUPPORT_EMAIL: 'support' }, /SUPPORT_EMAIL/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be 16 to 256 printable characters without spaces/],
    [{ METRICS_TOKEN: 'a token with spaces inside' }, /METRICS_TOKEN/],
  ])('stops on a bad value and names the variable: %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('reads flags, lists and durations', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SEED_DEMO: '0',
      CORS_ORIGINS: 'https://a.dz, https://b.dz',
      REDIS_URL: 'redis://r:6379',
    });
    expect(config.SEED_DEMO).toBe(false);
    expect(config.CORS_ORIGINS).toEqual(['https://a.dz', 'https://b.dz']);
    expect(config.REDIS_URL).toBe('redis://r:6379');
    expect(durationToMs('30m')).toBe(1_800_000);
    expect(durationToMs('12h')).toBe(43_200_000);
    expect(durationToMs('250ms')).toBe(250);
  });

  it('turns automatic delivery on with PROVISIONING_URL, which requires PROVISIONING_SECRET', () => {
    const off = loadConfig({ DATA_DIR: dataDir() });
    expect(off.PROVISIONING_URL).toBeUndefined();
    expect(off.PROVISIONING_ATTEMPTS).toBe(5);
    const url = 'https://provisioning.example.net/subscriptions';
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROVISIONING_URL: url })).toThrow(
      /PROVISIONING_SECRET: required when PROVISIONING_URL is set/,
    );
    const secret = 'p'.repeat(32);
    expect(loadConfig({ DATA_DIR: dataDir(), PROVISIONING_URL: url, PROVISIONING_SECRET: secret })).toMatchObject({
      PROVISIONING_URL: url,
      PROVISIONING_RETRY_AFTER: '5s',
    });
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), PROVISIONING_URL: 'https://u:pw@p.example.net/', PROVISIONING_SECRET: secret }),
    ).toThrow(/PROVISIONING_URL: must not carry a user or password/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PROVISIONING_URL: 'ftp://p.example.net/' })).toThrow(
      /PROVISIONING_URL/,
    );
  });

  it('hides passwords in URLs it prints', () => {
    expect(redactUrl('postgres://shop:s3cret@db:5432/store')).toBe('postgres://shop:***@db:5432/store');
    expect(redactUrl('redis://cache:6379')).toBe('redis://cache:6379');
  });
});
