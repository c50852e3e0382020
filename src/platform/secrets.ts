import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, type Config, type StoreConfig } from '../config';
import { generateEncryptionKey } from './crypto/sealed';
import type { Infrastructure } from './runtime';

// Secrets the store signs with, which every app instance and worker on one database must share: a
// token signed by A is checked by B, a sandbox webhook signed by B's checkout page is checked by A.
// Generated into each DATA_DIR, two instances had two (a checkout opened on A and paid on B never
// completed: A refused B's webhook with 401). So a secret left to the store is generated once into
// the database and read from there by every process; one that is configured is recorded only by its
// fingerprint, and a process configured with another value is refused at start, naming it.

export interface SharedSecrets {
  JWT_SECRET: string;
  SANDBOX_WEBHOOK_SECRET: string;
  /** Seals activation details (docs/security.md#encryption-at-rest); configured in production. */
  DATA_ENCRYPTION_KEY: string;
}

const signingSecret = () => randomBytes(48).toString('base64url');

/**
 * Each secret: its setting, how a new one is made, and the file under DATA_DIR where versions
 * before this one generated it (none for the encryption key, which came later).
 */
const SECRETS: readonly { setting: keyof SharedSecrets; generate: () => string; legacyFile?: string }[] = [
  { setting: 'JWT_SECRET', generate: signingSecret, legacyFile: 'jwt-secret' },
  { setting: 'SANDBOX_WEBHOOK_SECRET', generate: signingSecret, legacyFile: 'sandbox-webhook-secret' },
  { setting: 'DATA_ENCRYPTION_KEY', generate: generateEncryptionKey },
];

interface SecretRow {
  name: string;
  value: string | null;
  fingerprint: string;
}

interface SecretTables {
  shared_secrets: SecretRow;
}

const fingerprint = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * The settings of a process that signs or checks with the secrets (the store, the worker), with
 * them; refused (the infrastructure closed) when this process's disagree with the others'. Tools
 * that sign nothing (`npm run projections`, `migrate`) do without.
 */
export async function withSharedSecrets(infra: Infrastructure, settings: Config): Promise<StoreConfig> {
  try {
    return { ...settings, ...(await resolveSharedSecrets(infra.db, settings)) };
  } catch (error) {
    await infra.close();
    throw error;
  }
}

/** Every shared secret: configured ones checked against the database, the others read (or made) there. */
export async function resolveSharedSecrets(
  db: Kysely<any>,
  config: Pick<Config, keyof SharedSecrets | 'DATA_DIR' | 'ACCEPT_NEW_SECRETS'>,
): Promise<SharedSecrets> {
  const secrets = {} as SharedSecrets;
  for (const { setting, generate, legacyFile } of SECRETS) {
    const configured = config[setting];
    secrets[setting] = configured
      ? await checkConfigured(db, setting, configured, config.ACCEPT_NEW_SECRETS)
      : await sharedGenerated(db, setting, generate, legacyFile && path.join(config.DATA_DIR, legacyFile));
  }
  return secrets;
}

async function checkConfigured(db: Kysely<any>, name: string, secret: string, acceptNew: boolean): Promise<string> {
  const mine = fingerprint(secret);
  const recorded = await recordOnce(db, { name, value: null, fingerprint: mine });
  if (recorded.fingerprint === mine && recorded.value === null) return secret;
  if (acceptNew) {
    await (db as Kysely<SecretTables>)
      .updateTable('shared_secrets')
      .set({ value: null, fingerprint: mine })
      .where('name', '=', name)
      .execute();
    return secret;
  }
  throw new ConfigError(
    recorded.value === null
      ? `Invalid configuration:\n  ${name}: differs from the one the other instances and workers on this database were started with; set the same ${name} on every one (to change it: stop them all, then start each with the new value and ACCEPT_NEW_SECRETS=true once)`
      : `Invalid configuration:\n  ${name}: the other instances on this database use one the store generated; leave ${name} unset here too, or set it on every instance (to move to a configured one: stop them all, then start each with it and ACCEPT_NEW_SECRETS=true once)`,
  );
}

async function sharedGenerated(
  db: Kysely<any>,
  name: string,
  generate: () => string,
  legacyFile: string | undefined,
): Promise<string> {
  // An install that generated it under DATA_DIR keeps it (its admins stay signed in).
  const candidate = (legacyFile && readLegacy(legacyFile)) || generate();
  const recorded = await recordOnce(db, { name, value: candidate, fingerprint: fingerprint(candidate) });
  if (recorded.value !== null) return recorded.value;
  throw new ConfigError(
    `Invalid configuration:\n  ${name}: set on the other instances and workers on this database, not here; set the same ${name} here`,
  );
}

/** The row under `name`: `row` if none was there (whoever inserts first wins, the others read it). */
async function recordOnce(db: Kysely<any>, row: SecretRow): Promise<SecretRow> {
  const secrets = db as Kysely<SecretTables>;
  await secrets
    .insertInto('shared_secrets')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return secrets
    .selectFrom('shared_secrets')
    .select(['name', 'value', 'fingerprint'])
    .where('name', '=', row.name)
    .executeTakeFirstOrThrow();
}

function readLegacy(file: string): string | undefined {
  try {
    const existing = readFileSync(file, 'utf8').trim();
    return existing.length >= 32 ? existing : undefined;
  } catch {
    return undefined;
  }
}
