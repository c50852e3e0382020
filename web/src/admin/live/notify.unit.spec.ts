import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_NOTIFICATIONS } from '@shared/identity/constants';
import type { Settings, SettingsAnswer } from '@shared/identity/types';
import type { AdminOrderView } from '@shared/ordering/types';
import { describe, expect, it } from 'vitest';
import { settingsKeys } from '../api/keys';
import { cachedNotifications } from '../api/settings';
import { applyAdminEvent, wantsNotice, type AdminEvent } from './events';

// Which app notifications an admin gets: their switches in Settings > Notifications decide, kind
// by kind. The cache follows every event whatever the switches say.

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
  paid_at: null,
  version: 0,
  restored_at: null,
  payment_mismatch: null,
  renewal_of_number: null,
  refund: null,
  trial: false,
  ...changes,
});

/** What each event of another admin (or of a shopper) says, as the admin with `switches` gets it. */
function told(switches: Partial<Settings['notifications']>) {
  const notifications = { ...DEFAULT_NOTIFICATIONS, ...switches };
  const client = new QueryClient();
  const events: [AdminEvent, Record<string, unknown>][] = [
    ['order:updated', { order: order('o1', { status: 'dispatched' }), actor: 'karim', actorName: 'Karim' }],
    ['order:delivered', { orderId: 'o1', number: 1042, actor: 'karim', actorName: 'Karim' }],
    ['orderDeleted', { orderId: 'o2', actor: 'karim', actorName: 'Karim' }],
    ['order:created', { order: order('o3', { customer_name: 'Nadia' }), actor: 'shopper', newCustomer: true }],
    ['order:created', { order: order('o4'), actor: 'shopper', newCustomer: false }],
    ['product:created', { product: { id: 'p1', name: 'Gold' }, actor: 'karim' }],
    ['category_deleted', { category: { id: 'c1', name: 'Sports' }, actor: 'karim' }],
  ];
  return events.flatMap(([event, payload]) => {
    const notice = applyAdminEvent(client, event, payload, 'me');
    return notice && wantsNotice(notice, notifications) ? [notice.id] : [];
  });
}

describe('the notification switches', () => {
  it('by default: orders and new customers, not the catalogue', () => {
    expect(told({})).toEqual([
      'admin.notify.orderDispatched',
      'admin.notify.orderDelivered',
      'admin.notify.orderDeleted',
      'admin.settings.newCustomerNotice',
    ]);
  });

  it('orderUpdates off silences dispatched, delivered and deleted orders only', () => {
    expect(told({ orderUpdates: false })).toEqual(['admin.settings.newCustomerNotice']);
  });

  it('newCustomers off silences the first order of a new phone only', () => {
    expect(told({ newCustomers: false })).toEqual([
      'admin.notify.orderDispatched',
      'admin.notify.orderDelivered',
      'admin.notify.orderDeleted',
    ]);
  });

  it('productUpdates on adds products and categories', () => {
    expect(told({ productUpdates: true })).toEqual([
      'admin.notify.orderDispatched',
      'admin.notify.orderDelivered',
      'admin.notify.orderDeleted',
      'admin.settings.newCustomerNotice',
      'admin.notify.productCreated',
      'admin.notify.categoryDeleted',
    ]);
  });

  it('e-mail notifications decide nothing in the app (no e-mail is sent)', () => {
    expect(told({ emailNotifications: false })).toEqual(told({}));
  });

  it('names the new customer and the order', () => {
    const notice = applyAdminEvent(
      new QueryClient(),
      'order:created',
      { order: order('o9', { customer_name: 'Nadia', number: 2001 }), actor: 'shopper', newCustomer: true },
      'me',
    );
    expect(notice).toEqual({
      id: 'admin.settings.newCustomerNotice',
      kind: 'newCustomers',
      values: { name: 'Nadia', order: '#2001' },
    });
  });
});

describe('the switches as the live layer reads them', () => {
  it("are the defaults until the admin's settings are cached, then theirs", () => {
    const client = new QueryClient();
    expect(cachedNotifications(client, 'me')).toEqual(DEFAULT_NOTIFICATIONS);
    const answer = {
      settings: { notifications: { ...DEFAULT_NOTIFICATIONS, orderUpdates: false } },
      languageChosen: false,
      version: 3,
    } as SettingsAnswer;
    client.setQueryData(settingsKeys.of('me'), answer);
    expect(cachedNotifications(client, 'me').orderUpdates).toBe(false);
    expect(cachedNotifications(client, 'someone-else')).toEqual(DEFAULT_NOTIFICATIONS);
  });

  it("refetch when the admins' records change (a change made on another device)", () => {
    const client = new QueryClient();
    client.setQueryData(settingsKeys.of('me'), { settings: {}, languageChosen: false, version: 1 });
    applyAdminEvent(client, 'usersUpdate', { users: [] }, 'me');
    expect(client.getQueryState(settingsKeys.of('me'))?.isInvalidated).toBe(true);
  });
});
