import { englishOf } from '../../platform/error-text';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import type { RunningApp } from '../../main';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { SHOPPER, SYSTEM } from '../../platform/eventstore/port';
import { ORDER_TOTAL_MAX, orderMessages } from '../../shared/ordering';
import { executeOrderCommand } from './commands';
import { nextOrderNumber } from './order-numbers';

// Quantities and totals have limits the server holds after it merges identical cart lines, and
// every money figure is summed as bigint: six big orders once overflowed `sum(...)::int` and took
// the dashboard, the customers list and its CSV down (500) until those orders were deleted.

describe('order limits and money sums', () => {
  let app: RunningApp;
  let token: string;
  let gold: { id: string };
  let dear: { id: string };
  const checkout = (body: Record<string, unknown>) =>
    request(app.url)
      .post('/api/payment/create-checkout')
      .send({ phone: '0550123456', ...body });
  const admin = (path: string) => request(app.url).get(path).set(bearer(token));

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    gold = await createProduct(app.url, token, 'Gold', [['1 month', 2000]]);
    dear = await createProduct(app.url, token, 'Dear', [['life time', ORDER_TOTAL_MAX]]);
  });

  it('applies the 1–100 quantity rule after merging identical lines', async () => {
    const items = Array.from({ length: 50 }, () => ({ productId: gold.id, duration: '1 month', quantity: 100 }));
    const res = await checkout({ amount: 5000 * 2000, items });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(englishOf(orderMessages.quantity));
    const split = await checkout({
      amount: 100 * 2000,
      items: [
        { productId: gold.id, duration: '1 month', quantity: 60 },
        { productId: gold.id, duration: '1 month', quantity: 40 },
      ],
    });
    expect(split.status, split.text).toBe(200);
  });

  it(`refuses a checkout over ${ORDER_TOTAL_MAX} Da, and takes one at that total`, async () => {
    const over = await checkout({
      amount: ORDER_TOTAL_MAX + 2000,
      items: [
        { productId: dear.id, duration: 'life time', quantity: 1 },
        { productId: gold.id, duration: '1 month', quantity: 1 },
      ],
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'This order is over the maximum of 10,000,000 Da per order. Please split it into smaller orders.',
    );
    const atMax = await checkout({
      amount: ORDER_TOTAL_MAX,
      items: [{ productId: dear.id, duration: 'life time', quantity: 1 }],
    });
    expect(atMax.status, atMax.text).toBe(200);
  });

  it('sums revenue and spending past 2^31 Da: the dashboard, customers and their CSV answer with the exact figures', async () => {
    // Orders placed before the limits, as the event store still holds them: six paid orders of
    // 400,000,000 Da from one phone, 2,400,000,000 Da in all.
    const big = 400_000_000;
    let position = await app.infra.store.headPosition();
    for (let i = 0; i < 6; i++) {
      const orderId = randomUUID();
      const now = new Date().toISOString();
      const lines = [
        {
          productId: gold.id,
          productName: 'Gold',
          duration: '1 month',
          quality: 'HD',
          unitPrice: 80_000,
          quantity: 5000,
        },
      ];
      const data = {
        orderId,
        number: await nextOrderNumber(app.infra.db),
        checkoutId: `legacy-${orderId}`,
        provider: 'sandbox',
        lines,
        phone: '0661000000',
        customerName: 'Big spender',
        customerEmail: 'big@spender.dz',
        requestedMethod: 'card',
        access: { hash: `hash-${orderId}`, sealed: 'sealed' },
        language: 'ar',
        now,
      };
      await executeOrderCommand(app.infra.store, orderId, { type: 'PlaceOrder', data }, commandMetadata(SHOPPER));
      position = await executeOrderCommand(
        app.infra.store,
        orderId,
        {
          type: 'RecordPayment',
          data: { orderId, outcome: 'paid', paymentMethod: 'card', amount: big, currency: 'dzd', now },
        },
        commandMetadata(SYSTEM),
      );
    }
    await app.runner.waitFor(position);
    const total = 6 * big;
    expect(total).toBeGreaterThan(2 ** 31);

    const stats = await admin('/api/admin/dashboard/stats?range=7');
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.stats.revenue).toBe(total);
    expect(stats.body.trends.revenue.current).toBe(total);
    expect(stats.body.revenueByDay.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0)).toBe(total);

    const customers = await admin('/api/admin/customers?search=0661000000');
    expect(customers.status, customers.text).toBe(200);
    expect(customers.body.customers).toEqual([
      expect.objectContaining({ phone: '0661000000', orders: 6, totalSpent: total }),
    ]);
    expect((await admin('/api/admin/customers')).status).toBe(200);

    const csv = await admin('/api/admin/customers/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`"0661000000","6","${total}"`);
  });
});
