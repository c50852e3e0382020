import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { requireRedis } from '../../../test/support/redis';
import { delay, waitUntil } from '../eventstore/contract';

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

async function client(url: string, auth?: { token: string }): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], auth, reconnection: false });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function received(socket: Socket, event: string): unknown[] {
  const payloads: unknown[] = [];
  socket.on(event, (payload: unknown) => payloads.push(payload));
  return payloads;
}

describe('realtime (Socket.IO)', () => {
  it('delivers a broadcast from one instance to clients of another through Redis', async () => {
    const redisUrl = requireRedis();
    const { url: databaseUrl } = await freshDatabase({ migrate: false });
    const env = { REDIS_URL: redisUrl, RUN_WORKERS: 'false' };
    const first = await startTestApp({ env, databaseUrl });
    const second = await startTestApp({ env, databaseUrl });
    const shopperOnFirst = await client(first.url);
    const shopperOnSecond = await client(second.url);
    const onFirst = received(shopperOnFirst, 'productsUpdate');
    const onSecond = received(shopperOnSecond, 'productsUpdate');
    // The Redis adapter needs a moment to subscribe after the server starts.
    await waitUntil(async () => {
      second.realtime.broadcast('store', 'productsUpdate', { products: [{ id: 'p1' }] });
      await delay(100);
      return onFirst.length > 0;
    });
    expect(onFirst[0]).toEqual({ products: [{ id: 'p1' }] });
    expect(onSecond.length).toBeGreaterThan(0);
  });

  it('keeps admin broadcasts from shoppers, answers client requests, refuses bad admin tokens', async () => {
    const app = await startTestApp();
    app.realtime.onClientEvent('requestInitialData', (socket) => {
      socket.emit('categoriesUpdate', { categories: [] });
    });
    const shopper = await client(app.url);
    const adminOnly = received(shopper, 'order:updated');
    const answers = received(shopper, 'categoriesUpdate');
    app.realtime.broadcast('admins', 'order:updated', { id: 'o1' });
    shopper.emit('requestInitialData');
    await waitUntil(() => answers.length === 1);
    expect(answers[0]).toEqual({ categories: [] });
    expect(adminOnly).toEqual([]);
    await expect(client(app.url, { token: 'not-a-real-token' })).rejects.toThrow('Authentication failed');
  });
});
