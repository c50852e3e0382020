import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { waitUntil } from '../../../test/support/wait';
import type { AuditEntry } from '../../shared/audit';

// The audit trail live: once a batch's entries are committed, admins' sockets get them (event
// `auditEntries`), as the back office's activity page and history panels show them without a reload.
// Clients connect with Socket.IO's defaults (long-polling first, then the upgrade to a WebSocket),
// as the browser does.

let app: RunningApp;
let root: string;
let karim: { id: string; token: string };
const sockets: Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

beforeAll(async () => {
  app = await startTestApp();
  root = await adminToken(app.url);
  const created = await request(app.url)
    .post('/api/admin/users')
    .set(bearer(root))
    .send({ username: 'karim', password: 'karim long password', name: 'Karim', role: 'admin' });
  expect(created.status, created.text).toBe(201);
  // Signs in once the read models know the new admin (a write's wait for them is bounded).
  await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 30_000 });
  karim = {
    id: created.body.user.id as string,
    token: await adminToken(app.url, { username: 'karim', password: 'karim long password' }),
  };
});

async function client(auth?: { token: string }): Promise<Socket> {
  const socket = connect(app.url, { auth, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every audit entry a socket was pushed, in the order received. */
function auditEntriesOf(socket: Socket): AuditEntry[] {
  const received: AuditEntry[] = [];
  socket.on('auditEntries', (payload: { entries: AuditEntry[] }) => received.push(...payload.entries));
  return received;
}

describe('live audit entries', () => {
  it("pushes another admin's product edit to admins, with its before and after, and nothing to shoppers", async () => {
    const category = await request(app.url).post('/api/admin/categories').set(bearer(root)).send({ name: 'Sports' });
    expect(category.status, category.text).toBe(201);
    const created = await request(app.url)
      .post('/api/admin/products')
      .set(bearer(root))
      .send({
        name: 'Gold',
        category_id: category.body.category.id,
        channels: 500,
        price_durations: [{ duration: '1 month', price: 900 }],
      });
    expect(created.status, created.text).toBe(201);
    const productId = created.body.product.id as string;
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 30_000 });

    const adminSocket = await client({ token: root });
    const shopperSocket = await client();
    const forAdmin = auditEntriesOf(adminSocket);
    const forShopper = auditEntriesOf(shopperSocket);
    // Acting at once: the push may cross the upgrade from long-polling, and must arrive all the same.
    const edit = await request(app.url)
      .put(`/api/admin/products/${productId}`)
      .set(bearer(karim.token))
      .send({ name: 'Gold Plus', channels: 1200 });
    expect(edit.status, edit.text).toBe(200);

    await waitUntil(() => forAdmin.some((e) => e.action === 'product.updated'), 20_000);
    const entry = forAdmin.find((e) => e.action === 'product.updated')!;
    expect(entry.actor).toEqual({ type: 'admin', id: karim.id, name: 'Karim' });
    expect(entry.entity).toMatchObject({ type: 'product', id: productId, label: 'Gold Plus' });
    expect(entry.changes).toEqual([
      { field: 'name.fr', before: 'Gold', after: 'Gold Plus' },
      { field: 'channels', before: 500, after: 1200 },
    ]);
    // What the push carried is what the list answers for that entry.
    const listed = await request(app.url)
      .get('/api/admin/audit')
      .query({ entityType: 'product', entityId: productId, action: 'product.updated' })
      .set(bearer(root));
    expect(listed.body.entries).toEqual([entry]);

    // The shopper's socket saw the catalogue's own push for the same change, never the audit entry.
    const shopperGotCatalogue = new Promise<void>((resolve) => shopperSocket.once('productsUpdate', () => resolve()));
    await request(app.url).put(`/api/admin/products/${productId}`).set(bearer(karim.token)).send({ channels: 1300 });
    await shopperGotCatalogue;
    await waitUntil(() => forAdmin.filter((e) => e.action === 'product.updated').length === 2, 20_000);
    expect(forShopper).toEqual([]);
  });
});
