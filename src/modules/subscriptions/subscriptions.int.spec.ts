import { sql } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import { subscriptionId } from './events';

// Delivering what a shopper paid for, end to end over HTTP (docs/product.md#subscriptions), and
// what the store keeps of it: the details are sealed in the log and the read models, opened only
// for an admin (docs/security.md#encryption-at-rest).

const SECRETS = {
  serverUrl: 'http://tv.secret-panel.example:8080',
  username: 'ali-line-user-7731',
  password: 'Pa55word-very-secret',
  playlistUrl: 'https://playlists.secret-cdn.example/get.php?u=zz',
  portalUrl: 'http://portal.secret-mag.example/c/',
  mac: '00:1a:79:ab:cd:ef',
  code: 'ACT-CODE-99887766',
  note: 'Use VLC, note-secret-123',
  message: 'Welcome! message-secret-456',
};
const MAC_STORED = '00:1A:79:AB:CD:EF';

describe('subscriptions and their delivery', () => {
  let app: RunningApp;
  let token: string;
  let gold: { id: string };
  const api = () => request(app.url);

  beforeAll(async () => {
    app = await startTestApp();
    token = await adminToken(app.url);
    gold = await createProduct(app.url, token, 'Gold', [
      ['1 month', 2000],
      ['12 months', 18000],
    ]);
  });

  /** A checkout of the given lines, paid on the sandbox page; its order's id. */
  async function paidOrder(items: { productId: string; duration: string; quantity: number }[], amount: number) {
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({ amount, fullName: 'Client', phone: '0550123456', email: '', items });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    await api()
      .post(`/sandbox/checkout/${checkout.body.checkout.id}`)
      .type('form')
      .send({ outcome: 'paid', method: 'baridi_mob' })
      .expect(303);
    const { orderId } = (
      await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.body.checkout.id })
    ).body;
    // The sandbox records the payment as its webhook arrives: the order is paid a moment later.
    await waitUntil(async () => (await detail(orderId)).order.status === 'completed');
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    return orderId as string;
  }

  const detail = async (orderId: string) => {
    const res = await api().get(`/api/admin/orders/${orderId}`).set(bearer(token)).expect(200);
    return { order: res.body.order, etag: res.headers.etag as string };
  };

  const deliver = (orderId: string, etag: string, body: object) =>
    api().put(`/api/admin/orders/${orderId}/delivery`).set(bearer(token)).set('If-Match', etag).send(body);

  /** Every row of the event store and of the read models, as JSON text. */
  async function everythingStored(): Promise<string> {
    const tables = ['events', ...app.runner.projections.flatMap((p) => p.tables)];
    const texts: string[] = [];
    for (const table of tables) {
      const { rows } = await sql`SELECT * FROM ${sql.id(table)}`.execute(app.infra.db);
      texts.push(JSON.stringify(rows));
    }
    return texts.join('\n');
  }

  it('opens one subscription per unit of each paid line, with ids from the order, line and unit', async () => {
    const orderId = await paidOrder(
      [
        { productId: gold.id, duration: '1 month', quantity: 2 },
        { productId: gold.id, duration: '12 months', quantity: 1 },
      ],
      22000,
    );
    const { order } = await detail(orderId);
    expect(order.deliveryState).toBe('awaiting');
    expect(order.subscriptions).toEqual([
      expect.objectContaining({ id: subscriptionId(orderId, 0, 0), packageName: 'Gold', duration: '1 month' }),
      expect.objectContaining({ id: subscriptionId(orderId, 0, 1), status: 'awaiting_delivery', devices: 2 }),
      expect.objectContaining({ id: subscriptionId(orderId, 1, 0), duration: '12 months', activation: null }),
    ]);
    expect(order.subscriptions[0]).toMatchObject({ quality: 'HD', startsAt: null, endsAt: null });
  });

  it('a pending order has none, and refuses a delivery', async () => {
    const checkout = await api()
      .post('/api/payment/create-checkout')
      .send({
        amount: 2000,
        fullName: 'Client',
        phone: '0550123456',
        items: [{ productId: gold.id, duration: '1 month', quantity: 1 }],
      })
      .expect(200);
    const { orderId } = (
      await api().post('/api/payment/process-successful-order').send({ checkoutId: checkout.body.checkout.id })
    ).body;
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const { order, etag } = await detail(orderId);
    expect(order).toMatchObject({ subscriptions: [], deliveryState: 'none' });
    const refused = await deliver(orderId, etag, {
      subscriptions: [{ subscriptionId: subscriptionId(orderId, 0, 0), kind: 'code', code: 'X' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('delivery.order_not_paid');
  });

  it('delivers sealed details, starts the subscriptions, dispatches the order; the admin reads them opened', async () => {
    const orderId = await paidOrder(
      [
        { productId: gold.id, duration: '1 month', quantity: 3 },
        { productId: gold.id, duration: '12 months', quantity: 1 },
      ],
      24000,
    );
    const { etag } = await detail(orderId);
    const ids = [0, 1, 2].map((unit) => subscriptionId(orderId, 0, unit));
    const yearly = subscriptionId(orderId, 1, 0);
    const res = await deliver(orderId, etag, {
      message: SECRETS.message,
      subscriptions: [
        {
          subscriptionId: ids[0],
          kind: 'xtream',
          serverUrl: SECRETS.serverUrl,
          username: SECRETS.username,
          password: SECRETS.password,
          note: SECRETS.note,
        },
        { subscriptionId: ids[1], kind: 'm3u', playlistUrl: SECRETS.playlistUrl },
        { subscriptionId: ids[2], kind: 'mag', portalUrl: SECRETS.portalUrl, mac: SECRETS.mac.replace(/:/g, '-') },
        { subscriptionId: yearly, kind: 'code', code: SECRETS.code },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.etag).not.toBe(etag);
    const { order } = await detail(orderId);
    expect(order.status).toBe('dispatched');
    expect(order.deliveryState).toBe('delivered');
    const [xtream, m3u, mag, code] = order.subscriptions;
    expect(xtream).toMatchObject({
      status: 'active',
      activation: {
        kind: 'xtream',
        serverUrl: SECRETS.serverUrl,
        username: SECRETS.username,
        password: SECRETS.password,
        note: SECRETS.note,
      },
    });
    expect(m3u.activation).toEqual({ kind: 'm3u', playlistUrl: SECRETS.playlistUrl });
    expect(mag.activation).toEqual({ kind: 'mag', portalUrl: SECRETS.portalUrl, mac: MAC_STORED });
    expect(code.activation).toEqual({ kind: 'code', code: SECRETS.code });
    // A month on the calendar from the first delivery; twelve for the yearly one.
    const start = new Date(xtream.startsAt);
    const inAMonth = new Date(start);
    inAMonth.setUTCDate(1);
    inAMonth.setUTCMonth(inAMonth.getUTCMonth() + 1);
    expect(new Date(xtream.endsAt).getUTCMonth()).toBe(inAMonth.getUTCMonth());
    expect(new Date(code.endsAt).getUTCFullYear()).toBe(start.getUTCFullYear() + 1);

    // Nothing of the details is stored in clear: not in the log, not in any read model.
    const stored = await everythingStored();
    for (const secret of [...Object.values(SECRETS), MAC_STORED, 'secret-panel', 'secret-cdn', 'secret-mag'])
      expect(stored, secret).not.toContain(secret);

    // The audit trail names the kinds delivered, by whom, and nothing of the details.
    await waitUntil(async () => {
      const trail = await api().get('/api/admin/audit').query({ entityId: orderId }).set(bearer(token));
      return trail.body.entries?.some((e: { action: string }) => e.action === 'order.delivered');
    });
    const trail = await api().get('/api/admin/audit').query({ entityId: orderId }).set(bearer(token)).expect(200);
    const delivered = trail.body.entries.find((e: { action: string }) => e.action === 'order.delivered');
    expect(delivered).toMatchObject({
      actor: { type: 'admin', name: expect.any(String) },
      changes: [{ field: 'activation', before: null, after: 'Xtream, M3U, MAG, Code' }],
    });
    expect(trail.body.entries.map((e: { action: string }) => e.action)).toContain('order.dispatched');
    for (const secret of Object.values(SECRETS)) expect(JSON.stringify(trail.body)).not.toContain(secret);
  });

  it('a second delivery corrects the details and keeps the start', async () => {
    const orderId = await paidOrder([{ productId: gold.id, duration: '1 month', quantity: 1 }], 2000);
    const id = subscriptionId(orderId, 0, 0);
    const first = await deliver(orderId, (await detail(orderId)).etag, {
      subscriptions: [{ subscriptionId: id, kind: 'code', code: 'FIRST-CODE' }],
    });
    expect(first.status).toBe(200);
    const startsAt = (await detail(orderId)).order.subscriptions[0].startsAt;
    const second = await deliver(orderId, first.headers.etag!, {
      subscriptions: [{ subscriptionId: id, kind: 'm3u', playlistUrl: 'https://fixed.example/list.m3u' }],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const { order } = await detail(orderId);
    expect(order.subscriptions[0]).toMatchObject({
      startsAt,
      activation: { kind: 'm3u', playlistUrl: 'https://fixed.example/list.m3u' },
    });
    expect(order.status).toBe('dispatched');
  });

  it('refuses bad details with their codes, unknown or repeated subscriptions, and writes nothing', async () => {
    const orderId = await paidOrder([{ productId: gold.id, duration: '1 month', quantity: 1 }], 2000);
    const { etag } = await detail(orderId);
    const id = subscriptionId(orderId, 0, 0);
    const refusals: [unknown, number, string][] = [
      [
        { subscriptionId: id, kind: 'mag', portalUrl: 'http://p.example', mac: '00:1A:79:AB:CD' },
        400,
        'delivery.invalid_mac',
      ],
      [{ subscriptionId: id, kind: 'm3u', playlistUrl: 'ftp://p.example/list' }, 400, 'delivery.invalid_url'],
      [
        { subscriptionId: id, kind: 'xtream', serverUrl: 'javascript:alert(1)', username: 'u', password: 'p' },
        400,
        'delivery.invalid_url',
      ],
      [{ subscriptionId: 'not-one-of-its', kind: 'code', code: 'C' }, 404, 'delivery.unknown_subscription'],
      [{ subscriptionId: id, kind: 'smart-tv', code: 'C' }, 400, 'delivery.invalid_kind'],
    ];
    for (const [subscription, status, code] of refusals) {
      const res = await deliver(orderId, etag, { subscriptions: [subscription] });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(code);
    }
    const twice = await deliver(orderId, etag, {
      subscriptions: [
        { subscriptionId: id, kind: 'code', code: 'A' },
        { subscriptionId: id, kind: 'code', code: 'B' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('delivery.duplicate_subscription');
    const { order, etag: after } = await detail(orderId);
    expect(after).toBe(etag);
    expect(order).toMatchObject({ status: 'completed', deliveryState: 'awaiting' });
  });

  it('is for admins only', async () => {
    const orderId = await paidOrder([{ productId: gold.id, duration: '1 month', quantity: 1 }], 2000);
    const body = { subscriptions: [{ subscriptionId: subscriptionId(orderId, 0, 0), kind: 'code', code: 'C' }] };
    await api().put(`/api/admin/orders/${orderId}/delivery`).send(body).expect(401);
    await api().put(`/api/admin/orders/${orderId}/delivery`).set(bearer('forged.token.value')).send(body).expect(401);
    expect((await detail(orderId)).order.deliveryState).toBe('awaiting');
  });

  it('of two deliveries from the same version, takes one and answers the other 409', async () => {
    const orderId = await paidOrder([{ productId: gold.id, duration: '1 month', quantity: 1 }], 2000);
    const { etag } = await detail(orderId);
    const id = subscriptionId(orderId, 0, 0);
    const answers = await Promise.all(
      ['RACE-ONE', 'RACE-TWO'].map((code) =>
        deliver(orderId, etag, { subscriptions: [{ subscriptionId: id, kind: 'code', code }] }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!;
    const { order } = await detail(orderId);
    expect(order.subscriptions[0].activation.code).toBe(winner.body.order.subscriptions[0].activation.code);
    const deliveries = await app.infra.store.readStream(`order-subscriptions-${orderId}`);
    expect(deliveries).toHaveLength(1);
  });

  it('a rebuild of the subscriptions read model gives back the same rows', async () => {
    const rows = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of ['subscriptions', 'subscription_orders', 'subscription_products'])
        out[table] = (await sql`SELECT * FROM ${sql.id(table)} ORDER BY 1`.execute(app.infra.db)).rows;
      return out;
    };
    const before = await rows();
    expect(before.subscriptions!.length).toBeGreaterThan(5);
    const started = await api().post('/api/admin/projections/subscriptions/rebuild').set(bearer(token));
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    await waitUntil(async () => {
      const overview = (await api().get('/api/admin/projections').set(bearer(token))).body;
      return overview.rebuilds?.some((r: { state: string }) => r.state === 'done');
    }, 30_000);
    expect(await rows()).toEqual(before);
  });
});
