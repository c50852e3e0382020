import { QueryClient } from '@tanstack/react-query';
import type { AdminSubscriptionPage, AdminSubscriptionRowView } from '@shared/subscriptions/types';
import { describe, expect, it } from 'vitest';
import { subscriptionKeys } from '../api/keys';
import { alreadyReminded, subscriptionQueryString, subscriptionsCsvPath } from '../api/subscriptions';
import { applyAdminEvent } from '../live/events';
import { groupRows } from '../ui/list/DataTable';
import { parseSubscriptionsSearch } from './subscription-search';

// The subscriptions screen's pure parts: its state in the URL, the API's query strings, the
// worklist's groups, and reminders (this admin's or another's) landing on their rows.

const row = (id: string, changes: Partial<AdminSubscriptionRowView> = {}): AdminSubscriptionRowView => ({
  id,
  orderId: `order-${id}`,
  orderNumber: 1042,
  phone: '0550123456',
  customerName: null,
  language: 'fr',
  packageName: 'Gold',
  duration: '1 month',
  status: 'expiring',
  startsAt: '2026-01-31T10:00:00.000Z',
  endsAt: '2026-02-28T10:00:00.000Z',
  daysLeft: 3,
  lastReminder: null,
  ...changes,
});

describe('the subscriptions screen’s state in the URL', () => {
  it('keeps a known view other than the default (expiring), the search, page and size', () => {
    expect(parseSubscriptionsSearch({ view: 'expired', search: ' 0550 ', page: '2', limit: '20' })).toEqual({
      view: 'expired',
      search: '0550',
      page: 2,
      limit: 20,
    });
    expect(parseSubscriptionsSearch({ view: 'expiring' })).toEqual({});
    expect(parseSubscriptionsSearch({ view: 'soon', limit: '15' })).toEqual({});
  });

  it('asks the API for the view, and exports the whole view the search matches', () => {
    expect(subscriptionQueryString({ view: 'expiring', search: '#1042', page: 2, limit: 10 })).toBe(
      '?view=expiring&search=%231042&page=2&limit=10',
    );
    expect(subscriptionsCsvPath({ view: 'active', search: '' })).toBe('/api/admin/subscriptions.csv?view=active');
  });
});

describe('the worklist’s groups', () => {
  it('puts consecutive rows of one day under one heading, in their order', () => {
    const days = ['Today', 'Today', 'Tomorrow', 'In 3 days'];
    expect(groupRows([0, 1, 2, 3], (index) => days[index]!)).toEqual([
      { heading: 'Today', rows: [0, 1] },
      { heading: 'Tomorrow', rows: [2] },
      { heading: 'In 3 days', rows: [3] },
    ]);
  });
});

describe('reminders on their rows', () => {
  const cached = (rows: AdminSubscriptionRowView[]) => {
    const client = new QueryClient();
    const key = subscriptionKeys.list({ view: 'expiring', search: '', page: 1, limit: 10 });
    client.setQueryData<AdminSubscriptionPage>(key, {
      subscriptions: rows,
      pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
    });
    const shown = (id: string) =>
      client.getQueryData<AdminSubscriptionPage>(key)!.subscriptions.find((r) => r.id === id)!.lastReminder;
    return { client, shown, invalidated: () => client.getQueryState(key)?.isInvalidated };
  };
  const reminded = (changes: object) => ({
    subscriptionId: 's1',
    orderId: 'order-s1',
    step: '7d',
    at: '2026-02-22T09:00:00.000Z',
    actor: 'karim',
    actorName: 'Karim',
    ...changes,
  });

  it('shows another admin’s reminder live, naming them, without a notice', () => {
    const { client, shown } = cached([row('s1'), row('s2')]);
    expect(applyAdminEvent(client, 'subscription:reminded', reminded({}), 'me')).toBeNull();
    expect(shown('s1')).toEqual({ step: '7d', at: '2026-02-22T09:00:00.000Z', by: 'karim', byName: 'Karim' });
    expect(shown('s2')).toBeNull();
  });

  it('keeps the later reminder when an earlier one arrives after it', () => {
    const later = { step: '1d' as const, at: '2026-02-27T09:00:00.000Z', by: 'me', byName: 'Amina' };
    const { client, shown } = cached([row('s1', { lastReminder: later })]);
    applyAdminEvent(client, 'subscription:reminded', reminded({}), 'me');
    expect(shown('s1')).toEqual(later);
    applyAdminEvent(client, 'subscription:reminded', reminded({ step: 'soon', at: '2026-03-01T00:00:00.000Z' }), 'me');
    expect(shown('s1')).toEqual(later);
  });

  it('reads who took a step first from the 409 that refuses it', () => {
    const body = {
      code: 'subscriptions.already_reminded',
      reminder: { step: '0d', at: '2026-02-28T08:00:00.000Z', by: 'k', byName: 'Karim' },
    };
    expect(alreadyReminded(body)).toEqual(body.reminder);
    expect(alreadyReminded({ code: 'subscriptions.not_remindable' })).toBeNull();
  });

  it('refetches the views when an order changes (a delivery moves its rows)', () => {
    const { client, invalidated } = cached([row('s1')]);
    applyAdminEvent(client, 'subscription:reminded', reminded({}), 'me');
    expect(invalidated()).toBe(false);
    const order = { id: 'order-s1', number: 1042, status: 'dispatched' };
    applyAdminEvent(client, 'order:updated', { order, actor: 'k', actorName: 'Karim' }, 'me');
    expect(invalidated()).toBe(true);
  });
});
