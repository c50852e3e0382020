import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../test/support/admin';
import { createProduct } from '../../test/support/catalogue';
import { startTestApp } from '../../test/support/app';
import { freshDatabase } from '../../test/support/database';
import { ConfigError } from '../config';
import { waitUntil } from '../../test/support/wait';
import { createSealer, parseEncryptionKey } from './crypto/sealed';
import { resolveSharedSecrets } from './secrets';

// Secrets shared by every process on one database: generated once there, or configured alike on
// every instance (another value is refused at start, naming the setting).

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'secrets-'));
const settings = (
  values: { JWT_SECRET?: string; SANDBOX_WEBHOOK_SECRET?: string; ACCEPT_NEW_SECRETS?: boolean } = {},
) => ({
  DATA_DIR: dataDir(),
  ACCEPT_NEW_SECRETS: false,
  ...values,
});

describe('shared secrets', () => {
  it('are generated once per database: two instances with their own DATA_DIR get the same', async () => {
    const { db } = await freshDatabase();
    const [a, b] = await Promise.all([resolveSharedSecrets(db, settings()), resolveSharedSecrets(db, settings())]);
    expect(a).toEqual(b);
    expect(a.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(a.SANDBOX_WEBHOOK_SECRET).not.toBe(a.JWT_SECRET);
    // The encryption key too: what one instance seals, another opens.
    expect(parseEncryptionKey(a.DATA_ENCRYPTION_KEY)).toHaveLength(32);
    const sealed = createSealer(a.DATA_ENCRYPTION_KEY).seal({ password: 'p' });
    expect(createSealer(b.DATA_ENCRYPTION_KEY).open(sealed)).toEqual({ password: 'p' });
  });

  it('keep the secret an earlier version generated under DATA_DIR, so its admins stay signed in', async () => {
    const { db } = await freshDatabase();
    const dir = dataDir();
    writeFileSync(path.join(dir, 'jwt-secret'), `${'legacy-'.repeat(8)}\n`);
    const secrets = await resolveSharedSecrets(db, { ...settings(), DATA_DIR: dir });
    expect(secrets.JWT_SECRET).toBe('legacy-'.repeat(8));
    expect((await resolveSharedSecrets(db, settings())).JWT_SECRET).toBe('legacy-'.repeat(8));
  });

  it('accept one configured alike everywhere, and refuse another value, naming it', async () => {
    const { db } = await freshDatabase();
    const jwt = 'configured-jwt-secret-0123456789-abcdef';
    expect((await resolveSharedSecrets(db, settings({ JWT_SECRET: jwt }))).JWT_SECRET).toBe(jwt);
    expect((await resolveSharedSecrets(db, settings({ JWT_SECRET: jwt }))).JWT_SECRET).toBe(jwt);
    const other = resolveSharedSecrets(db, settings({ JWT_SECRET: 'another-jwt-secret-0123456789-abcdef' }));
    await expect(other).rejects.toThrow(ConfigError);
    await expect(other).rejects.toThrow(/JWT_SECRET: differs from the one the other instances/);
    // Left unset where the others configure it: refused too, not given a secret of its own.
    await expect(resolveSharedSecrets(db, settings())).rejects.toThrow(/JWT_SECRET: set on the other instances/);
  });

  it('refuse a configured one where the others use a generated one, unless told to accept it (rotation)', async () => {
    const { db } = await freshDatabase();
    await resolveSharedSecrets(db, settings());
    const configured = 'new-sandbox-secret-0123456789';
    await expect(resolveSharedSecrets(db, settings({ SANDBOX_WEBHOOK_SECRET: configured }))).rejects.toThrow(
      /SANDBOX_WEBHOOK_SECRET: the other instances on this database use one the store generated/,
    );
    const rotated = await resolveSharedSecrets(
      db,
      settings({ SANDBOX_WEBHOOK_SECRET: configured, ACCEPT_NEW_SECRETS: true }),
    );
    expect(rotated.SANDBOX_WEBHOOK_SECRET).toBe(configured);
    expect(
      (await resolveSharedSecrets(db, settings({ SANDBOX_WEBHOOK_SECRET: configured }))).SANDBOX_WEBHOOK_SECRET,
    ).toBe(configured);
  });

  it('let two store instances started alike (own DATA_DIR, no secrets set) accept each other: sign-ins, and a checkout opened on A paid on B', async () => {
    const database = await freshDatabase({ migrate: false });
    // startTestApp sets a JWT_SECRET; these are left to the store, as two plain `npm start` would.
    const unset = { JWT_SECRET: '' };
    const a = await startTestApp({ databaseUrl: database.url, env: unset });
    // Behind one address (a proxy): B's sandbox page sends its webhook to A.
    const b = await startTestApp({ databaseUrl: database.url, env: { ...unset, PUBLIC_URL: a.url } });
    expect(a.config.JWT_SECRET).toBe(b.config.JWT_SECRET);
    expect(a.config.SANDBOX_WEBHOOK_SECRET).toBe(b.config.SANDBOX_WEBHOOK_SECRET);
    const signedInOnA = await adminToken(a.url);
    await request(b.url).get('/api/admin/me').set(bearer(signedInOnA)).expect(200);

    const product = await createProduct(a.url, signedInOnA, 'Gold', [['1 month', 2000]]);
    const opened = await request(a.url)
      .post('/api/payment/create-checkout')
      .send({ amount: 2000, phone: '0550123456', items: [{ productId: product.id, duration: '1 month', quantity: 1 }] })
      .expect(200);
    const checkoutId = opened.body.checkout.id as string;
    await request(b.url)
      .post(`/sandbox/checkout/${checkoutId}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' })
      .expect(303);
    await waitUntil(async () => {
      const order = (await request(a.url).get(`/api/payment/order/${checkoutId}`)).body.order as
        { status?: string } | undefined;
      return order?.status === 'completed';
    }, 15_000);
  });
});
