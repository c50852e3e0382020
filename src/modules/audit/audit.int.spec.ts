import { sql } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { rebuildProjections } from '../../platform/projections/rebuild';
import { auditProjection } from '../../projections/audit';
import type { AuditEntry, AuditPage } from '../../shared/audit';

// Complete by construction: every kind of admin action that exists, done through the HTTP API as
// the back office does it, plus a shopper's checkout and the payment provider's answer; each must
// show once in the trail, with who did it (as they were named then) and what changed. Then the
// trail rebuilt from the log alone must be the one kept live.

describe('the audit trail', () => {
  let app: RunningApp;
  let root: { id: string; name: string; token: string };
  let karim: { id: string; token: string };
  const ids = {} as Record<'sports' | 'movies' | 'spare' | 'gold' | 'silver' | 'bronze' | 'copper' | 'order', string>;
  let orderNumber: number;

  const api = () => request(app.url);
  const as = (token: string) => bearer(token);
  async function ok<T extends { status: number; text: string }>(res: Promise<T> | T, status = 200): Promise<T> {
    const answer = await res;
    expect(answer.status, answer.text).toBe(status);
    return answer;
  }
  /** Every entry, newest first, walking the cursor `limit` at a time. */
  async function trail(query: Record<string, string> = {}, limit = 100): Promise<AuditEntry[]> {
    const entries: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const res = await ok(
        api()
          .get('/api/admin/audit')
          .query({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) })
          .set(as(root.token)),
      );
      const page = res.body as AuditPage;
      expect(page.entries.length).toBeLessThanOrEqual(limit);
      entries.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    return entries;
  }
  const product = (name: string, categoryId: string, price: number) => ({
    name,
    category_id: categoryId,
    quality: 'HD',
    devices: 2,
    channels: 500,
    price_durations: [{ duration: '1 month', price }],
  });

  beforeAll(async () => {
    app = await startTestApp();
    const token = await adminToken(app.url);
    const me = await ok(api().get('/api/admin/me').set(as(token)));
    root = { id: me.body.user.id, name: me.body.user.name, token };

    // Users: create, update (a rename and a new password), settings and password (as that admin), delete.
    const created = await ok(
      api()
        .post('/api/admin/users')
        .set(as(root.token))
        .send({ username: 'karim', password: 'first long password', name: 'Karim', role: 'admin' }),
      201,
    );
    const karimId = created.body.user.id as string;
    await ok(
      api()
        .put(`/api/admin/users/${karimId}`)
        .set(as(root.token))
        .send({ username: 'karim.h', name: 'Karim H.', role: 'admin', password: 'second long password' }),
    );
    // Under load a write may answer before its read model caught up (a bounded wait): sign in once it has.
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 30_000 });
    karim = {
      id: karimId,
      token: await adminToken(app.url, { username: 'karim.h', password: 'second long password' }),
    };
    const settings = (await ok(api().get('/api/admin/settings').set(as(karim.token)))).body.settings;
    await ok(
      api()
        .put('/api/admin/settings')
        .set(as(karim.token))
        .send({ ...settings, profile: { ...settings.profile, email: 'karim@example.dz' }, timezone: 'Europe/Paris' }),
    );
    const changed = await ok(
      api().put('/api/admin/settings/password').set(as(karim.token)).send({
        currentPassword: 'second long password',
        newPassword: 'third long password',
        confirmPassword: 'third long password',
      }),
    );
    karim.token = changed.body.token;

    // Categories: Karim creates two (and a spare), renames one, deletes the spare.
    const category = async (name: string) =>
      (
        await ok(
          api()
            .post('/api/admin/categories')
            .set(as(karim.token))
            .send({ name, description: `${name} channels` }),
          201,
        )
      ).body.category.id as string;
    ids.sports = await category('Sports');
    ids.movies = await category('Movies');
    ids.spare = await category('Spare');
    await ok(
      api()
        .put(`/api/admin/categories/${ids.sports}`)
        .set(as(karim.token))
        .send({ name: 'Sports HD', description: 'Sports channels' }),
    );
    await ok(api().delete(`/api/admin/categories/${ids.spare}`).set(as(karim.token)));

    // Products, by the first admin: create three, update one (details, prices, deactivated), delete one, bulk.
    const create = async (name: string, price: number) =>
      (
        await ok(
          api()
            .post('/api/admin/products')
            .set(as(root.token))
            .send(product(name, ids.sports, price)),
          201,
        )
      ).body.product.id as string;
    ids.gold = await create('Gold', 2000);
    ids.silver = await create('Silver', 1500);
    ids.bronze = await create('Bronze', 1000);
    await ok(
      api()
        .put(`/api/admin/products/${ids.gold}`)
        .set(as(root.token))
        .send({ name: 'Gold Plus', price_durations: [{ duration: '1 month', price: 2500 }], active: false }),
    );
    await ok(api().delete(`/api/admin/products/${ids.bronze}`).set(as(root.token)));
    await ok(
      api()
        .post('/api/admin/products/bulk')
        .set(as(root.token))
        .send({ action: 'changeCategory', ids: [ids.silver], categoryId: ids.movies }),
    );
    await ok(api().put(`/api/admin/products/${ids.gold}`).set(as(root.token)).send({ active: true }));

    // Restores, by Karim: a category renamed and put back, a product's prices changed and put back.
    await ok(
      api()
        .put(`/api/admin/categories/${ids.movies}`)
        .set(as(karim.token))
        .send({ name: 'Movies HD', description: 'Movies channels' }),
    );
    await ok(api().post(`/api/admin/categories/${ids.movies}/restore`).set(as(karim.token)).send({ version: 0 }));
    ids.copper = await create('Copper', 800);
    await ok(
      api()
        .put(`/api/admin/products/${ids.copper}`)
        .set(as(karim.token))
        .send({ price_durations: [{ duration: '1 month', price: 900 }] }),
    );
    await ok(api().post(`/api/admin/products/${ids.copper}/restore`).set(as(karim.token)).send({ version: 0 }));

    // A shopper's order, paid in the sandbox, then dispatched by Karim and deleted by the first admin.
    const checkout = await ok(
      api()
        .post('/api/payment/create-checkout')
        .send({
          amount: 1500,
          phone: '0550123456',
          items: [{ productId: ids.silver, duration: '1 month', quantity: 1 }],
        }),
    );
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const order = await api()
      .get(`/api/payment/order/${checkout.body.checkout.id}`)
      .then((res) => res.body.order);
    ids.order = order.dbOrderId;
    orderNumber = order.orderNumber;
    await ok(
      api()
        .post(`/sandbox/checkout/${checkout.body.checkout.id}`)
        .type('form')
        .send({ outcome: 'paid', method: 'baridi_mob' }),
      303,
    );
    // The shopper corrects the phone on the confirmation page, once the order is paid.
    const accessToken = checkout.body.orderAccessToken;
    await ok(api().post('/api/payment/update-customer-phone').send({ accessToken, phone: '0660123456' }));
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    await ok(api().put(`/api/admin/orders/${ids.order}/status`).set(as(karim.token)).send({ status: 'dispatched' }));
    const refundedOn = new Date().toISOString().slice(0, 10);
    await ok(
      api()
        .post(`/api/admin/orders/${ids.order}/refund`)
        .set(as(root.token))
        .send({ amount: 1500, reason: 'Asked for it', method: 'ccp', date: refundedOn }),
    );

    // Karim makes Arabic the catalogue's default language (docs/product.md#shop-settings).
    await ok(api().put('/api/admin/shop/language').set(as(karim.token)).send({ defaultLanguage: 'ar' }));

    // Bulk delete, then Karim leaves: his entries keep his name.
    await ok(
      api()
        .post('/api/admin/products/bulk')
        .set(as(root.token))
        .send({ action: 'delete', ids: [ids.silver] }),
    );
    await ok(api().delete(`/api/admin/users/${karim.id}`).set(as(root.token)));
  });

  it('shows every action once, newest first, with who did it as they were named then and what changed', async () => {
    const entries = await trail();
    const find = (action: string, entityId: string) => {
      const found = entries.filter((e) => e.action === action && e.entity.id === entityId);
      expect(found, `${action} on ${entityId}`).toHaveLength(1);
      return found[0]!;
    };
    const byRoot = { type: 'admin', id: root.id, name: root.name };
    const byKarim = { type: 'admin', id: karim.id, name: 'Karim H.' };

    // Newest first, each event once.
    expect(entries[0]).toMatchObject({ action: 'user.deleted', entity: { id: karim.id, label: 'karim.h' } });
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    expect(find('user.created', root.id)).toMatchObject({ actor: { type: 'system', id: 'system', name: null } });
    expect(find('user.created', karim.id)).toMatchObject({
      actor: byRoot,
      entity: { type: 'user', label: 'karim' },
      changes: [
        { field: 'username', before: null, after: 'karim' },
        { field: 'name', before: null, after: 'Karim' },
        { field: 'role', before: null, after: 'admin' },
      ],
    });
    expect(find('user.updated', karim.id)).toMatchObject({
      actor: byRoot,
      entity: { label: 'karim.h' },
      changes: [
        { field: 'username', before: 'karim', after: 'karim.h' },
        { field: 'name', before: 'Karim', after: 'Karim H.' },
      ],
    });
    const passwords = entries.filter((e) => e.action === 'user.password_changed' && e.entity.id === karim.id);
    expect(passwords.map((e) => e.actor)).toEqual([byKarim, byRoot]);
    for (const entry of passwords) expect(entry.changes).toEqual([]);
    expect(find('user.settings_changed', karim.id)).toMatchObject({
      actor: byKarim,
      changes: [
        { field: 'email', before: '', after: 'karim@example.dz' },
        { field: 'timezone', before: 'Africa/Algiers', after: 'Europe/Paris' },
      ],
    });
    expect(find('user.deleted', karim.id)).toMatchObject({ actor: byRoot });

    expect(find('category.created', ids.sports)).toMatchObject({ actor: byKarim, entity: { label: 'Sports' } });
    expect(find('category.created', ids.movies)).toMatchObject({ actor: byKarim, entity: { label: 'Movies' } });
    expect(find('category.created', ids.spare)).toMatchObject({ actor: byKarim });
    expect(find('category.updated', ids.sports)).toMatchObject({
      actor: byKarim,
      entity: { type: 'category', label: 'Sports HD' },
      // The shop's default language, French, is the one `name` stands for (docs/product.md#catalogue-languages).
      changes: expect.arrayContaining([{ field: 'name.fr', before: 'Sports', after: 'Sports HD' }]),
    });
    // The description was sent unchanged: not listed.
    expect(find('category.updated', ids.sports).changes.map((c) => c.field)).not.toContain('description.fr');
    expect(find('category.deleted', ids.spare)).toMatchObject({ actor: byKarim, entity: { label: 'Spare' } });

    for (const id of [ids.gold, ids.silver, ids.bronze])
      expect(find('product.created', id)).toMatchObject({ actor: byRoot, entity: { type: 'product' } });
    expect(find('product.created', ids.gold).changes).toContainEqual({
      field: 'category',
      before: null,
      after: 'Sports HD',
    });
    expect(find('product.updated', ids.gold)).toMatchObject({
      actor: byRoot,
      entity: { label: 'Gold Plus' },
      changes: [{ field: 'name.fr', before: 'Gold', after: 'Gold Plus' }],
    });
    expect(find('product.prices_changed', ids.gold).changes).toEqual([
      { field: 'prices.1 month', before: '2000 Da', after: '2500 Da' },
    ]);
    expect(find('product.deactivated', ids.gold).changes).toEqual([{ field: 'active', before: true, after: false }]);
    expect(find('product.activated', ids.gold).changes).toEqual([{ field: 'active', before: false, after: true }]);
    expect(find('product.deleted', ids.bronze)).toMatchObject({ actor: byRoot, entity: { label: 'Bronze' } });
    expect(find('product.category_changed', ids.silver)).toMatchObject({
      actor: byRoot,
      entity: { label: 'Silver' },
      changes: [{ field: 'category', before: 'Sports HD', after: 'Movies' }],
    });
    expect(find('product.deleted', ids.silver)).toMatchObject({ actor: byRoot });

    const label = `#${orderNumber}`;
    expect(find('order.placed', ids.order)).toMatchObject({
      actor: { type: 'shopper', id: 'shopper', name: null },
      entity: { type: 'order', label },
    });
    expect(find('order.phone_changed', ids.order)).toMatchObject({
      actor: { type: 'shopper' },
      changes: [{ field: 'phone', before: '0550123456', after: '0660123456' }],
    });
    expect(find('order.paid', ids.order)).toMatchObject({
      actor: { type: 'payment', id: 'sandbox', name: 'sandbox' },
      changes: expect.arrayContaining([{ field: 'status', before: 'pending', after: 'completed' }]),
    });
    expect(find('order.dispatched', ids.order)).toMatchObject({
      actor: byKarim,
      entity: { label },
      changes: [{ field: 'status', before: 'completed', after: 'dispatched' }],
    });
    expect(find('shop.language_changed', 'language')).toMatchObject({
      actor: byKarim,
      entity: { type: 'shop', label: 'ar', version: 0 },
      changes: [{ field: 'defaultLanguage', before: 'fr', after: 'ar' }],
    });
    expect(find('order.refunded', ids.order)).toMatchObject({
      actor: byRoot,
      entity: { label },
      changes: expect.arrayContaining([
        { field: 'status', before: 'dispatched', after: 'refunded' },
        { field: 'amount', before: null, after: 1500 },
      ]),
    });
    expect(find('category.restored', ids.movies)).toMatchObject({
      actor: byKarim,
      restoredVersion: 0,
      entity: { label: 'Movies' },
      changes: [
        { field: 'name.fr', before: 'Movies HD', after: 'Movies' },
        { field: 'slug', before: 'movies-hd', after: 'movies' },
      ],
    });
    expect(find('product.restored', ids.copper)).toMatchObject({
      actor: byKarim,
      restoredVersion: 0,
      entity: { label: 'Copper' },
      changes: [{ field: 'prices', before: ['1 month: 900 Da'], after: ['1 month: 800 Da'] }],
    });

    // Every action the API offers is there; the hash of a password never is.
    const actions = new Set(entries.map((e) => e.action));
    for (const action of [
      'user.created',
      'user.updated',
      'user.password_changed',
      'user.settings_changed',
      'user.deleted',
      'category.created',
      'category.updated',
      'category.deleted',
      'category.restored',
      'product.created',
      'product.updated',
      'product.prices_changed',
      'product.category_changed',
      'product.activated',
      'product.deactivated',
      'product.deleted',
      'product.restored',
      'order.placed',
      'order.phone_changed',
      'order.paid',
      'order.dispatched',
      'order.refunded',
      'shop.language_changed',
    ])
      expect(actions, action).toContain(action);
    expect(JSON.stringify(entries)).not.toMatch(/\$argon2/);
  });

  it('filters by entity, actor, action, dates and free text, and pages with an opaque cursor', async () => {
    const all = await trail();
    expect(await trail({}, 3)).toEqual(all);

    const gold = await trail({ entityType: 'product', entityId: ids.gold });
    expect(gold.map((e) => e.action).reverse()).toEqual([
      'product.created',
      'product.updated',
      'product.prices_changed',
      'product.deactivated',
      'product.activated',
    ]);
    const karims = await trail({ actor: karim.id });
    expect(karims.length).toBeGreaterThan(0);
    expect(karims.every((e) => e.actor.id === karim.id)).toBe(true);
    expect((await trail({ actor: 'shopper' })).map((e) => e.action).sort()).toEqual([
      'order.phone_changed',
      'order.placed',
    ]);
    expect((await trail({ actor: 'payment' })).map((e) => e.action)).toEqual(['order.paid']);
    // A provider by name; every admin at once.
    expect((await trail({ actor: 'sandbox' })).map((e) => e.action)).toEqual(['order.paid']);
    const admins = await trail({ actor: 'admin' });
    expect(admins.every((e) => e.actor.type === 'admin')).toBe(true);
    expect(admins.length).toBe(all.filter((e) => e.actor.type === 'admin').length);
    expect((await trail({ action: 'category.created' })).map((e) => e.entity.label).sort()).toEqual([
      'Movies',
      'Spare',
      'Sports',
    ]);
    // Free text over the label, the actor's name and the action, in any case, and ids from their start.
    expect((await trail({ q: 'gold PLUS' })).every((e) => e.entity.id === ids.gold)).toBe(true);
    const byId = await trail({ q: ids.gold.slice(0, 8).toUpperCase() });
    expect(byId.length).toBeGreaterThan(0);
    expect(byId.every((e) => e.entity.id === ids.gold)).toBe(true);
    expect(await trail({ q: ids.gold.slice(9, 20) })).toEqual([]);
    expect((await trail({ q: 'karim h.' })).length).toBeGreaterThanOrEqual(karims.length);
    expect(await trail({ q: '100%_' })).toEqual([]);
    // Dates: a day alone covers the whole day (UTC).
    const today = new Date().toISOString().slice(0, 10);
    expect(await trail({ from: today, to: today })).toEqual(all);
    expect(await trail({ to: '2020-01-01' })).toEqual([]);
    expect(await trail({ from: '', entityType: '' })).toEqual(all);
  });

  it('refuses bad filters with 400 and the reason, and requires an admin', async () => {
    const bad = async (query: Record<string, string>, message: RegExp) => {
      const res = await api().get('/api/admin/audit').query(query).set(as(root.token));
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await bad({ limit: '101' }, /Limit must be a whole number from 1 to 100/);
    await bad({ limit: '0' }, /Limit/);
    await bad({ cursor: 'not-a-cursor' }, /cursor/);
    await bad({ entityType: 'planet' }, /entityType must be one of/);
    await bad({ action: 'product.exploded' }, /action/);
    await bad({ from: 'yesterday' }, /Dates must be/);
    await bad({ from: '2026-02-01', to: '2026-01-01' }, /from must not be after to/);
    await bad({ q: 'a\u0000b' }, /Search/);
    expect((await api().get('/api/admin/audit')).status).toBe(401);
    expect((await api().get('/api/admin/audit.csv')).status).toBe(401);
  });

  it("names each entry's version of its entity, as its ETag was once the change was made", async () => {
    const history = await ok(
      api().get('/api/admin/audit').query({ entityType: 'product', entityId: ids.gold }).set(as(root.token)),
    );
    const versions = (history.body as AuditPage).entries.map((entry) => entry.entity.version);
    expect(versions).toEqual([4, 3, 2, 1, 0]);
    const product = await ok(api().get(`/api/admin/products/${ids.gold}`).set(as(root.token)));
    expect(product.headers.etag).toBe(`"${versions[0]}"`);
  });

  it('streams the same filters as CSV', async () => {
    const res = await ok(
      api().get('/api/admin/audit.csv').query({ entityType: 'product', entityId: ids.gold }).set(as(root.token)),
    );
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Time","Actor type","Actor id","Actor","Action","Entity type","Entity id","Entity","Version","Restored version","Changes","Request"',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('"product.activated"');
    expect(lines.find((l) => l.includes('product.updated'))).toContain('"name.fr: Gold → Gold Plus"');
    expect(lines.find((l) => l.includes('product.created'))).toContain(`"${root.name}"`);
  });

  it('is the same trail when rebuilt from the log alone', async () => {
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const rows = async () => ({
      entries: await app.infra.db.selectFrom('audit_entries').selectAll().orderBy('id').execute(),
      entities: await app.infra.db.selectFrom('audit_entities').selectAll().orderBy('key').execute(),
    });
    // Its tables get their primary keys only after the replay (insert-only): indexed as before all the same.
    const indexes = async () =>
      (
        await sql<{ indexdef: string }>`
          SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('audit_entries', 'audit_entities')
          ORDER BY indexname`.execute(app.infra.db)
      ).rows.map((row) => row.indexdef);
    const indexedLive = await indexes();
    expect(indexedLive.filter((definition) => definition.includes('UNIQUE INDEX'))).toHaveLength(2);
    const live = await rows();
    expect(live.entries.length).toBeGreaterThan(20);
    for (const batchSize of [3, 1000]) {
      await rebuildProjections({
        db: app.infra.db,
        store: app.infra.store,
        databaseUrl: app.infra.database.url,
        projections: [auditProjection()],
        batchSize,
      });
      expect(await rows(), `rebuilt in batches of ${batchSize}`).toEqual(live);
      expect(await indexes()).toEqual(indexedLive);
    }
    expect(await trail()).toHaveLength(live.entries.length);
  });
});
