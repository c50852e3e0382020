import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { createProduct } from '../../../test/support/catalogue';
import { freshDatabase } from '../../../test/support/database';
import { requireRedis } from '../../../test/support/redis';
import { delay, waitUntil } from '../../../test/support/wait';
import type { ClientEvent, OrderChange } from '../../shared/live/types';
import { CLIENT_MESSAGE_LIMIT, MAX_BACKLOG_PACKETS } from './realtime';

// Real Socket.IO clients against the real server. Every behaviour runs twice: with the client's
// default options, as browsers connect (HTTP long-polling first, then the upgrade to WebSocket),
// and WebSocket only.

/** An admin-only event's payload; what is in it does not matter to delivery. */
const orderChange = (id: string) => ({ order: { id }, actor: 'system', actorName: 'system' }) as unknown as OrderChange;
/** A client message the live contract does not know: only these tests' clients send it. */
const testOnlyEvent = (name: string) => name as ClientEvent;

const TRANSPORTS: [string, Partial<ManagerOptions & SocketOptions>][] = [
  ['default transports (long-polling, then upgrade)', {}],
  ['websocket only', { transports: ['websocket'] }],
];

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

/** A store whose admin tokens last 2 s, and two instances sharing a database and Redis. */
let app: RunningApp;
let first: RunningApp;
let second: RunningApp;
let elsewhere: RunningApp;

beforeAll(async () => {
  const { url: databaseUrl } = await freshDatabase({ migrate: false });
  // One deployment: its two instances share the namespace of their Redis keys and channels.
  const env = { REDIS_URL: requireRedis(), RUN_WORKERS: 'false', QUEUE_PREFIX: `test-rt-${Date.now().toString(36)}` };
  [app, first, second, elsewhere] = await Promise.all([
    startTestApp({ env: { JWT_EXPIRES_IN: '2s' } }),
    startTestApp({ env, databaseUrl }),
    startTestApp({ env, databaseUrl }),
    // Another store on the same Redis, under a namespace of its own.
    startTestApp({ env: { REDIS_URL: env.REDIS_URL, RUN_WORKERS: 'false' } }),
  ]);
});

function received(socket: Socket, event: string): unknown[] {
  const payloads: unknown[] = [];
  socket.on(event, (payload: unknown) => payloads.push(payload));
  return payloads;
}

describe.each(TRANSPORTS)('realtime (Socket.IO) over %s', (name, transport) => {
  async function client(url: string, auth?: { token: string }): Promise<Socket> {
    const socket = connect(url, { ...transport, auth, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** Resolves with the reason the server gave when it closes the socket. */
  const closedByServer = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

  it('delivers a broadcast from one instance to clients of another through Redis', async () => {
    const shopperOnFirst = await client(first.url);
    const shopperOnSecond = await client(second.url);
    const onFirst = received(shopperOnFirst, 'productsUpdate');
    const onSecond = received(shopperOnSecond, 'productsUpdate');
    // The Redis adapter needs a moment to subscribe after the server starts.
    await waitUntil(async () => {
      second.realtime.broadcast('store', 'productsUpdate', { changed: [], removed: ['p1'] });
      await delay(100);
      return onFirst.length > 0;
    });
    expect(onFirst[0]).toEqual({ changed: [], removed: ['p1'] });
    expect(onSecond.length).toBeGreaterThan(0);
  });

  it("never delivers another store's broadcasts, though it shares the Redis", async () => {
    const shopperOnFirst = await client(first.url);
    const shopperElsewhere = await client(elsewhere.url);
    const onFirst = received(shopperOnFirst, 'productsUpdate');
    const onElsewhere = received(shopperElsewhere, 'productsUpdate');
    await waitUntil(async () => {
      second.realtime.broadcast('store', 'productsUpdate', { changed: [], removed: ['p2'] });
      await delay(100);
      return onFirst.length > 0;
    });
    elsewhere.realtime.broadcast('store', 'productsUpdate', { changed: [], removed: ['theirs'] });
    await delay(300);
    expect(onElsewhere).toEqual([{ changed: [], removed: ['theirs'] }]);
    expect(JSON.stringify(onFirst)).not.toContain('theirs');
  });

  it('keeps admin broadcasts from shoppers, answers client requests, refuses bad admin tokens', async () => {
    const shopper = await client(app.url);
    const adminOnly = received(shopper, 'order:updated');
    const answers = received(shopper, 'categoriesUpdate');
    app.realtime.broadcast('admins', 'order:updated', orderChange('o1'));
    shopper.emit('requestInitialData');
    await waitUntil(() => answers.length === 1);
    expect(answers[0]).toEqual({ categories: [] });
    // Upgraded (or WebSocket from the start), the same socket is still answered.
    await waitUntil(() => shopper.io.engine.transport.name === 'websocket');
    shopper.emit('requestInitialData');
    await waitUntil(() => answers.length === 2);
    expect(adminOnly).toEqual([]);
    await expect(client(app.url, { token: 'not-a-real-token' })).rejects.toThrow('Authentication failed');
  });

  it('keeps serving the socket, other clients and HTTP after a socket handler throws', async () => {
    app.realtime.onClientEvent(testOnlyEvent('failsAtOnce'), () => {
      throw new Error('a handler bug');
    });
    app.realtime.onClientEvent(testOnlyEvent('failsLater'), async () => {
      await delay(1);
      throw new Error('a handler bug after an await');
    });
    const shopper = await client(app.url);
    const answers = received(shopper, 'productsUpdate');
    shopper.emit('failsAtOnce');
    shopper.emit('failsLater');
    shopper.emit('requestInitialData');
    await waitUntil(() => answers.length === 1);
    await delay(50);
    expect(shopper.connected).toBe(true);
    expect((await request(app.url).get('/healthz')).status).toBe(200);
    const another = await client(app.url);
    const theirs = received(another, 'productsUpdate');
    another.emit('requestInitialData');
    await waitUntil(() => theirs.length === 1);
  });

  it('answers a flood of requestInitialData only as often as one socket may ask', async () => {
    const token = await adminToken(first.url);
    await createProduct(first.url, token, `Flooded over ${name}`, [['1 month', 900]]);
    const shopper = await client(first.url);
    const answers = received(shopper, 'productsUpdate');
    const started = Date.now();
    for (let i = 0; i < 2000; i++) shopper.emit('requestInitialData');
    await waitUntil(() => answers.length > 0);
    // Whatever the server was going to answer has arrived by now (2,000 answers would have).
    await delay(500);
    const seconds = (Date.now() - started) / 1000;
    const allowed = CLIENT_MESSAGE_LIMIT.burst + Math.ceil(seconds * CLIENT_MESSAGE_LIMIT.perSecond);
    expect(answers.length).toBeLessThanOrEqual(allowed);
    expect((answers[0] as { products: unknown[] }).products.length).toBeGreaterThan(0);
    expect(shopper.connected).toBe(true);
  });

  it("closes a deleted admin's sockets on every instance; other admins stay", async () => {
    const token = await adminToken(first.url);
    const user = await createAdmin(first.url, token, `gone-${Date.now()}`);
    const userToken = await adminToken(first.url, user);
    const onFirst = await client(first.url, { token: userToken });
    const onSecond = await client(second.url, { token: userToken });
    const closed = [closedByServer(onFirst), closedByServer(onSecond)];
    const survivor = await client(second.url, { token });
    const survivorLists = received(survivor, 'usersUpdate');
    const deleted = await request(first.url).delete(`/api/admin/users/${user.id}`).set(bearer(token));
    expect(deleted.status).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    await waitUntil(() => survivorLists.length > 0);
    expect(survivor.connected).toBe(true);
    await expect(client(first.url, { token: userToken })).rejects.toThrow('Authentication failed');
  });

  it('closes sockets opened before a password change; the token issued with the change keeps working', async () => {
    const token = await adminToken(first.url);
    const user = await createAdmin(first.url, token, `changer-${Date.now()}`);
    const oldToken = await adminToken(first.url, user);
    const onFirst = await client(first.url, { token: oldToken });
    const onSecond = await client(second.url, { token: oldToken });
    const closed = [closedByServer(onFirst), closedByServer(onSecond)];
    const newPassword = 'another horse battery';
    const changed = await request(first.url)
      .put('/api/admin/settings/password')
      .set(bearer(oldToken))
      .send({ currentPassword: user.password, newPassword, confirmPassword: newPassword });
    expect(changed.status).toBe(200);
    const newToken = changed.body.token as string;
    const fresh = await client(second.url, { token: newToken });
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    const live = received(fresh, 'order:updated');
    await waitUntil(() => {
      first.realtime.broadcast('admins', 'order:updated', orderChange('o2'));
      return live.length > 0;
    });
    expect(fresh.connected).toBe(true);
    expect((await request(first.url).get('/api/admin/me').set(bearer(newToken))).status).toBe(200);
  });

  // /api/admin/orders is answered ahead of Express (a fast read), with its own token check.
  const reads = (url: string, token: string) =>
    Promise.all(
      ['/api/admin/me', '/api/admin/orders'].map(
        async (path) => (await request(url).get(path).set(bearer(token))).status,
      ),
    );

  it("closes a signed-out token's sockets and refuses it on every instance; the admin's other token stays", async () => {
    const user = await createAdmin(first.url, await adminToken(first.url), `leaving-${Date.now()}`);
    const [leaving, staying] = [await adminToken(first.url, user), await adminToken(second.url, user)];
    const onFirst = await client(first.url, { token: leaving });
    const onSecond = await client(second.url, { token: leaving });
    const closed = [closedByServer(onFirst), closedByServer(onSecond)];
    const kept = await client(first.url, { token: staying });
    // Both instances have checked the token, and remember it as good.
    expect([...(await reads(first.url, leaving)), ...(await reads(second.url, leaving))]).toEqual([200, 200, 200, 200]);
    expect((await request(second.url).post('/api/auth/logout').set(bearer(leaving)).send({})).status).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    expect([...(await reads(first.url, leaving)), ...(await reads(second.url, leaving))]).toEqual([401, 401, 401, 401]);
    await expect(client(first.url, { token: leaving })).rejects.toThrow('Authentication failed');
    expect(kept.connected).toBe(true);
    expect([...(await reads(first.url, staying)), ...(await reads(second.url, staying))]).toEqual([200, 200, 200, 200]);
  });

  it('signs an admin out everywhere: every token and socket of theirs, on every instance', async () => {
    const token = await adminToken(first.url);
    const user = await createAdmin(first.url, token, `everywhere-${Date.now()}`);
    const [one, two] = [await adminToken(first.url, user), await adminToken(second.url, user)];
    const sockets = [await client(first.url, { token: one }), await client(second.url, { token: two })];
    const closed = sockets.map(closedByServer);
    const other = await client(second.url, { token });
    expect((await request(first.url).post('/api/auth/logout').set(bearer(one)).send({ everywhere: true })).status).toBe(
      200,
    );
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    for (const url of [first.url, second.url])
      expect([...(await reads(url, one)), ...(await reads(url, two))]).toEqual([401, 401, 401, 401]);
    expect(other.connected).toBe(true);
    expect(await reads(second.url, await adminToken(second.url, user))).toEqual([200, 200]);
  });

  it('closes an admin socket when its token expires', async () => {
    const socket = await client(app.url, { token: await adminToken(app.url) });
    expect(await closedByServer(socket)).toBe('io server disconnect');
    // A fresh sign-in connects again.
    await client(app.url, { token: await adminToken(app.url) });
  });
});

/** Engine.IO's long-polling protocol by hand, as any HTTP client can speak it. */
async function pollingSession(url: string) {
  const base = `${url}/socket.io/?EIO=4&transport=polling`;
  const opened = await fetch(base);
  expect(opened.status).toBe(200);
  const sid = (JSON.parse((await opened.text()).slice(1)) as { sid: string }).sid;
  return {
    send: (packets: string[]) => fetch(`${base}&sid=${sid}`, { method: 'POST', body: packets.join('\x1e') }),
    poll: () => fetch(`${base}&sid=${sid}`),
  };
}

it('answers a long-polling request once, from Engine.IO only', async () => {
  const session = await pollingSession(app.url);
  // The poll waits for something to send; the connect packet gives it something.
  const poll = session.poll();
  await delay(50);
  expect((await session.send(['40'])).status).toBe(200);
  const answer = await poll;
  expect(answer.status).toBe(200);
  expect(await answer.text()).toMatch(/^40\{"sid":/);
  expect((await request(app.url).get('/healthz')).status).toBe(200);
});

it('drops the messages of a client that does not read its answers', async () => {
  // This client sends but never polls, so everything the server answers waits in its buffer.
  const { send, poll } = await pollingSession(app.url);
  await send(['40']);
  const ask = (times: number) => send(Array.from({ length: times }, () => '42["requestInitialData"]'));
  // The first burst is answered (nothing waits yet): two packets each, more than the buffer may hold.
  expect(2 * CLIENT_MESSAGE_LIMIT.burst).toBeGreaterThanOrEqual(MAX_BACKLOG_PACKETS);
  await ask(CLIENT_MESSAGE_LIMIT.burst);
  // Long enough for the rate to allow two more answers; the full buffer refuses them.
  await delay((1000 * 2) / CLIENT_MESSAGE_LIMIT.perSecond);
  await ask(CLIENT_MESSAGE_LIMIT.burst);
  const packets = (await (await poll()).text()).split('\x1e');
  expect(packets.filter((packet) => packet.startsWith('42["productsUpdate"')).length).toBe(CLIENT_MESSAGE_LIMIT.burst);
});

async function createAdmin(url: string, token: string, username: string) {
  const user = { username, password: 'a fine long password', name: 'Short-lived admin', role: 'admin' };
  const res = await request(url).post('/api/admin/users').set(bearer(token)).send(user);
  expect(res.status).toBe(201);
  return { ...user, id: res.body.user.id as string };
}
