import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import type { OrderEvent, PlacedOrder } from '../../modules/ordering/events';
import { SHOPPER, START, type Recorded } from '../../platform/eventstore/port';
import { statementTarget } from '../../platform/projections/fold';
import type { Realtime } from '../../platform/realtime/realtime';
import { ordersProjection } from './projection';
import type { OrdersTables } from './rows';

// The live `order:created` says whether the order is the first of a phone never seen before
// (`newCustomer`), so the back office can tell the admins who follow new customers. It is read
// from the customers table the batch itself wrote: one read by primary key per batch that places.

const placed = (orderId: string, phone: string, at: string): OrderEvent => {
  const order: PlacedOrder = {
    orderId,
    number: Number(orderId.replace(/\D/g, '')),
    checkoutId: `c-${orderId}`,
    provider: 'sandbox',
    lines: [{ productId: 'p1', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 2000, quantity: 1 }],
    total: 2000,
    phone,
    customerName: 'Client',
    customerEmail: 'client@example.dz',
    requestedMethod: 'edahabia',
    at,
  };
  return { type: 'OrderPlaced', data: order };
};

async function liveModel() {
  const { db } = await freshDatabase<OrdersTables>();
  const sent: { event: string; payload: Record<string, unknown> }[] = [];
  const realtime = {
    broadcast: (_room: unknown, event: string, payload: Record<string, unknown>) => sent.push({ event, payload }),
  } as unknown as Realtime;
  const projection = ordersProjection({ db, realtime });
  const revisions = new Map<string, bigint>();
  return {
    /** Folds one batch as the runner does, then its live events: what each says about `newCustomer`. */
    async batch(...events: OrderEvent[]) {
      const recorded = events.map((event) => {
        const revision = revisions.get(event.data.orderId) ?? 0n;
        revisions.set(event.data.orderId, revision + 1n);
        return {
          ...event,
          id: `${event.data.orderId}-${revision}`,
          streamId: `order-${event.data.orderId}`,
          revision,
          position: START,
          metadata: { actor: SHOPPER, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() },
        };
      }) as unknown as Recorded<OrderEvent>[];
      await projection.fold(recorded)(statementTarget(db));
      sent.length = 0;
      await projection.afterCommit!(recorded);
      return Object.fromEntries(
        sent.map(({ event, payload }) => [
          `${event} ${(payload.order as { id: string } | undefined)?.id ?? payload.orderId}`,
          payload.newCustomer,
        ]),
      );
    },
  };
}

describe('order:created tells a new customer', () => {
  it('flags the first order of a phone, not a second one, nor other changes', async () => {
    const model = await liveModel();
    expect(await model.batch(placed('o1', '0550000001', '2026-03-01T10:00:00.000Z'))).toEqual({
      'order:created o1': true,
    });
    expect(await model.batch(placed('o2', '0550000001', '2026-03-01T11:00:00.000Z'))).toEqual({
      'order:created o2': false,
    });
    expect(
      await model.batch({
        type: 'OrderPaid',
        data: { orderId: 'o2', paymentMethod: 'card', amount: 2000, at: '2026-03-01T11:01:00.000Z' },
      }),
    ).toEqual({ 'order:updated o2': undefined });
  });

  it('flags only the earliest when one batch places several orders of a new phone', async () => {
    const model = await liveModel();
    expect(
      await model.batch(
        placed('o12', '0660000002', '2026-03-02T10:05:00.000Z'),
        placed('o11', '0660000002', '2026-03-02T10:00:00.000Z'),
        placed('o13', '0770000003', '2026-03-02T10:06:00.000Z'),
      ),
    ).toEqual({ 'order:created o11': true, 'order:created o12': false, 'order:created o13': true });
  });

  it('flags a phone again once every earlier order of it was deleted (no customer left)', async () => {
    const model = await liveModel();
    await model.batch(placed('o21', '0550000021', '2026-03-03T10:00:00.000Z'));
    await model.batch({ type: 'OrderDeleted', data: { orderId: 'o21', at: '2026-03-03T10:30:00.000Z' } });
    expect(await model.batch(placed('o22', '0550000021', '2026-03-03T11:00:00.000Z'))).toEqual({
      'order:created o22': true,
    });
  });
});
