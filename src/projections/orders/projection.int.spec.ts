import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import type { OrderEvent, PlacedOrder } from '../../modules/ordering/events';
import { START, type StoredEvent } from '../../platform/eventstore/port';
import { statementTarget } from '../../platform/projections/fold';
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
        status: 'completed',
        payment_method: 'card',
        created_at: new Date(placedAt),
        restored_at: new Date(later),
        version: 6,
      },
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
    const { at: _at, ...placedData } = placedOrder;
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
        status: 'completed',
        created_at: new Date(placedAt),
        paid_at: new Date(later),
        restored_at: new Date(later),
        updated_at: new Date(later),
      },
    ]);
  });
});
