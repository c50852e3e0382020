import { QueryClient } from '@tanstack/react-query';
import type { AdminOrderView } from '@shared/ordering/types';
import { describe, expect, it } from 'vitest';
import { dashboardKeys, orderKeys, productKeys } from '../api/keys';
import { applyAdminEvent, type OrderDetailData, type OrderListData } from './events';
import { markLocalChange } from './local-changes';

const order = (id: string, changes: Partial<AdminOrderView> = {}): AdminOrderView => ({
  id,
  number: 1042,
  customer_name: 'Yacine',
  customer_email: 'y@example.com',
  phone: '0550123456',
  total_amount: 4000,
  status: 'completed',
  payment_method: 'edahabia',
  created_at: '2025-01-15T10:00:00.000Z',
  paid_at: '2025-01-15T10:01:00.000Z',
  version: 2,
  restored_at: null,
  payment_mismatch: null,
  renewal_of_number: null,
  refund: null,
  trial: false,
  ...changes,
});

/** A cache holding one order list page, that order's open detail and the dashboard. */
function cacheWith(id: string) {
  const client = new QueryClient();
  const listKey = orderKeys.list({ status: 'all', page: 1 });
  client.setQueryData<OrderListData>(listKey, {
    orders: [order(id), order('other')].map((row) => ({ ...row, awaiting_delivery: true })),
    pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
  });
  client.setQueryData<OrderDetailData>(orderKeys.detail(id), { order: { ...order(id), items: [] } });
  client.setQueryData(dashboardKeys.stats(30), { stats: {} });
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, listKey, invalidated };
}

describe('live events in the query cache', () => {
  it("shows another admin's dispatch in the list and the open detail, refetches, and notifies", () => {
    const { client, listKey, invalidated } = cacheWith('o1');
    const notice = applyAdminEvent(
      client,
      'order:updated',
      { order: order('o1', { status: 'dispatched', version: 3 }), actor: 'karim', actorName: 'Karim' },
      'me',
    );
    expect(client.getQueryData<OrderListData>(listKey)!.orders[0]!.status).toBe('dispatched');
    expect(client.getQueryData<OrderDetailData>(orderKeys.detail('o1'))!.order.version).toBe(3);
    expect(invalidated(listKey)).toBe(true);
    expect(invalidated(dashboardKeys.stats(30))).toBe(true);
    expect(invalidated(orderKeys.detail('o1'))).toBe(true);
    expect(notice).toEqual({
      id: 'admin.notify.orderDispatched',
      kind: 'orderUpdates',
      values: { order: '#1042' },
      who: 'Karim',
      topic: 'delivery:o1',
    });
  });

  it('tells nobody of a later change to a dispatched order (a new link, a WhatsApp sending), but reads its detail again', () => {
    const { client, invalidated } = cacheWith('o7');
    const dispatched = { order: order('o7', { status: 'dispatched', version: 3 }), actor: 'karim', actorName: 'Karim' };
    expect(applyAdminEvent(client, 'order:updated', dispatched, 'me')).not.toBeNull();
    // Read again, as the open detail would: current until the next event.
    client.setQueryData(orderKeys.detail('o7'), client.getQueryData(orderKeys.detail('o7')));
    expect(invalidated(orderKeys.detail('o7'))).toBe(false);
    const linkRenewed = { ...dispatched, order: order('o7', { status: 'dispatched', version: 4 }) };
    expect(applyAdminEvent(client, 'order:updated', linkRenewed, 'me')).toBeNull();
    expect(invalidated(orderKeys.detail('o7'))).toBe(true);
  });

  it("tells of another admin's delivery by name and number, and reads the order's detail and lists again", () => {
    const { client, listKey, invalidated } = cacheWith('o8');
    const delivered = { orderId: 'o8', number: 1042, actor: 'karim', actorName: 'Karim' };
    expect(applyAdminEvent(client, 'order:delivered', delivered, 'me')).toEqual({
      id: 'admin.notify.orderDelivered',
      kind: 'orderUpdates',
      values: { order: '#1042' },
      who: 'Karim',
      topic: 'delivery:o8',
    });
    expect(invalidated(orderKeys.detail('o8'))).toBe(true);
    expect(invalidated(listKey)).toBe(true);
    expect(invalidated(dashboardKeys.stats(30))).toBe(true);
  });

  it("stays quiet about this admin's own delivery, its list left alone for 5 s", () => {
    const { client, listKey, invalidated } = cacheWith('o9');
    markLocalChange('orders', 'o9');
    const own = { orderId: 'o9', number: 1042, actor: 'me', actorName: 'Me' };
    expect(applyAdminEvent(client, 'order:delivered', own, 'me')).toBeNull();
    expect(invalidated(listKey)).toBe(false);
    expect(applyAdminEvent(client, 'order:delivered', { orderId: 9 }, 'me')).toBeNull();
  });

  it('raises no notification and leaves the list alone for an order this admin just changed', () => {
    const { client, listKey, invalidated } = cacheWith('o2');
    markLocalChange('orders', 'o2');
    const own = { order: order('o2', { status: 'dispatched' }), actor: 'me', actorName: 'Me' };
    expect(applyAdminEvent(client, 'order:updated', own, 'me')).toBeNull();
    expect(invalidated(listKey)).toBe(false);
    expect(client.getQueryData<OrderListData>(listKey)!.orders[0]!.status).toBe('dispatched');
  });

  it('does not announce a payment (only admins dispatch)', () => {
    const { client } = cacheWith('o3');
    expect(applyAdminEvent(client, 'order:updated', { order: order('o3', { status: 'completed' }) }, 'me')).toBeNull();
  });

  it('tells every admin, once, of a payment that does not match its order', () => {
    const { client } = cacheWith('o6');
    const mismatch = {
      order: order('o6', {
        status: 'payment_mismatch',
        paid_at: null,
        payment_mismatch: { amount: 1, currency: 'dzd', expectedAmount: 4000, expectedCurrency: 'dzd' },
      }),
      actor: 'system',
      actorName: 'the payment service',
    };
    expect(applyAdminEvent(client, 'order:updated', mismatch, 'me')).toEqual({
      id: 'admin.notify.paymentMismatch',
      kind: 'orderUpdates',
      values: { order: '#1042' },
    });
    // The same order changing again while it awaits the decision (its phone, say) is not news.
    expect(applyAdminEvent(client, 'order:updated', mismatch, 'me')).toBeNull();
  });

  it('takes a deleted order out of the lists and names it by its number', () => {
    const { client, listKey, invalidated } = cacheWith('o4');
    const notice = applyAdminEvent(client, 'orderDeleted', { orderId: 'o4', actor: 'k', actorName: 'Karim' }, 'me');
    expect(client.getQueryData<OrderListData>(listKey)!.orders.map((o) => o.id)).toEqual(['other']);
    expect(invalidated(orderKeys.detail('o4'))).toBe(true);
    expect(notice).toEqual({
      id: 'admin.notify.orderDeleted',
      kind: 'orderUpdates',
      values: { order: '#1042' },
      who: 'Karim',
    });
  });

  it("stays quiet about this admin's own order changes, even after the 5 s of local changes", () => {
    const { client } = cacheWith('o5');
    const own = { order: order('o5', { status: 'dispatched' }), actor: 'me', actorName: 'Me' };
    expect(applyAdminEvent(client, 'order:updated', own, 'me')).toBeNull();
    expect(applyAdminEvent(client, 'orderDeleted', { orderId: 'o5', actor: 'me' }, 'me')).toBeNull();
  });

  it("names the admin behind another's catalogue change, and stays quiet about this admin's own", () => {
    const client = new QueryClient();
    client.setQueryData(productKeys.list({}), []);
    const product = { id: 'p1', name: 'Premium 4K' };
    expect(applyAdminEvent(client, 'product:created', { product, actor: 'karim' }, 'me')).toEqual({
      id: 'admin.notify.productCreated',
      kind: 'productUpdates',
      values: { name: 'Premium 4K' },
      actor: 'karim',
    });
    expect(client.getQueryState(productKeys.list({}))?.isInvalidated).toBe(true);
    expect(applyAdminEvent(client, 'product:created', { product, actor: 'me' }, 'me')).toBeNull();
    // An edit by another admin is told too (issue 15: created, edited or deleted).
    expect(applyAdminEvent(client, 'product:updated', { product, actor: 'karim' }, 'me')).toMatchObject({
      id: 'admin.notify.productUpdated',
      values: { name: 'Premium 4K' },
    });
  });

  it("shows a note on the open detail and names who wrote another admin's, by the order's number or the phone", () => {
    const { client } = cacheWith('o1');
    const note = { id: 'n1', text: 'Called him', author: 'karim', authorName: 'Karim', at: '2026-03-05T10:00:00.000Z' };
    expect(applyAdminEvent(client, 'note:added', { subjectType: 'order', subjectId: 'o1', note }, 'me')).toEqual({
      id: 'admin.notify.orderNote',
      kind: 'orderUpdates',
      values: { order: '#1042' },
      who: 'Karim',
    });
    expect(client.getQueryData<{ order: { notes: unknown[] } }>(orderKeys.detail('o1'))!.order.notes).toEqual([note]);
    const onCustomer = { subjectType: 'customer', subjectId: '0550123456', note };
    expect(applyAdminEvent(client, 'note:added', onCustomer, 'me')).toMatchObject({
      id: 'admin.notify.customerNote',
      values: { phone: '0550 12 34 56' },
      who: 'Karim',
    });
    // This admin's own note: on screen already, nothing to tell.
    expect(applyAdminEvent(client, 'note:added', onCustomer, 'karim')).toBeNull();
  });

  it('ignores a payload it cannot read', () => {
    const client = new QueryClient();
    expect(applyAdminEvent(client, 'order:updated', 'garbage', 'me')).toBeNull();
    expect(applyAdminEvent(client, 'orderDeleted', { orderId: 42 }, 'me')).toBeNull();
  });
});
