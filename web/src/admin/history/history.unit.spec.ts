import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { AUDIT_ACTIONS } from '@shared/audit/constants';
import type { AuditEntry, AuditPage } from '@shared/audit/types';
import { describe, expect, it } from 'vitest';
import { applyAuditEntries, auditKeys, auditQueryString, entryMatches, isFreshEntry } from '../api/audit';
import shell from '../i18n/en.json';
import en from '../i18n/history/en.json';
import contactEn from '../i18n/order-contact/en.json';
import ordersEn from '../i18n/orders/en.json';
import refundEn from '../i18n/order-refund/en.json';
import subscriptionsEn from '../i18n/subscriptions/en.json';
import {
  ACTION_TEXT,
  actorLabel,
  entityLabel,
  entityPlace,
  fieldLabel,
  restorableEntries,
  shownChanges,
  valueText,
  type Words,
} from './entry-text';

// How audit entries read (every action has its sentence, values formatted), which live entries a
// list on screen takes, and at which place.

const messages: Record<string, string> = {
  ...shell,
  ...en,
  ...ordersEn,
  ...contactEn,
  ...refundEn,
  ...subscriptionsEn,
};
const t = (id: string, values?: Record<string, unknown>) =>
  messages[id]?.replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name])) ?? id;
const price = (amount: number) => `${amount} Da`;
// The storefront's words, as French would say them (so a test sees they are used).
const words: Words = {
  t,
  price,
  duration: (duration) => ({ '1 month': '1 mois', '3 months': '3 mois' })[duration] ?? duration,
  paymentMethod: (method) => (method === 'baridi_mob' ? 'BaridiMob' : method),
};

const entry = (changes: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 'e1',
  at: '2026-03-05T10:00:00.000Z',
  actor: { type: 'admin', id: 'karim-id', name: 'Karim' },
  action: 'product.prices_changed',
  entity: { type: 'product', id: 'gold-id', label: 'Gold', version: 3 },
  changes: [{ field: 'prices', before: ['1 month: 900 Da'], after: ['1 month: 1000 Da'] }],
  correlationId: 'req-1',
  ...changes,
});

describe('audit entry text', () => {
  it('has a sentence in English for every action, naming who and the entity', () => {
    for (const action of AUDIT_ACTIONS) {
      const text = t(ACTION_TEXT[action], { who: 'Karim', entity: 'Gold', version: 2 });
      expect(text, action).toContain('Karim');
      expect(text, action).toContain('Gold');
    }
    expect(t(ACTION_TEXT['product.prices_changed'], { who: 'Karim', entity: 'Gold' })).toBe(
      'Karim changed the prices of Gold',
    );
  });

  it('names who acted: an admin, a shopper, the payment provider, the system (run from the command line)', () => {
    expect(actorLabel(t, { type: 'admin', id: 'x', name: 'Karim' })).toBe('Karim');
    expect(actorLabel(t, { type: 'admin', id: 'x', name: null })).toBe('An administrator');
    expect(actorLabel(t, { type: 'shopper', id: 'shopper', name: null })).toBe('Shopper');
    expect(actorLabel(t, { type: 'payment', id: 'chargily', name: 'chargily' })).toBe('Payment (chargily)');
    expect(actorLabel(t, { type: 'system', id: 'system', name: null })).toBe('System');
    expect(actorLabel(t, { type: 'system', id: 'system', name: 'command line' })).toBe('System (command line)');
  });

  it('writes values: money in Da, yes / no, lists, a dash for nothing, statuses and refund methods by name', () => {
    expect(valueText(words, 'total', 4000)).toBe('4000 Da');
    expect(valueText(words, 'channels', 1200)).toBe('1200');
    expect(valueText(words, 'active', true)).toBe('Yes');
    expect(valueText(words, 'popular', false)).toBe('No');
    expect(valueText(words, 'features', ['HD', '4K'])).toBe('HD, 4K');
    for (const nothing of [null, '', []]) expect(valueText(words, 'description', nothing)).toBe('—');
    expect(valueText(words, 'status', 'deleted')).toBe('Deleted');
    expect(valueText(words, 'method', 'card')).toBe('Bank card');
    expect(fieldLabel(words, 'notifications.orderUpdates')).toBe('Order updates');
    expect(fieldLabel(words, 'somethingNew')).toBe('somethingNew');
    expect(fieldLabel(words, 'prices.1 month')).toBe('Price (1 mois)');
  });

  it('words delivered kinds, a failed payment’s reason and the sandbox by name, never as the trail codes them', () => {
    expect(valueText(words, 'activation', 'Xtream, Code')).toBe('Xtream, Activation code');
    expect(valueText(words, 'activation', 'Carrier pigeon')).toBe('Carrier pigeon');
    expect(valueText(words, 'customer', 'Nova IPTV Customer')).toBe('—');
    expect(valueText(words, 'customer', 'Amina')).toBe('Amina');
    expect(valueText(words, 'reason', 'failed')).toBe('payment declined');
    expect(valueText(words, 'reason', 'expired')).toBe('payment timed out');
    expect(actorLabel(t, { type: 'payment', id: 'sandbox', name: 'sandbox' })).toBe('Payment (sandbox)');
    const arabic = (id: string, values?: Record<string, unknown>) =>
      id === 'admin.history.provider.sandbox' ? 'بيئة الاختبار' : t(id, values);
    expect(actorLabel(arabic, { type: 'payment', id: 'sandbox', name: 'sandbox' })).toBe('Payment (بيئة الاختبار)');
  });

  it('says the values the trail composes in the admin’s words: durations, off, languages, methods, steps', () => {
    expect(valueText(words, 'prices.1 month', '1800 Da (off)')).toBe('1800 Da (off)');
    expect(valueText(words, 'prices.1 month', '1800 Da')).toBe('1800 Da');
    expect(valueText(words, 'prices', ['1 month: 1500 Da', '3 months: 4000 Da (off)'])).toBe(
      '1 mois: 1500 Da, 3 mois: 4000 Da (off)',
    );
    expect(valueText(words, 'items', ['2 × Gold (Premium) (3 months)'])).toBe('2 × Gold (Premium) (3 mois)');
    expect(valueText(words, 'language', 'ar')).toBe('Arabic');
    expect(valueText(words, 'language', 'xx')).toBe('xx');
    expect(valueText(words, 'paymentMethod', 'baridi_mob')).toBe('BaridiMob');
    expect(valueText(words, 'reminder', '1d')).toBe('The day before');
  });

  it('says which language of a text changed, and names the default language chosen (docs/product.md#catalogue-languages)', () => {
    expect(fieldLabel(words, 'name.ar')).toBe('Name (Arabic)');
    expect(fieldLabel(words, 'description.fr')).toBe('Description (French)');
    expect(fieldLabel(words, 'features.en')).toBe('Features (English)');
    expect(fieldLabel(words, 'defaultLanguage')).toBe('Default language');
    expect(valueText(words, 'defaultLanguage', 'ar')).toBe('Arabic');
    const chosen = { type: 'shop', id: 'language', label: 'ar', version: 0 } as const;
    expect(t(ACTION_TEXT['shop.language_changed'], { who: 'Amina', entity: entityLabel(t, chosen) })).toBe(
      "Amina made Arabic the catalogue's default language",
    );
    expect(entityPlace(chosen)).toEqual({ to: '/admin/settings', search: { tab: 'catalogue' } });
    // The shop's identity, the other entity of the shop, keeps its own name and tab.
    const identity = { type: 'shop', id: 'shop', label: 'ar', version: 0 } as const;
    expect(entityLabel(t, identity)).toBe('ar');
    expect(entityPlace(identity)).toEqual({ to: '/admin/settings', search: { tab: 'shop' } });
  });

  it("leaves a creation's empty fields out, and offers restore for products and categories only", () => {
    const created = entry({
      action: 'product.created',
      changes: [
        { field: 'name', before: null, after: 'Gold' },
        { field: 'description', before: null, after: '' },
      ],
    });
    expect(shownChanges(created).map((c) => c.field)).toEqual(['name']);
    const history = [
      entry({
        id: 'e5',
        correlationId: 'req-3',
        entity: { type: 'product', id: 'gold-id', label: 'Gold', version: 4 },
      }),
      // One save wrote two events: only its last (version 3) is a version someone saved.
      entry({
        id: 'e4',
        correlationId: 'req-2',
        entity: { type: 'product', id: 'gold-id', label: 'Gold', version: 3 },
      }),
      entry({
        id: 'e3',
        correlationId: 'req-2',
        entity: { type: 'product', id: 'gold-id', label: 'Gold', version: 2 },
      }),
      entry({ id: 'e1', correlationId: 'req-1', action: 'product.created' }),
    ];
    expect([...restorableEntries(history)]).toEqual(['e4', 'e1']);
    expect([
      ...restorableEntries([entry({ id: 'n' }), entry({ id: 'd', correlationId: 'x', action: 'product.deleted' })]),
    ]).toEqual([]);
    const order = (id: string, correlationId: string) =>
      entry({ id, correlationId, entity: { type: 'order', id: 'o', label: '#1', version: 1 } });
    expect([...restorableEntries([order('o2', 'a'), order('o1', 'b')])]).toEqual([]);
    expect(entityPlace({ type: 'order', id: 'o1', label: '#1042' })).toEqual({
      to: '/admin/orders',
      search: { id: 'o1' },
    });
    // A customer's notes lead to their page.
    expect(entityPlace({ type: 'customer', id: '0550123456', label: '0550123456' })).toEqual({
      to: '/admin/customers/$phone',
      params: { phone: '0550123456' },
    });
  });
});

describe('audit lists and live entries', () => {
  it('puts only what narrows the list in its query string', () => {
    expect(auditQueryString({ entityType: 'product', q: '' }, { limit: 50 })).toBe('?entityType=product&limit=50');
    expect(auditQueryString({})).toBe('');
  });

  it('matches an entry as the server filters', () => {
    const e = entry();
    expect(entryMatches(e, {})).toBe(true);
    expect(entryMatches(e, { actor: 'admin' })).toBe(true);
    expect(entryMatches(e, { actor: 'karim-id' })).toBe(true);
    expect(entryMatches(e, { actor: 'shopper' })).toBe(false);
    expect(entryMatches(e, { entityType: 'order' })).toBe(false);
    expect(entryMatches(e, { entityId: 'gold-id', action: 'product.prices_changed' })).toBe(true);
    expect(entryMatches(e, { from: '2026-03-05T10:00:00.000Z', to: '2026-03-05T10:00:00.000Z' })).toBe(true);
    expect(entryMatches(e, { from: '2026-03-05T10:00:00.001Z' })).toBe(false);
    expect(entryMatches(e, { q: 'GOLD' })).toBe(true);
    expect(entryMatches(e, { q: 'karim' })).toBe(true);
    expect(entryMatches(e, { q: 'silver' })).toBe(false);
  });

  it('adds pushed entries at the top of the lists whose filters keep them, once, and marks them fresh', () => {
    const client = new QueryClient();
    const page = (entries: AuditEntry[]): InfiniteData<AuditPage> => ({
      pages: [{ entries, nextCursor: null }],
      pageParams: [undefined],
    });
    const older = entry({ id: 'old' });
    const products = auditKeys.list({ entityType: 'product' }, 50);
    const orders = auditKeys.list({ entityType: 'order' }, 50);
    client.setQueryData(products, page([older]));
    client.setQueryData(orders, page([]));
    const pushed = entry({ id: 'new', at: '2026-03-05T11:00:00.000Z' });
    applyAuditEntries(client, [pushed]);
    applyAuditEntries(client, [pushed]);
    const ids = (key: readonly unknown[]) =>
      client.getQueryData<InfiniteData<AuditPage>>(key)!.pages[0]!.entries.map((e) => e.id);
    expect(ids(products)).toEqual(['new', 'old']);
    expect(ids(orders)).toEqual([]);
    expect(isFreshEntry('new')).toBe(true);
    expect(isFreshEntry('old')).toBe(false);
  });
});
