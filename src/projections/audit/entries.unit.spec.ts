import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../platform/eventstore/port';
import { States, auditEntries, auditEntry, diffFields, entityKey } from './entries';
import type { EntityState } from './state';

// The trail's diffing and its reading of events, without a database: given the states the
// projection remembers and an event, which entry.

let n = 0;
const event = (type: string, data: object, actor = 'admin-1'): RecordedEvent => ({
  id: `e${++n}`,
  streamId: 's',
  revision: 0n,
  position: { commit: BigInt(n), prepare: BigInt(n) },
  type,
  data,
  metadata: { actor, correlationId: 'req-1', causationId: 'c', occurredAt: '2026-11-24T10:00:00.000Z' },
});
const at = '2026-11-24T10:00:00.000Z';
/** A product's values as an admin creates it (in category c1). */
const gold = {
  categoryId: 'c1',
  name: 'Gold',
  description: 'd',
  channels: 100,
  quality: 'HD',
  devices: 1,
  popular: false,
  vod: false,
  features: [],
  active: true,
  priceDurations: [{ duration: '1 month', price: 1500, active: true }],
  image: null,
};
const admin: EntityState = { kind: 'user', username: 'amina', name: 'Amina', role: 'admin', settings: {} };

describe('diffFields', () => {
  it('lists only the fields whose values differ, before and after', () => {
    expect(diffFields({ name: 'A', price: 1, popular: false }, { name: 'B', price: 1, popular: true })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'popular', before: false, after: true },
    ]);
  });

  it('compares lists by their items, and counts a field one side lacks as null', () => {
    expect(diffFields({ features: ['a', 'b'] }, { features: ['a', 'b'] })).toEqual([]);
    expect(diffFields({ features: ['a'] }, { features: ['a', 'b'] })).toEqual([
      { field: 'features', before: ['a'], after: ['a', 'b'] },
    ]);
    expect(diffFields({}, { image: '/media/x.webp' })).toEqual([
      { field: 'image', before: null, after: '/media/x.webp' },
    ]);
    expect(diffFields({ image: '/media/x.webp' }, {})).toEqual([
      { field: 'image', before: '/media/x.webp', after: null },
    ]);
    expect(diffFields({ image: null }, { image: null })).toEqual([]);
  });
});

describe('auditEntry', () => {
  const states = () => new States(new Map([[entityKey('user', 'admin-1'), admin]]));

  it('names the admin as they were when they acted, even when the event renames them', () => {
    const s = states();
    const entry = auditEntry(
      event('AdminUserUpdated', { userId: 'admin-1', username: 'amina.b', name: 'Amina B.', role: 'admin', at }),
      s,
    )!;
    expect(entry).toMatchObject({
      actor_type: 'admin',
      actor_id: 'admin-1',
      actor_name: 'Amina',
      action: 'user.updated',
      entity_label: 'amina.b',
      changes: [
        { field: 'username', before: 'amina', after: 'amina.b' },
        { field: 'name', before: 'Amina', after: 'Amina B.' },
      ],
    });
    const next = auditEntry(event('AdminPasswordChanged', { userId: 'admin-1', passwordHash: 'secret-hash', at }), s)!;
    expect(next).toMatchObject({ actor_name: 'Amina B.', action: 'user.password_changed', changes: [] });
    expect(JSON.stringify(next)).not.toContain('secret-hash');
  });

  it('diffs a product against what it was, naming categories and prices', () => {
    const s = states();
    auditEntry(
      event('CategoryCreated', { categoryId: 'c1', name: 'Sports', slug: 'sports', description: '', image: null, at }),
      s,
    );
    auditEntry(
      event('CategoryCreated', { categoryId: 'c2', name: 'Movies', slug: 'movies', description: '', image: null, at }),
      s,
    );
    const created = auditEntry(event('ProductCreated', { productId: 'p1', ...gold, at }), s)!;
    expect(created.changes).toContainEqual({ field: 'category', before: null, after: 'Sports' });
    expect(created.changes).toContainEqual({ field: 'prices', before: null, after: ['1 month: 1500 Da'] });
    expect(created.changes.map((c) => c.field)).not.toContain('image');

    const moved = auditEntry(event('ProductCategoryChanged', { productId: 'p1', categoryId: 'c2', at }), s)!;
    expect(moved).toMatchObject({
      action: 'product.category_changed',
      entity_label: 'Gold',
      changes: [{ field: 'category', before: 'Sports', after: 'Movies' }],
    });
    const repriced = auditEntry(
      event('ProductPricesChanged', {
        productId: 'p1',
        priceDurations: [{ duration: '1 month', price: 1800, active: true }],
        at,
      }),
      s,
    )!;
    // One field per duration whose price changed, not both whole lists.
    expect(repriced.changes).toEqual([{ field: 'prices.1 month', before: '1500 Da', after: '1800 Da' }]);
    const extended = auditEntry(
      event('ProductPricesChanged', {
        productId: 'p1',
        priceDurations: [
          { duration: '1 month', price: 1800, active: false },
          { duration: '3 months', price: 4000, active: true },
        ],
        at,
      }),
      s,
    )!;
    expect(extended.changes).toEqual([
      { field: 'prices.1 month', before: '1800 Da', after: '1800 Da (off)' },
      { field: 'prices.3 months', before: null, after: '4000 Da' },
    ]);
    const dropped = auditEntry(
      event('ProductPricesChanged', {
        productId: 'p1',
        priceDurations: [{ duration: '1 month', price: 1800, active: true }],
        at,
      }),
      s,
    )!;
    expect(dropped.changes).toEqual([
      { field: 'prices.1 month', before: '1800 Da (off)', after: '1800 Da' },
      { field: 'prices.3 months', before: '4000 Da', after: null },
    ]);
    const off = auditEntry(event('ProductDeactivated', { productId: 'p1', at }), s)!;
    expect(off).toMatchObject({
      action: 'product.deactivated',
      changes: [{ field: 'active', before: true, after: false }],
    });
    const deleted = auditEntry(event('ProductDeleted', { productId: 'p1', name: 'Gold', at }), s)!;
    expect(deleted).toMatchObject({ action: 'product.deleted', entity_label: 'Gold', changes: [] });
    expect(s.current(entityKey('product', 'p1'))).toBeUndefined();
  });

  it('labels orders by number, says who paid, and numbers orders placed before numbers as the orders model does', () => {
    const s = states();
    const placed = (orderId: string, number?: number) =>
      event(
        'OrderPlaced',
        {
          orderId,
          ...(number ? { number } : {}),
          checkoutId: `ck-${orderId}`,
          provider: 'sandbox',
          lines: [
            { productId: 'p', productName: 'Gold', duration: '1 month', quality: 'HD', unitPrice: 10, quantity: 2 },
          ],
          total: 20,
          phone: '0550000000',
          customerName: 'Client',
          customerEmail: 'c@example.dz',
          requestedMethod: 'edahabia',
          at,
        },
        'shopper',
      );
    expect(auditEntry(placed('o1'), s)).toMatchObject({
      actor_type: 'shopper',
      action: 'order.placed',
      entity_label: '#1',
    });
    expect(auditEntry(placed('o2'), s)).toMatchObject({ entity_label: '#2' });
    expect(auditEntry(placed('o3', 1042), s)).toMatchObject({ entity_label: '#1042' });
    const paid = auditEntry(
      event('OrderPaid', { orderId: 'o3', paymentMethod: 'edahabia', amount: 20, at }, 'system'),
      s,
    )!;
    expect(paid).toMatchObject({
      actor_type: 'payment',
      actor_id: 'sandbox',
      action: 'order.paid',
      changes: [
        { field: 'status', before: 'pending', after: 'completed' },
        { field: 'paymentMethod', before: null, after: 'edahabia' },
        { field: 'amount', before: null, after: 20 },
      ],
    });
    const dispatched = auditEntry(event('OrderDispatched', { orderId: 'o3', at }), s)!;
    expect(dispatched).toMatchObject({
      actor_name: 'Amina',
      action: 'order.dispatched',
      entity_label: '#1042',
      changes: [{ field: 'status', before: 'completed', after: 'dispatched' }],
    });
  });

  it("says a paid renewal on each order it renews, as the shopper's act paid by the renewal order", () => {
    const s = states();
    const line = (name: string, renewalOf?: { orderId: string; orderNumber: number }) => ({
      productId: 'p',
      productName: name,
      duration: '3 months',
      quality: 'HD',
      unitPrice: 10,
      quantity: 1,
      ...(renewalOf && { renewalOf: { subscriptionId: `sub-${name}`, ...renewalOf } }),
    });
    const order = (orderId: string, number: number, lines: object[]) =>
      event(
        'OrderPlaced',
        { orderId, number, checkoutId: `ck-${orderId}`, provider: 'sandbox', lines, total: 30, phone: '0550000000' },
        'shopper',
      );
    auditEntries(order('plain', 1076, [line('Gold')]), s);
    auditEntries(
      order('renewal', 1077, [
        line('Gold', { orderId: 'first', orderNumber: 1042 }),
        line('Silver', { orderId: 'first', orderNumber: 1042 }),
        line('Cinema', { orderId: 'second', orderNumber: 1050 }),
      ]),
      s,
    );
    const pay = (orderId: string) =>
      auditEntries(event('OrderPaid', { orderId, paymentMethod: 'edahabia', amount: 30, at }, 'system'), s);

    expect(pay('plain').map((entry) => entry.action)).toEqual(['order.paid']);
    const [paid, ...renewed] = pay('renewal');
    expect(paid).toMatchObject({ action: 'order.paid', entity_id: 'renewal', actor_type: 'payment' });
    expect(renewed).toEqual([
      {
        ...paid,
        id: `${paid!.id}:renewed:first`,
        actor_type: 'shopper',
        actor_id: 'shopper',
        actor_name: null,
        action: 'order.renewed',
        entity_id: 'first',
        entity_label: '#1042',
        changes: [
          { field: 'renewedBy', before: null, after: '#1077' },
          { field: 'items', before: null, after: ['1 × Gold (3 months)', '1 × Silver (3 months)'] },
        ],
      },
      expect.objectContaining({
        id: `${paid!.id}:renewed:second`,
        entity_label: '#1050',
        changes: [
          { field: 'renewedBy', before: null, after: '#1077' },
          { field: 'items', before: null, after: ['1 × Cinema (3 months)'] },
        ],
      }),
    ]);
  });

  it('shows image changes as the stored picture, and a failed payment and a restore by the provider', () => {
    const s = states();
    auditEntry(
      event('CategoryCreated', { categoryId: 'c1', name: 'Sports', slug: 'sports', description: '', image: null, at }),
      s,
    );
    expect(
      auditEntry(
        event('CategoryImageChanged', {
          categoryId: 'c1',
          image: { featured: '/media/a.webp', thumbnail: '/media/a-t.webp' },
          at,
        }),
        s,
      ),
    ).toMatchObject({
      action: 'category.image_changed',
      entity_label: 'Sports',
      changes: [{ field: 'image', before: null, after: '/media/a.webp' }],
    });
    const order = {
      orderId: 'o9',
      checkoutId: 'ck',
      provider: 'chargily',
      lines: [],
      total: 0,
      phone: '0550000000',
      customerName: 'C',
      customerEmail: '',
      requestedMethod: 'edahabia',
      at,
    };
    expect(auditEntry(event('OrderPlaced', order, 'shopper'), s)).toMatchObject({ entity_label: '#1' });
    expect(
      auditEntry(event('OrderPaymentFailed', { orderId: 'o9', reason: 'expired', at }, 'system'), s),
    ).toMatchObject({
      actor_type: 'payment',
      actor_id: 'chargily',
      action: 'order.payment_failed',
      changes: [
        { field: 'status', before: 'pending', after: 'failed' },
        { field: 'reason', before: null, after: 'expired' },
      ],
    });
    auditEntry(event('OrderDeleted', { orderId: 'o9', at }), s);
    // A payment reaching the deleted order brings it back under the number it had.
    expect(auditEntry(event('OrderRestored', { orderId: 'o9', order, at }, 'system'), s)).toMatchObject({
      actor_type: 'payment',
      action: 'order.restored',
      entity_label: '#1',
      changes: [{ field: 'status', before: 'deleted', after: 'pending' }],
    });
  });

  it('records a payment that does not match its order, then the admin who accepted or refused it', () => {
    const s = states();
    const placed = (orderId: string) => ({
      orderId,
      number: orderId === 'm1' ? 7 : 8,
      checkoutId: `ck-${orderId}`,
      provider: 'chargily',
      lines: [],
      total: 16000,
      phone: '0550000000',
      customerName: 'C',
      customerEmail: '',
      requestedMethod: 'edahabia',
      at,
    });
    const mismatch = (orderId: string) => ({
      orderId,
      paymentMethod: 'baridi_mob',
      amount: 1,
      currency: 'dzd',
      expectedAmount: 16000,
      expectedCurrency: 'dzd',
      at,
    });
    for (const id of ['m1', 'm2']) auditEntry(event('OrderPlaced', placed(id), 'shopper'), s);
    expect(auditEntry(event('OrderPaymentMismatched', mismatch('m1'), 'system'), s)).toMatchObject({
      actor_type: 'payment',
      actor_id: 'chargily',
      action: 'order.payment_mismatched',
      entity_label: '#7',
      changes: [
        { field: 'status', before: 'pending', after: 'payment_mismatch' },
        { field: 'paymentMethod', before: null, after: 'baridi_mob' },
        { field: 'amount', before: null, after: 1 },
        { field: 'currency', before: null, after: 'dzd' },
        { field: 'expectedAmount', before: null, after: 16000 },
        { field: 'expectedCurrency', before: null, after: 'dzd' },
      ],
    });
    expect(auditEntry(event('OrderPaymentAccepted', { orderId: 'm1', at }), s)).toMatchObject({
      actor_type: 'admin',
      actor_id: 'admin-1',
      action: 'order.payment_accepted',
      changes: [{ field: 'status', before: 'payment_mismatch', after: 'completed' }],
    });
    auditEntry(event('OrderPaymentMismatched', mismatch('m2'), 'system'), s);
    expect(auditEntry(event('OrderPaymentRejected', { orderId: 'm2', at }), s)).toMatchObject({
      actor_type: 'admin',
      action: 'order.payment_rejected',
      entity_label: '#8',
      changes: [{ field: 'status', before: 'payment_mismatch', after: 'failed' }],
    });
  });

  it('records a restore with the version it brought back and each field it changed, before and after', () => {
    const s = states();
    for (const [categoryId, name] of [
      ['c1', 'Sports'],
      ['c2', 'Movies'],
    ])
      auditEntry(event('CategoryCreated', { categoryId, name, slug: name, description: '', image: null, at }), s);

    const created = auditEntry(event('ProductCreated', { productId: 'p1', ...gold, at }), s)!;
    expect(created.restored_version).toBeNull();
    auditEntry(event('ProductCategoryChanged', { productId: 'p1', categoryId: 'c2', at }), s);
    auditEntry(
      event('ProductDetailsUpdated', { ...gold, productId: 'p1', name: 'Gold Plus', features: ['4K'], at }),
      s,
    );
    // The category it is in is renamed meanwhile: the restore names both categories as they are called now.
    auditEntry(event('CategoryUpdated', { categoryId: 'c2', name: 'Cinema', slug: 'cinema', description: '', at }), s);
    const restored = auditEntry(event('ProductRestored', { productId: 'p1', ...gold, toVersion: 0, at }), s)!;
    expect(restored).toMatchObject({
      action: 'product.restored',
      actor_name: 'Amina',
      entity_label: 'Gold',
      restored_version: 0,
      changes: [
        { field: 'name.fr', before: 'Gold Plus', after: 'Gold' },
        { field: 'features.fr', before: ['4K'], after: [] },
        { field: 'category', before: 'Cinema', after: 'Sports' },
      ],
    });
    const category = auditEntry(
      event('CategoryRestored', {
        categoryId: 'c2',
        name: 'Movies',
        slug: 'movies',
        description: '',
        image: null,
        toVersion: 0,
        at,
      }),
      s,
    )!;
    expect(category).toMatchObject({
      action: 'category.restored',
      entity_label: 'Movies',
      restored_version: 0,
      changes: [
        { field: 'name.fr', before: 'Cinema', after: 'Movies' },
        { field: 'slug', before: 'cinema', after: 'movies' },
      ],
    });
  });

  it('says which language of a product or category changed, and reads states kept before languages as French', () => {
    const s = states();
    const fr = { name: 'Gold', description: 'd', features: [] };
    const ar = { name: 'ذهبي', description: '', features: ['4K'] };
    const created = auditEntry(event('ProductCreated', { productId: 'p1', ...gold, translations: { ar, fr }, at }), s)!;
    expect(created.changes.map((c) => c.field)).toEqual(
      expect.arrayContaining(['name.ar', 'name.fr', 'description.fr', 'features.ar']),
    );
    expect(created.changes.map((c) => c.field)).not.toContain('name.en');
    const english = { name: 'Golden', description: '', features: [] };
    const edited = auditEntry(
      event('ProductDetailsUpdated', { productId: 'p1', ...gold, translations: { ar, fr, en: english }, at }),
      s,
    )!;
    expect(edited).toMatchObject({
      action: 'product.updated',
      entity_label: 'Gold',
      changes: [
        { field: 'name.en', before: null, after: 'Golden' },
        { field: 'description.en', before: null, after: '' },
        { field: 'features.en', before: null, after: [] },
      ],
    });
    const arabicOut = auditEntry(
      event('ProductDetailsUpdated', { productId: 'p1', ...gold, translations: { fr, en: english }, at }),
      s,
    )!;
    expect(arabicOut.changes).toEqual([
      { field: 'name.ar', before: 'ذهبي', after: null },
      { field: 'description.ar', before: '', after: null },
      { field: 'features.ar', before: ['4K'], after: null },
    ]);

    // A state the trail kept before languages (fields `name`, `description`): its text was French.
    s.remember(entityKey('category', 'c9'), {
      kind: 'category',
      fields: { name: 'Sport', slug: 'sport', description: 'Live', image: null },
    });
    const translated = auditEntry(
      event('CategoryUpdated', {
        categoryId: 'c9',
        name: 'Sport',
        slug: 'sport',
        description: 'Live',
        translations: { fr: { name: 'Sport', description: 'Live' }, ar: { name: 'رياضة', description: '' } },
        at,
      }),
      s,
    )!;
    expect(translated).toMatchObject({
      entity_label: 'Sport',
      changes: [
        { field: 'name.ar', before: null, after: 'رياضة' },
        { field: 'description.ar', before: null, after: '' },
      ],
    });
  });

  it("records the shop's default language, before and after", () => {
    const s = states();
    expect(auditEntry(event('CatalogueLanguageChosen', { language: 'ar', at }), s)).toMatchObject({
      action: 'shop.language_changed',
      entity_type: 'shop',
      entity_id: 'language',
      entity_label: 'ar',
      changes: [{ field: 'defaultLanguage', before: 'fr', after: 'ar' }],
    });
    expect(auditEntry(event('CatalogueLanguageChosen', { language: 'en', at }), s)!.changes).toEqual([
      { field: 'defaultLanguage', before: 'ar', after: 'en' },
    ]);
  });

  it('says the store did what the system did outside payments', () => {
    const entry = auditEntry(
      event(
        'AdminUserCreated',
        { userId: 'u9', username: 'root', name: 'Root', role: 'admin', passwordHash: 'h', at },
        'system',
      ),
      states(),
    )!;
    expect(entry).toMatchObject({ actor_type: 'system', actor_id: 'system', actor_name: null, action: 'user.created' });
    expect(JSON.stringify(entry)).not.toContain('"h"');
  });

  it('names the command line where an operator ran a recovery command as the system', () => {
    const reset = event('AdminPasswordChanged', { userId: 'u9', passwordHash: 'h', at }, 'system');
    const entry = auditEntry({ ...reset, metadata: { ...reset.metadata, origin: 'command-line' } }, states())!;
    expect(entry).toMatchObject({
      actor_type: 'system',
      actor_id: 'system',
      actor_name: 'command line',
      action: 'user.password_changed',
    });
  });
});
