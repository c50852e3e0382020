import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import type { OrderStatus } from '../../shared/ordering';
import { allOrders, orderFigures, revenueByDay } from './queries';
import type { OrdersTables } from './rows';

// Reads of the orders read model that bench/admin made index-friendly: the CSV's pages (keyset
// instead of OFFSET) and the dashboard's ranges (index ranges instead of a pass over every order).

describe('orders queries', () => {
  let db: Kysely<OrdersTables>;

  /** Orders as the projection writes them; `paid_at` set for paid ones. */
  const insert = (
    rows: { id: string; status: string; created_at: string; paid_at?: string; total?: number; trial?: boolean }[],
  ) =>
    sql`
      INSERT INTO orders (id, number, checkout_id, provider, customer_name, customer_email, phone, total_amount,
                          status, requested_method, items, created_at, paid_at, updated_at, version, trial)
      SELECT r.id, nextval('order_numbers'), 'c-' || r.id, 'sandbox', 'Client', 'c@example.dz', '0550000000',
             coalesce(r.total, 1000), r.status, 'card', '[]', r.created_at, r.paid_at, r.created_at, 0,
             coalesce(r.trial, false)
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS r(id text, status text, created_at timestamptz, paid_at timestamptz, total int, trial boolean)`.execute(db);

  beforeAll(async () => {
    ({ db } = await freshDatabase<OrdersTables>());
  });

  it('exports every matching order once, newest first, across pages that end inside a run of equal times', async () => {
    // 2,500 orders at 7 instants: runs of ~360 equal created_at, which page ends (every 1,000) fall into.
    const statuses = ['completed', 'failed', 'dispatched'];
    await insert(
      Array.from({ length: 2500 }, (_, i) => ({
        id: `k${String((i * 7919) % 2500).padStart(4, '0')}`,
        status: statuses[i % 3]!,
        created_at: new Date(Date.UTC(2025, 0, 1 + (i % 7))).toISOString(),
      })),
    );
    const exported = async (status: 'all' | 'failed') => {
      const ids: string[] = [];
      for await (const order of allOrders(db, { status })) ids.push(order.id);
      return ids;
    };
    const expected = async (status?: OrderStatus) =>
      (
        await db
          .selectFrom('orders')
          .select('id')
          .where('id', 'like', 'k%')
          .$if(status !== undefined, (q) => q.where('status', '=', status!))
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
    expect(await exported('all')).toEqual(await expected());
    expect(await exported('failed')).toEqual(await expected('failed'));
    expect(await exported('failed')).toHaveLength(833);
  });

  it('counts the figures of a range and the revenue of each day in Algiers, whose days start at 23:00 UTC', async () => {
    await insert([
      { id: 'd1', status: 'completed', created_at: '2026-03-09T20:00:00.000Z', paid_at: '2026-03-09T22:59:59.999Z' },
      { id: 'd2', status: 'dispatched', created_at: '2026-03-09T22:00:00.000Z', paid_at: '2026-03-09T23:00:00.000Z' },
      { id: 'd3', status: 'dispatched', created_at: '2026-03-11T23:10:00.000Z', paid_at: '2026-03-11T23:30:00.000Z' },
      { id: 'd4', status: 'completed', created_at: '2026-03-12T22:00:00.000Z', paid_at: '2026-03-12T22:59:00.000Z' },
      { id: 'd5', status: 'completed', created_at: '2026-03-12T22:30:00.000Z', paid_at: '2026-03-12T23:00:00.000Z' },
      { id: 'd6', status: 'failed', created_at: '2026-03-10T10:00:00.000Z' },
      // A free trial: an order of the range, granted without payment, never revenue.
      { id: 'd7', status: 'completed', created_at: '2026-03-11T09:00:00.000Z', total: 0, trial: true },
    ]);
    // From any time of 10 March (Algiers), three days: 10, 11 and 12 March.
    expect(await revenueByDay(db, new Date('2026-03-10T12:00:00.000Z'), 3)).toEqual([
      { date: '2026-03-10', revenue: 1000, orders: 1 },
      { date: '2026-03-11', revenue: 0, orders: 0 },
      { date: '2026-03-12', revenue: 2000, orders: 2 },
    ]);
    expect(await orderFigures(db, new Date('2026-03-09T22:00:00.000Z'), new Date('2026-03-12T22:30:00.000Z'))).toEqual({
      ordersCount: 5,
      dispatchedOrdersCount: 2,
      revenue: 3000,
      trialsCount: 1,
    });
  });
});
