import type { Router } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { durationToMs, type StoreConfig } from '../../../config';
import type { Database } from '../../../projections/database';
import { createChargilyProvider } from './chargily';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxTables } from './sandbox';
import { sandboxPageRouter } from './sandbox-page';

export * from './provider';

export interface ConfiguredPaymentProvider extends PaymentProvider {
  /** The sandbox's hosted checkout page (GET/POST /sandbox/checkout/:id); mount it at the root. None with Chargily. */
  router?: Router;
}

type PaymentConfig = Pick<
  StoreConfig,
  | 'PAYMENT_PROVIDER'
  | 'PUBLIC_URL'
  | 'SANDBOX_WEBHOOK_SECRET'
  | 'CHECKOUT_EXPIRES_AFTER'
  | 'CHARGILY_API_KEY'
  | 'CHARGILY_MODE'
  | 'CHARGILY_API_URL'
>;

/** The provider PAYMENT_PROVIDER names: the sandbox (default) or Chargily Pay V2. */
export function createPaymentProvider(
  config: PaymentConfig,
  deps: { db: Kysely<Database>; logger?: Pick<Logger, 'warn'> },
): ConfiguredPaymentProvider {
  if (config.PAYMENT_PROVIDER === 'chargily') {
    // loadConfig already refuses chargily without a key; this keeps the type honest.
    if (!config.CHARGILY_API_KEY) throw new Error('CHARGILY_API_KEY is required when PAYMENT_PROVIDER=chargily');
    return createChargilyProvider({
      apiKey: config.CHARGILY_API_KEY,
      mode: config.CHARGILY_MODE,
      apiUrl: config.CHARGILY_API_URL,
      logger: deps.logger,
    });
  }
  const sandbox = createSandboxProvider({
    // The sandbox's table is its own (migration 006), outside the read models' Database.
    db: deps.db.withTables<SandboxTables>(),
    logger: deps.logger,
    publicUrl: config.PUBLIC_URL,
    webhookSecret: config.SANDBOX_WEBHOOK_SECRET,
    expiresAfterMs: durationToMs(config.CHECKOUT_EXPIRES_AFTER),
  });
  return Object.assign(sandbox, { router: sandboxPageRouter(sandbox) });
}
