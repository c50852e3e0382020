import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { orderStream, type OrderEvent, type PlacedOrder } from '../../modules/ordering/events';
import { START, type StoredEvent } from '../../platform/eventstore/port';
import { PostgresEventStore } from '../../platform/eventstore/postgres';
import { statementTarget } from '../../platform/projections/fold';
import { rebuildProjections } from '../../platform/projections/rebuild';
import { ProjectionRunner } from '../../platform/projections/runner';
import { ordersProjection } from './projection';
import type { OrdersTables } from './rows';

// The orders read model as a specification: given an order's events, folded in batches as the
// runner folds them, then these rows.

const placedAt = '2026-11-20T09:00:00.000Z';
const later = '2026-11-21T10:30:00.000Z';
const lines = [
  { productId: 'p1', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 2000, quantity: 2 },
];
const placedOrder: PlacedOrder = {
  orderId: 'o1',
  number: 1042,
  checkoutId: 'c1',
  provider: 'sandbox',
  lines,
  total: 4000,
  phone: '0550123456',
  customerName: 'Client',
  customerEmail: 'client@example.dz',
  requestedMethod: 'baridi_mob',
  at: placedAt,
};

async function readModel() {
  const { db } = await freshDatabase<OrdersTables>();
  const projection = ordersProjection({ db });
  let revision = 0n;
  return {
    /** Folds one batch of the order's stream, as the runner would, in one write. */
    async given(...events: OrderEvent[]) {
      const stored: StoredEvent[] = events.map((event) => ({
        ...event,
        id: `e${revision}`,
        streamId: 'order-o1',
        revision: revision++,
        position: START,
      }));
      await projection.fold(stored)(statementTarget(db));
    },
    rows: () => db.selectFrom('orders').selectAll().execute(),
  };
}

describe('orders projection', () => {
  it('folds an order from placed to paid, dispatched, deleted and restored by a payment', async () => {
    const model = await readModel();
    await model.given(
      { type: 'OrderPlaced', data: placedOrder },
      { type: 'OrderPhoneUpdated', data: { orderId: 'o1', phone: '0770000000', at: later } },
    );
    await model.given({
      type: 'OrderPaid',
      data: { orderId: 'o1', paymentMethod: 'edahabia', amount: 4000, at: later },
    });
    expect(await model.rows()).toEqual([
      {
        id: 'o1',
        number: 1042,
        checkout_id: 'c1',
        provider: 'sandbox',
        customer_name: 'Client',
        customer_email: 'client@example.dz',
        phone: '0770000000',
        total_amount: 4000,
        status: 'completed',
        requested_method: 'baridi_mob',
        payment_method: 'edahabia',
        items: lines,
        created_at: new Date(placedAt),
        paid_at: new Date(later),
        updated_at: new Date(later),
        version: 2,
        failure_reason: null,
        restored_at: null,
        payment_mismatch: null,
        access_hash: null,
        access_sealed: null,
        language: null,
        whatsapp_sent_at: null,
        whatsapp_sent_by: null,
        renewal_of_number: null,
        refund: null,
        refunded_amount: 0,
        trial: false,
      },
    ]);

    await model.given({ type: 'OrderDispatched', data: { orderId: 'o1', at: later } });
    expect(await model.rows()).toMatchObject([{ status: 'dispatched', version: 3 }]);
    await model.given({ type: 'OrderDeleted', data: { orderId: 'o1', at: later } });
    expect(await model.rows()).toEqual([]);
    await model.given(
      { type: 'OrderRestored', data: { orderId: 'o1', order: placedOrder, at: later } },
      { type: 'OrderPaid', data: { orderId: 'o1', paymentMethod: 'card', amount: 4000, at: later } },
    );
    expect(await model.rows()).toMatchObject([
      {
        number: 1042,
        status: 'completed',
        payment_method: 'card',
        created_at: new Date(placedAt),
        restored_at: new Date(later),
        payment_mismatch: null,
        access_hash: null,
        access_sealed: null,
        language: null,
        whatsapp_sent_at: null,
        whatsapp_sent_by: null,
        renewal_of_number: null,
        refund: null,
        refunded_amount: 0,
        trial: false,
        version: 6,
      },
    ]);
  });

  it('folds a free trial as completed, never paid: out of the revenue and the customer’s spending', async () => {
    const model = await readModel();
    const trialLines = [{ ...lines[0]!, duration: 'free trial', unitPrice: 0, quantity: 1 }];
    await model.given(
      { type: 'OrderPlaced', data: { ...placedOrder, lines: trialLines, total: 0, trial: true } },
      { type: 'OrderTrialGranted', data: { orderId: 'o1', at: placedAt } },
    );
    expect(await model.rows()).toMatchObject([
      { status: 'completed', trial: true, paid_at: null, total_amount: 0, updated_at: new Date(placedAt), version: 1 },
    ]);
  });

  it('says why an order failed', async () => {
    const model = await readModel();
    await model.given(
      { type: 'OrderPlaced', data: placedOrder },
      { type: 'OrderPaymentFailed', data: { orderId: 'o1', reason: 'expired', at: later } },
    );
    expect(await model.rows()).toMatchObject([
      { status: 'failed', failure_reason: 'expired', paid_at: null, updated_at: new Date(later) },
    ]);
  });

  it('reads events stored before their time was named `at`', async () => {
    // As the log holds them: written as JSON under the old names, read back untyped.
    const stored = (event: unknown) => event as OrderEvent;
    // They were placed before orders had numbers, too.
    const { at: _at, number: _number, ...placedData } = placedOrder;
    const model = await readModel();
    await model.given(
      stored({ type: 'OrderPlaced', data: { ...placedData, placedAt } }),
      stored({ type: 'OrderPaymentFailed', data: { orderId: 'o1', reason: 'expired', failedAt: later } }),
    );
    expect(await model.rows()).toMatchObject([
      { status: 'failed', created_at: new Date(placedAt), updated_at: new Date(later) },
    ]);
    await model.given(stored({ type: 'OrderDeleted', data: { orderId: 'o1', deletedAt: later } }));
    await model.given(
      stored({ type: 'OrderRestored', data: { orderId: 'o1', order: { ...placedData, placedAt }, restoredAt: later } }),
      stored({ type: 'OrderPaid', data: { orderId: 'o1', paymentMethod: 'card', amount: 4000, paidAt: later } }),
    );
    expect(await model.rows()).toMatchObject([
      {
        number: 1,
        status: 'completed',
        created_at: new Date(placedAt),
        paid_at: new Date(later),
        restored_at: new Date(later),
        payment_mismatch: null,
        access_hash: null,
        access_sealed: null,
        language: null,
        whatsapp_sent_at: null,
        whatsapp_sent_by: null,
        renewal_of_number: null,
        refund: null,
        refunded_amount: 0,
        trial: false,
        updated_at: new Date(later),
      },
    ]);
  });
});

describe('order numbers in the orders read model', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('numbers orders placed before numbers 1..N in log order, the same in every batching and after a rebuild', async () => {
    const database = await freshDatabase<OrdersTables>();
    const store = new PostgresEventStore(database.pool, database.url);
    cleanups.push(() => store.close());
    const meta = { actor: 'system', correlationId: randomUUID(), causationId: randomUUID() };
    const revisions = new Map<string, bigint>();
    let last = START;
    const append = async (orderId: string, ...events: OrderEvent[]) => {
      const revision = revisions.get(orderId);
      const result = await store.append(orderStream(orderId), events, {
        expectedRevision: revision ?? 'no_stream',
        metadata: meta,
      });
      revisions.set(orderId, result.nextRevision);
      last = result.position;
    };
    // Placed before orders had numbers: no `number` in the event.
    const legacy = (orderId: string): PlacedOrder => {
      const { number: _number, ...order } = { ...placedOrder, orderId, checkoutId: `c-${orderId}` };
      return order;
    };
    const at = later;
    await append('b', { type: 'OrderPlaced', data: legacy('b') });
    await append('a', { type: 'OrderPlaced', data: legacy('a') });
    await append('b', { type: 'OrderPaymentFailed', data: { orderId: 'b', reason: 'expired', at } });
    await append('b', { type: 'OrderDeleted', data: { orderId: 'b', at } });
    await append('c', { type: 'OrderPlaced', data: legacy('c') });
    await append('d', { type: 'OrderPlaced', data: legacy('d') });
    await append('d', { type: 'OrderDeleted', data: { orderId: 'd', at } });
    // Placed with the numbering: its number is the one the sequence gave it.
    await append('new', {
      type: 'OrderPlaced',
      data: { ...placedOrder, orderId: 'new', checkoutId: 'c-new', number: 5 },
    });
    // A payment brings back b, deleted before numbers existed: it keeps the number it was placed with.
    await append(
      'b',
      { type: 'OrderRestored', data: { orderId: 'b', order: legacy('b'), at } },
      { type: 'OrderPaid', data: { orderId: 'b', paymentMethod: 'card', amount: 4000, at } },
    );

    const numbers = () => database.db.selectFrom('orders').select(['id', 'number']).orderBy('id').execute();
    const legacyNumbers = () => database.db.selectFrom('order_legacy_numbers').selectAll().orderBy('number').execute();
    const expected = [
      { id: 'a', number: 2 },
      { id: 'b', number: 1 },
      { id: 'c', number: 3 },
      { id: 'new', number: 5 },
    ];

    // Live, two events a batch: the numbering goes on from one batch to the next.
    const runner = new ProjectionRunner({
      db: database.db,
      store,
      databaseUrl: database.url,
      projections: [ordersProjection({ db: database.db })],
      logger: pino({ level: 'silent' }),
      batchSize: 2,
    });
    cleanups.push(() => runner.stop());
    await runner.start();
    expect(await runner.waitFor(last, { timeoutMs: 10_000 })).toBe(true);
    await runner.stop();
    expect(await numbers()).toEqual(expected);
    // The deleted d keeps its number: no other order takes it.
    expect((await legacyNumbers()).map((row) => [row.order_id, row.number])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
      ['d', 4],
    ]);

    for (const batchSize of [3, 1000]) {
      await rebuildProjections({
        db: database.db,
        store,
        databaseUrl: database.url,
        projections: [ordersProjection({ db: database.db })],
        batchSize,
      });
      expect(await numbers(), `rebuilt in batches of ${batchSize}`).toEqual(expected);
      expect(await legacyNumbers()).toHaveLength(4);
    }
  });
});
