import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { orderStream, type OrderEvent, type PlacedOrder } from '../../modules/ordering/events';
import { START, SYSTEM, type StoredEvent } from '../../platform/eventstore/port';
import { PostgresEventStore } from '../../platform/eventstore/postgres';
import { statementTarget } from '../../platform/projections/fold';
import { rebuildProjections } from '../../platform/projections/rebuild';
import { ordersProjection } from './projection';
import { listCustomers } from './queries';
import type { OrdersTables } from './rows';

// The customers table as the orders projection keeps it: after every batch, whatever the events
// and however they are cut into batches, it holds what summing the orders table by phone gives.

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 9)).toISOString();
let numbers = 0;
const placed = (orderId: string, phone: string, at: string, name = `Client ${orderId}`): OrderEvent => {
  const order: PlacedOrder = {
    orderId,
    number: ++numbers,
    checkoutId: `c-${orderId}`,
    provider: 'sandbox',
    lines: [{ productId: 'p1', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 1000, quantity: 1 }],
    total: 1000 * (orderId.length + 1),
    phone,
    customerName: name,
    customerEmail: `${orderId}@example.dz`,
    requestedMethod: 'card',
    at,
  };
  return { type: 'OrderPlaced', data: order };
};
const paid = (orderId: string, at: string): OrderEvent => ({
  type: 'OrderPaid',
  data: { orderId, paymentMethod: 'card', amount: 1, at },
});
const phoneChanged = (orderId: string, phone: string, at: string): OrderEvent => ({
  type: 'OrderPhoneUpdated',
  data: { orderId, phone, at },
});
const deleted = (orderId: string, at: string): OrderEvent => ({ type: 'OrderDeleted', data: { orderId, at } });

/** Sixty orders over eleven phones: some paid, some moved to another phone, some deleted. */
function mixedEvents(): OrderEvent[] {
  const events: OrderEvent[] = [];
  for (let i = 0; i < 60; i++) {
    const id = `o${i}`;
    events.push(placed(id, `055000000${i % 7}`, day(1 + ((i * 7) % 23)), `Name ${i % 5}`));
    if (i % 3 === 0) events.push(paid(id, day(25)));
    if (i % 5 === 0) events.push(phoneChanged(id, `077000000${i % 4}`, day(26)));
    if (i % 11 === 0) events.push(deleted(id, day(27)));
  }
  return events;
}

async function readModel() {
  const { db, pool, url } = await freshDatabase<OrdersTables>();
  const projection = ordersProjection({ db });
  const revisions = new Map<string, bigint>();
  return {
    db,
    pool,
    url,
    /** Folds one batch, as the runner would, in one transaction. */
    async given(...events: OrderEvent[]) {
      const stored: StoredEvent[] = events.map((event) => {
        const revision = revisions.get(event.data.orderId) ?? 0n;
        revisions.set(event.data.orderId, revision + 1n);
        return {
          ...event,
          id: `${event.data.orderId}-${revision}`,
          streamId: `order-${event.data.orderId}`,
          revision,
          position: START,
        };
      });
      await db.transaction().execute((trx) => projection.fold(stored)(statementTarget(trx)));
    },
    customers: () =>
      db
        .selectFrom('customers')
        .select(['phone', 'name', 'email', 'orders_count', 'total_spent', 'join_date'])
        .orderBy('phone')
        .execute(),
    /** The customers as the orders table sums them: what the table must hold. */
    async summed() {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT phone,
               (array_agg(customer_name ORDER BY created_at DESC, id DESC))[1] AS name,
               (array_agg(customer_email ORDER BY created_at DESC, id DESC))[1] AS email,
               count(*)::int AS orders_count,
               coalesce(sum(total_amount) FILTER (WHERE paid_at IS NOT NULL), 0)::bigint AS total_spent,
               min(created_at) AS join_date
        FROM orders GROUP BY phone ORDER BY phone`.execute(db);
      return rows;
    },
  };
}

describe('customers kept by the orders projection', () => {
  it('sums a phone’s orders: count, paid amounts, first order, latest name and e-mail', async () => {
    const model = await readModel();
    await model.given(placed('a', '0550000001', day(2), 'Amina'));
    await model.given(placed('bb', '0550000001', day(5), 'Amina B.'), paid('a', day(3)));
    await model.given(placed('c', '0550000002', day(4)), placed('d', '0550000001', day(1), 'Old name'));
    expect(await model.customers()).toEqual([
      {
        phone: '0550000001',
        name: 'Amina B.',
        email: 'bb@example.dz',
        orders_count: 3,
        total_spent: '2000',
        join_date: new Date(day(1)),
      },
      {
        phone: '0550000002',
        name: 'Client c',
        email: 'c@example.dz',
        orders_count: 1,
        total_spent: '0',
        join_date: new Date(day(4)),
      },
    ]);
    await model.given(paid('bb', day(6)));
    expect(await model.customers()).toMatchObject([{ total_spent: '5000' }, { total_spent: '0' }]);
  });

  it('moves an order to its corrected phone, and drops a customer left without orders', async () => {
    const model = await readModel();
    await model.given(placed('a', '0550000001', day(1), 'First'), placed('b', '0550000001', day(2), 'Second'));
    await model.given(paid('a', day(2)), paid('b', day(2)));
    // The first order leaves: the join date and the name come from what is left.
    await model.given(phoneChanged('a', '0770000000', day(3)));
    expect(await model.customers()).toMatchObject([
      { phone: '0550000001', name: 'Second', orders_count: 1, total_spent: '2000', join_date: new Date(day(2)) },
      { phone: '0770000000', name: 'First', orders_count: 1, total_spent: '2000', join_date: new Date(day(1)) },
    ]);
    await model.given(phoneChanged('b', '0770000000', day(4)));
    expect(await model.customers()).toMatchObject([
      { phone: '0770000000', name: 'Second', orders_count: 2, total_spent: '4000', join_date: new Date(day(1)) },
    ]);
  });

  it('lets a deleted order leave its customer and a payment bring it back', async () => {
    const model = await readModel();
    await model.given(placed('a', '0550000001', day(1)), placed('b', '0550000001', day(2)));
    await model.given(deleted('b', day(3)));
    expect(await model.customers()).toMatchObject([{ name: 'Client a', orders_count: 1, total_spent: '0' }]);
    const order = placed('b', '0550000001', day(2)).data as PlacedOrder;
    await model.given({ type: 'OrderRestored', data: { orderId: 'b', order, at: day(4) } }, paid('b', day(4)));
    expect(await model.customers()).toMatchObject([{ name: 'Client b', orders_count: 2, total_spent: '2000' }]);
    // Deleted and brought back in one batch: its row is written again over the one it had.
    const restoredA = placed('a', '0550000001', day(1)).data as PlacedOrder;
    await model.given(deleted('a', day(5)), {
      type: 'OrderRestored',
      data: { orderId: 'a', order: restoredA, at: day(5) },
    });
    expect(await model.customers()).toMatchObject([{ name: 'Client b', orders_count: 2, total_spent: '2000' }]);
    await model.given(deleted('a', day(6)), deleted('b', day(6)));
    expect(await model.customers()).toEqual([]);
  });

  it('holds what the orders sum to, however the same events are cut into batches', async () => {
    const events = mixedEvents();
    const summed = [];
    for (const size of [1, 7, events.length]) {
      const model = await readModel();
      for (let i = 0; i < events.length; i += size) {
        await model.given(...events.slice(i, i + size));
        expect(await model.customers()).toEqual(await model.summed());
      }
      summed.push(await model.customers());
    }
    expect(summed[1]).toEqual(summed[0]);
    expect(summed[2]).toEqual(summed[0]);
  });

  it('is rebuilt with the orders, into shadow tables that have only their primary keys while the log is replayed', async () => {
    const model = await readModel();
    const store = new PostgresEventStore(model.pool, model.url);
    const metadata = { actor: SYSTEM, correlationId: 'c', causationId: 'c' };
    for (const event of mixedEvents())
      await store.append(orderStream(event.data.orderId), [event], { expectedRevision: 'any', metadata });
    for (const batchSize of [3, 1000]) {
      await rebuildProjections({
        db: model.db,
        store,
        databaseUrl: model.url,
        projections: [ordersProjection({ db: model.db })],
        batchSize,
      });
      expect(await model.customers()).toEqual(await model.summed());
      expect((await model.customers()).length).toBeGreaterThan(5);
    }
    await store.close();
  });

  it('lists customers newest first, searched by name, e-mail or phone digits, with the count of matches', async () => {
    const model = await readModel();
    await model.given(placed('a', '0550000001', day(1), 'Amina'), placed('b', '0661000002', day(2), 'Karim'));
    await model.given(placed('c', '0550000001', day(3), 'Amina'));
    const list = (search?: string) => listCustomers(model.db, search, { page: 1, limit: 1 });
    expect(await list()).toMatchObject({
      customers: [{ id: '0661000002', name: 'Karim', orders: 1, joinDate: day(2) }],
      pagination: { page: 1, limit: 1, total: 2, totalPages: 2 },
    });
    expect(await list('amin')).toMatchObject({
      customers: [{ phone: '0550000001', orders: 2 }],
      pagination: { total: 1 },
    });
    expect(await list('0661 000')).toMatchObject({ customers: [{ name: 'Karim' }], pagination: { total: 1 } });
    expect(await list('b@example')).toMatchObject({ customers: [{ name: 'Karim' }], pagination: { total: 1 } });
    expect(await list('nobody')).toEqual({
      customers: [],
      pagination: { page: 1, limit: 1, total: 0, totalPages: 1 },
    });
    expect(await listCustomers(model.db, undefined, { page: 3, limit: 1 })).toEqual({
      customers: [],
      pagination: { page: 3, limit: 1, total: 2, totalPages: 2 },
    });
  });
});
