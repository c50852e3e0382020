import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';
import type { CategoryView, ProductView } from '../../shared/catalogue';

// Live updates with real Socket.IO clients: an admin's and a shopper's.

let app: RunningApp;
let token: string;
const sockets: Socket[] = [];

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

beforeAll(async () => {
  app = await startTestApp();
  token = (await request(app.url).post('/api/auth/login').send(TEST_ADMIN)).body.token as string;
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

function recorder(socket: Socket) {
  const seen: { event: string; payload: any }[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  return {
    seen,
    last: (event: string) => seen.filter((s) => s.event === event).at(-1)?.payload,
    events: () => seen.map((s) => s.event),
    /** The list as a client holds it: a whole list replaces it, a delta ({ changed, removed }) patches it. */
    held<T extends { id: string }>(event: 'productsUpdate' | 'categoriesUpdate'): T[] {
      const key = event === 'productsUpdate' ? 'products' : 'categories';
      let list: T[] = [];
      for (const { payload } of seen.filter((s) => s.event === event)) {
        if (Array.isArray(payload[key])) list = payload[key];
        else {
          const gone = new Set<string>([...payload.removed, ...payload.changed.map((item: T) => item.id)]);
          list = [...list.filter((item) => !gone.has(item.id)), ...payload.changed];
        }
      }
      return list;
    },
  };
}

const admin = (method: 'post' | 'put' | 'delete', path: string) =>
  request(app.url)[method](path).set('Authorization', `Bearer ${token}`);

describe('live catalogue', () => {
  it('pushes item changes to admins and list changes to everyone; shoppers see active products only', async () => {
    const adminSocket = recorder(await client({ token }));
    const shopperSocket = recorder(await client());

    const category = (await admin('post', '/api/admin/categories').send({ name: 'Live' })).body
      .category as CategoryView;
    // The first push of this app has no earlier one to compare with: the whole lists.
    await waitUntil(() =>
      shopperSocket.last('categoriesUpdate')?.categories?.some((c: CategoryView) => c.id === category.id),
    );
    await waitUntil(() => adminSocket.events().includes('category_created'));
    const me = (await request(app.url).get('/api/admin/me').set('Authorization', `Bearer ${token}`)).body.user.id;
    // The item's own message announces it (id, name, version); its values come in the lists' delta.
    expect(adminSocket.last('category_created')).toEqual({
      category: { id: category.id, name: category.name, version: category.version },
      actor: me,
    });

    const durations = [{ duration: '1 month', price: 900 }];
    const visible = (
      await admin('post', '/api/admin/products').send({
        name: 'On air',
        category_id: category.id,
        price_durations: durations,
      })
    ).body.product as ProductView;
    const hidden = (
      await admin('post', '/api/admin/products').send({
        name: 'Off air',
        category_id: category.id,
        active: false,
        price_durations: durations,
      })
    ).body.product as ProductView;
    await waitUntil(() => adminSocket.held('productsUpdate').length === 2);
    await waitUntil(() => adminSocket.seen.filter((s) => s.event === 'product:created').length === 2);
    expect(adminSocket.last('product:created')).toEqual({
      product: { id: hidden.id, name: hidden.name, version: hidden.version },
      actor: me,
    });
    await waitUntil(() => shopperSocket.held('productsUpdate').length === 1);
    expect(shopperSocket.held<ProductView>('productsUpdate').map((p) => p.id)).toEqual([visible.id]);
    // After that, what changed only: the product just created.
    expect(shopperSocket.last('productsUpdate')).toEqual({ changed: [visible], removed: [] });
    // The category's count follows its active products.
    await waitUntil(() => shopperSocket.held<CategoryView>('categoriesUpdate')[0]?.productsCount === 1);
    expect(shopperSocket.held<CategoryView>('categoriesUpdate').map((c) => c.id)).toEqual([category.id]);

    await admin('put', `/api/admin/products/${visible.id}`).send({ channels: 12 });
    await waitUntil(() => adminSocket.events().includes('product:updated'));
    expect(adminSocket.last('product:updated').product).toEqual({ id: visible.id, name: visible.name, version: 1 });

    await admin('delete', `/api/admin/products/${hidden.id}`);
    await waitUntil(() => adminSocket.events().includes('product:deleted'));
    expect(adminSocket.last('product:deleted')).toEqual({ product: { id: hidden.id, name: 'Off air' }, actor: me });

    await admin('put', `/api/admin/categories/${category.id}`).send({ description: 'Now live' });
    await waitUntil(() => adminSocket.events().includes('category_updated'));

    // Shoppers never get the admins' item messages.
    expect(shopperSocket.events().filter((e) => e.startsWith('product:') || e.startsWith('category_'))).toEqual([]);
  });

  it('answers requestInitialData with the catalogue, inactive products for admins only', async () => {
    const adminSocket = await client({ token });
    const shopperSocket = await client();
    const ask = (socket: Socket) =>
      new Promise<{ categories: CategoryView[]; products: ProductView[] }>((resolve) => {
        const answer: { categories?: CategoryView[]; products?: ProductView[] } = {};
        const done = () =>
          answer.categories &&
          answer.products &&
          resolve(answer as { categories: CategoryView[]; products: ProductView[] });
        socket.once(
          'categoriesUpdate',
          (p: { categories: CategoryView[] }) => ((answer.categories = p.categories), done()),
        );
        socket.once('productsUpdate', (p: { products: ProductView[] }) => ((answer.products = p.products), done()));
        socket.emit('requestInitialData');
      });
    const [forAdmin, forShopper] = await Promise.all([ask(adminSocket), ask(shopperSocket)]);
    expect(forAdmin.categories).toEqual(forShopper.categories);
    expect(forAdmin.products.some((p) => !p.active)).toBe(false); // the inactive one was deleted above
    expect(forShopper.products.every((p) => p.active)).toBe(true);
    expect(forShopper.products.map((p) => p.name)).toEqual(['On air']);

    await admin('post', '/api/admin/products').send({
      name: 'Draft',
      category_id: 'live',
      active: '0',
      price_durations: [{ duration: '1 month', price: 1 }],
    });
    const [adminAgain, shopperAgain] = await Promise.all([ask(adminSocket), ask(shopperSocket)]);
    expect(adminAgain.products.map((p) => p.name)).toEqual(['On air', 'Draft']);
    expect(shopperAgain.products.map((p) => p.name)).toEqual(['On air']);
  });
});
