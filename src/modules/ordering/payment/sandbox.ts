import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { parseSignedWebhook, signWebhook, toChargilyMethod } from './chargily';
import {
  CheckoutNotFound,
  ProviderRejected,
  type CreateCheckoutRequest,
  type PaymentProvider,
  type ProviderCheckout,
} from './provider';
import {
  STORE_CURRENCY,
  type CheckoutLanguage as Locale,
  type CheckoutStatus,
  type PaymentMethod,
} from '../../../shared/ordering';

// The default provider: our own hosted checkout page (sandbox-page.ts), with its checkouts in
// PostgreSQL so any app instance can serve the page, the polling and the webhook. It behaves like
// Chargily where the ordering module can tell: same webhook body and signature, and a checkout left
// alone stops being payable, here after CHECKOUT_EXPIRES_AFTER (reported as 'expired').

/** A row of sandbox_checkouts (migrations/006_sandbox_checkouts.ts); type aliases, as Kysely's withTables wants. */
type SandboxCheckoutRow = {
  id: string;
  amount: number;
  description: string;
  locale: Locale;
  requested_method: PaymentMethod;
  payment_method: PaymentMethod | null;
  status: 'pending' | 'paid' | 'failed' | 'canceled';
  success_url: string;
  failure_url: string;
  webhook_url: string | null;
  metadata: Record<string, string>;
  created_at: Date;
  expires_at: Date;
  completed_at: Date | null;
};

export type SandboxOutcome = 'paid' | 'failed' | 'canceled';

/** A sandbox checkout as the hosted page needs it. */
export interface SandboxCheckout {
  id: string;
  amount: number;
  description: string;
  locale: Locale;
  requestedMethod: PaymentMethod;
  paymentMethod: PaymentMethod | null;
  status: CheckoutStatus;
  successUrl: string;
  failureUrl: string;
  metadata: Record<string, string>;
  expiresAt: Date;
}

export interface SandboxProvider extends PaymentProvider {
  name: 'sandbox';
  /** The checkout, or undefined for an unknown id. */
  findCheckout(id: string): Promise<SandboxCheckout | undefined>;
  /**
   * Records the shopper's answer while the checkout is pending and not expired, then sends the
   * signed webhook. A checkout that already ended keeps its outcome. Answers the checkout as it now
   * stands (undefined for an unknown id).
   */
  complete(id: string, outcome: SandboxOutcome, method: PaymentMethod): Promise<SandboxCheckout | undefined>;
}

/** The sandbox's own table: its checkouts, as our hosted page keeps them. */
export type SandboxTables = {
  sandbox_checkouts: SandboxCheckoutRow;
};

export interface SandboxDeps {
  db: Kysely<SandboxTables>;
  /** Where the hosted page is served, for checkout URLs. */
  publicUrl: string;
  webhookSecret: string;
  expiresAfterMs: number;
  logger?: Pick<Logger, 'warn'>;
  now?: () => Date;
  /** Pauses between webhook attempts after a failed one; a failure after the last gives up. */
  webhookRetryDelaysMs?: number[];
  /** How long the shopper's redirect waits for the first webhook attempt. */
  webhookWaitMs?: number;
}

export function createSandboxProvider(deps: SandboxDeps): SandboxProvider {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const retryDelays = deps.webhookRetryDelaysMs ?? [1_000, 5_000, 30_000];
  const webhookWaitMs = deps.webhookWaitMs ?? 2_000;

  const checkoutUrl = (id: string) => `${publicUrl}/sandbox/checkout/${encodeURIComponent(id)}`;

  function view(row: SandboxCheckoutRow): SandboxCheckout {
    return {
      id: row.id,
      amount: row.amount,
      description: row.description,
      locale: row.locale,
      requestedMethod: row.requested_method,
      paymentMethod: row.payment_method,
      status: row.status === 'pending' && now() >= row.expires_at ? 'expired' : row.status,
      successUrl: row.success_url,
      failureUrl: row.failure_url,
      metadata: row.metadata,
      expiresAt: row.expires_at,
    };
  }

  function toProviderCheckout(checkout: SandboxCheckout): ProviderCheckout {
    return {
      id: checkout.id,
      checkoutUrl: checkoutUrl(checkout.id),
      status: checkout.status,
      amount: checkout.amount,
      currency: STORE_CURRENCY,
      paymentMethod: checkout.paymentMethod,
      metadata: checkout.metadata,
      expiresAt: checkout.expiresAt.toISOString(),
    };
  }

  async function findCheckout(id: string): Promise<SandboxCheckout | undefined> {
    const row = await db.selectFrom('sandbox_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && view(row);
  }

  /** The event Chargily would post for this checkout, signed the way Chargily signs it. */
  function webhookRequest(row: SandboxCheckoutRow): { body: string; signature: string } {
    const at = Math.floor(now().getTime() / 1000);
    const body = JSON.stringify({
      // One id per outcome: a retried delivery is recognisably the same event.
      id: `evt_${row.id}_${row.status}`,
      entity: 'event',
      livemode: false,
      type: `checkout.${row.status}`,
      data: {
        id: row.id,
        entity: 'checkout',
        livemode: false,
        amount: row.amount,
        currency: STORE_CURRENCY,
        status: row.status,
        locale: row.locale,
        description: row.description,
        metadata: row.metadata,
        success_url: row.success_url,
        failure_url: row.failure_url,
        webhook_endpoint: row.webhook_url,
        payment_method: row.payment_method && toChargilyMethod(row.payment_method),
        created_at: Math.floor(row.created_at.getTime() / 1000),
        updated_at: at,
        checkout_url: checkoutUrl(row.id),
      },
      created_at: at,
      updated_at: at,
    });
    return { body, signature: signWebhook(body, deps.webhookSecret) };
  }

  async function deliver(url: string, request: { body: string; signature: string }, checkoutId: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let failure: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', signature: request.signature },
          body: request.body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.ok) return;
        failure = `answered ${response.status}`;
      } catch (error) {
        failure = (error as Error).message;
      }
      const pause = retryDelays[attempt];
      if (pause === undefined) {
        // Reconciliation polls getCheckout, so the order still ends right without the webhook.
        deps.logger?.warn({ checkoutId, url, failure }, 'sandbox webhook not delivered');
        return;
      }
      await sleep(pause, undefined, { ref: false });
    }
  }

  return {
    name: 'sandbox',

    async createCheckout(req: CreateCheckoutRequest): Promise<ProviderCheckout> {
      // Chargily wants absolute URLs too: a relative one would work here and fail in production.
      const relative = Object.entries({ successUrl: req.successUrl, failureUrl: req.failureUrl }).find(
        ([, url]) => !URL.canParse(url),
      );
      if (relative) throw new ProviderRejected(422, `${relative[0]} must be an absolute URL`);
      const createdAt = now();
      const row = await db
        .insertInto('sandbox_checkouts')
        .values({
          id: randomUUID(),
          amount: req.amount,
          description: req.description,
          locale: req.locale,
          requested_method: req.paymentMethod,
          payment_method: null,
          status: 'pending',
          success_url: req.successUrl,
          failure_url: req.failureUrl,
          webhook_url: req.webhookUrl ?? null,
          metadata: req.metadata,
          created_at: createdAt,
          expires_at: new Date(createdAt.getTime() + deps.expiresAfterMs),
          completed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProviderCheckout(view(row));
    },

    async getCheckout(id: string): Promise<ProviderCheckout> {
      const checkout = await findCheckout(id);
      if (!checkout) throw new CheckoutNotFound(id);
      return toProviderCheckout(checkout);
    },

    parseWebhook(rawBody, headers) {
      // The sandbox is test mode by nature: its own webhooks say livemode false.
      return parseSignedWebhook(rawBody, headers, deps.webhookSecret, { live: false, logger: deps.logger });
    },

    findCheckout,

    async complete(id, outcome, method) {
      const at = now();
      // One statement decides, so two submits (or two instances) cannot both record an outcome.
      const changed = await db
        .updateTable('sandbox_checkouts')
        .set({ status: outcome, payment_method: method, completed_at: at })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('expires_at', '>', at)
        .returningAll()
        .executeTakeFirst();
      if (!changed) return findCheckout(id);
      if (changed.webhook_url) {
        const delivery = deliver(changed.webhook_url, webhookRequest(changed), id);
        // The shopper waits briefly for the first attempt, so the order usually knows before the
        // return page asks; retries go on in the background.
        await Promise.race([delivery, sleep(webhookWaitMs, undefined, { ref: false })]);
      }
      return view(changed);
    },
  };
}
