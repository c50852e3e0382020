import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { DEMO_PRODUCTS } from '../../modules/catalogue/demo-data';
import { waitUntil } from '../../../test/support/wait';
import { createLiveCatalogue } from '.';
import {
  DURATIONS,
  defaultPrice,
  type CategoriesList,
  type CategoryView,
  type ItemsDelta,
  type ProductsList,
  type ProductView,
} from '../../shared/catalogue';

// Issue 17, bytes on the wire per write: after a catalogue write, `productsUpdate` and
// `categoriesUpdate` carry only what changed ({ changed, removed }); the whole lists answer
// requestInitialData. Real Socket.IO clients with the default options (long-polling, then the
// upgrade to WebSocket), an admin's and a shopper's, on a catalogue of 60 products.

const PRODUCTS = 60;
/** The target for one product update, per socket. */
const MAX_DELTA_BYTES = 2048;

let app: RunningApp;
let token: string;
const categories: Record<'sport' | 'cinema' | 'kids', CategoryView> = {} as never;
let products: ProductView[] = [];

const admin = (method: 'post' | 'put' | 'delete', path: string) => request(app.url)[method](path).set(bearer(token));
const bytes = (payload: unknown) => JSON.stringify(payload).length;

/** A product as the demo catalogue has them: its texts in three languages, seven prices. */
function productBody(index: number, categoryId: string) {
  const demo = DEMO_PRODUCTS[index % DEMO_PRODUCTS.length]!;
  const named = Object.entries(demo.text).map(([language, text]) => [
    language,
    { ...text, name: `${text.name} ${index}` },
  ]);
  return {
    translations: Object.fromEntries(named),
    category_id: categoryId,
    channels: demo.channels,
    quality: demo.quality,
    devices: demo.devices,
    price_durations: DURATIONS.map((duration) => ({
      duration,
      price: duration === 'free trial' ? 0 : defaultPrice(duration, demo.monthly),
    })),
  };
}

async function ok<T extends { status: number; text: string }>(res: Promise<T> | T, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer;
}

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app.url);
  for (const [key, name] of [
    ['sport', 'Sport'],
    ['cinema', 'Cinéma'],
    ['kids', 'Kids'],
  ] as const) {
    const body = { name, description: `${name}: les chaînes du bouquet` };
    categories[key] = (await ok(admin('post', '/api/admin/categories').send(body), 201)).body.category;
  }
  for (let i = 0; i < PRODUCTS; i++) {
    const category = i === PRODUCTS - 1 ? categories.kids : i % 2 ? categories.cinema : categories.sport;
    products.push((await ok(admin('post', '/api/admin/products').send(productBody(i, category.id)), 201)).body.product);
  }
}, 120_000);

/** A connected client with Socket.IO's default transports, recording what it is sent. */
async function client(auth?: { token: string }) {
  const socket: Socket = connect(app.url, { auth, reconnection: false });
  const seen: Seen[] = [];
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return {
    socket,
    seen,
    /** What it was sent from `from` on (an index into `seen`). */
    since: (from: number) => seen.slice(from),
    close: () => socket.disconnect(),
  };
}
type Client = Awaited<ReturnType<typeof client>>;
type Seen = { event: string; payload: any };

/** Asks requestInitialData, as the storefront does on every connection, and waits for both lists. */
async function initialData(client: Client): Promise<{ products: ProductView[]; categories: CategoryView[] }> {
  const from = client.seen.length;
  client.socket.emit('requestInitialData');
  const answer = (event: string) => client.since(from).find((s) => s.event === event)?.payload;
  await waitUntil(() => answer('productsUpdate') && answer('categoriesUpdate'));
  const products = (answer('productsUpdate') as ProductsList).products;
  const categories = (answer('categoriesUpdate') as CategoriesList).categories;
  return { products, categories };
}

/** Prices the marker writes, each different from the last, so that each write is one. */
let markerPrice = 5000;

/**
 * Makes a write, then a second one that every socket sees (a price change on another product) so
 * that all the first one's messages have arrived (Socket.IO keeps each socket's order, and each
 * batch is pushed before the next); answers what each client was sent for the first write only.
 */
async function messagesOf(write: () => Promise<unknown>, clients: Client[]) {
  const starts = clients.map((c) => c.seen.length);
  await write();
  const marker = products.at(-2)!;
  const price = ++markerPrice;
  await ok(
    admin('put', `/api/admin/products/${marker.id}`).send({ price_durations: [{ duration: '1 month', price }] }),
  );
  const isMarker = (product: ProductView | undefined) => product?.id === marker.id && product.price === price;
  const isMarkerList = (s: Seen) => s.event === 'productsUpdate' && s.payload.changed?.some(isMarker);
  // The marker's batch: its productsUpdate, and before it (admins) its product:updated.
  // (Its product:updated announces it by id; its values are in the delta.)
  const fromMarker = (s: Seen) =>
    isMarkerList(s) || (s.event === 'product:updated' && s.payload.product?.id === marker.id);
  await waitUntil(() => clients.every((c, i) => c.since(starts[i]!).some(isMarkerList)));
  return clients.map((c, i) => {
    const seen = c.since(starts[i]!);
    return seen.slice(0, seen.findIndex(fromMarker));
  });
}

const only = (seen: Seen[], event: string) => seen.filter((s) => s.event === event).map((s) => s.payload);

describe('live catalogue deltas', () => {
  let adminClient: Client;
  let shopperClient: Client;

  beforeAll(async () => {
    adminClient = await client({ token });
    shopperClient = await client();
    // Both hold the lists, as the storefront does after connecting.
    await Promise.all([initialData(adminClient), initialData(shopperClient)]);
    return () => [adminClient, shopperClient].forEach((c) => c.close());
  });

  it('sends one product price change as that product alone, under 2 KB, and no categories', async () => {
    const target = products[10]!;
    let updated: ProductView | undefined;
    const [forAdmin, forShopper] = await messagesOf(async () => {
      const body = { price_durations: [{ duration: '1 month', price: 1234 }] };
      updated = (await ok(admin('put', `/api/admin/products/${target.id}`).send(body))).body.product;
    }, [adminClient, shopperClient]);

    for (const seen of [forAdmin!, forShopper!]) {
      const [delta, ...more] = only(seen, 'productsUpdate') as ItemsDelta<ProductView>[];
      expect(more).toEqual([]);
      expect(delta).toEqual({ changed: [updated], removed: [] });
      expect(bytes(delta)).toBeLessThanOrEqual(MAX_DELTA_BYTES);
      expect(only(seen, 'categoriesUpdate')).toEqual([]);
    }
    expect(updated).toMatchObject({ id: target.id, price: 1234 });
    // The admin also gets the item's own message (docs/architecture.md#live-updates), announcing it (its values are in the
    // delta, not sent twice); the shopper nothing else.
    expect(only(forAdmin!, 'product:updated')).toEqual([
      expect.objectContaining({ product: { id: updated!.id, name: updated!.name, version: updated!.version } }),
    ]);
    expect(forShopper!.map((s) => s.event)).toEqual(['productsUpdate']);
    // Once upgraded, as the default client does, the messages come over WebSocket.
    expect(shopperClient.socket.io.engine.transport.name).toBe('websocket');
  });

  it('takes a deactivated product out of the shoppers’ list, shows it to admins as inactive, and back', async () => {
    const target = products[20]!;
    const [forAdmin, forShopper] = await messagesOf(
      () => ok(admin('put', `/api/admin/products/${target.id}`).send({ active: false })),
      [adminClient, shopperClient],
    );
    expect(only(forShopper!, 'productsUpdate')).toEqual([{ changed: [], removed: [target.id] }]);
    const [adminDelta] = only(forAdmin!, 'productsUpdate') as ItemsDelta<ProductView>[];
    expect(adminDelta!.removed).toEqual([]);
    expect(adminDelta!.changed).toEqual([expect.objectContaining({ id: target.id, active: false })]);
    // Its category counts one active product less, for everyone.
    for (const seen of [forAdmin!, forShopper!]) {
      const [delta] = only(seen, 'categoriesUpdate') as ItemsDelta<CategoryView>[];
      expect(delta!.removed).toEqual([]);
      expect(delta!.changed.map((c) => [c.id, c.productsCount])).toEqual([[categories.sport.id, PRODUCTS / 2 - 1]]);
    }

    const [, shopperBack] = await messagesOf(
      () => ok(admin('put', `/api/admin/products/${target.id}`).send({ active: true })),
      [adminClient, shopperClient],
    );
    expect(only(shopperBack!, 'productsUpdate')).toEqual([
      { changed: [expect.objectContaining({ id: target.id, active: true })], removed: [] },
    ]);
  });

  it('sends a deleted product as removed to admins and shoppers', async () => {
    const target = products[31]!;
    const seen = await messagesOf(
      () => ok(admin('delete', `/api/admin/products/${target.id}`)),
      [adminClient, shopperClient],
    );
    for (const messages of seen) {
      expect(only(messages, 'productsUpdate')).toEqual([{ changed: [], removed: [target.id] }]);
      const [delta] = only(messages, 'categoriesUpdate') as ItemsDelta<CategoryView>[];
      expect(delta!.changed.map((c) => c.id)).toEqual([categories.cinema.id]);
    }
    products = products.filter((p) => p.id !== target.id);
  });

  it('sends a renamed category, and its products with the new name, but no other', async () => {
    const kids = categories.kids;
    let renamed: CategoryView | undefined;
    const seen = await messagesOf(async () => {
      renamed = (await ok(admin('put', `/api/admin/categories/${kids.id}`).send({ name: 'Enfants' }))).body.category;
    }, [adminClient, shopperClient]);
    for (const messages of seen) {
      expect(only(messages, 'categoriesUpdate')).toEqual([{ changed: [renamed], removed: [] }]);
      const [delta] = only(messages, 'productsUpdate') as ItemsDelta<ProductView>[];
      expect(delta!.changed.map((p) => [p.id, p.category_name])).toEqual([[products.at(-1)!.id, 'Enfants']]);
    }
  });

  it('adds up, delta after delta, to what requestInitialData answers (whole lists, inactive ones for admins)', async () => {
    // A client holding the lists since now, applying every delta it is sent as the storefront does.
    const watcher = await client();
    const held = await initialData(watcher);
    const from = watcher.seen.length;
    let draft: ProductView | undefined;
    await messagesOf(async () => {
      const body = { ...productBody(7, categories.kids.id), active: false };
      draft = (await ok(admin('post', '/api/admin/products').send(body), 201)).body.product;
      await ok(admin('put', `/api/admin/products/${products[2]!.id}`).send({ category_id: categories.cinema.id }));
      await ok(admin('put', `/api/admin/products/${products[4]!.id}`).send({ active: false }));
      await ok(admin('put', `/api/admin/products/${draft!.id}`).send({ active: true }));
      await ok(admin('delete', `/api/admin/products/${products[5]!.id}`));
      await ok(admin('put', `/api/admin/categories/${categories.sport.id}`).send({ description: 'Football et plus' }));
    }, [watcher]);
    const answer = await initialData(watcher);
    for (const { event, payload } of watcher.seen.slice(from)) {
      if (!('changed' in payload)) continue;
      if (event === 'productsUpdate') held.products = applied(held.products, payload);
      if (event === 'categoriesUpdate') held.categories = applied(held.categories, payload);
    }
    expect(byId(held.products)).toEqual(byId(answer.products));
    expect(byId(held.categories)).toEqual(byId(answer.categories));
    expect(answer.products.map((p) => p.id)).toContain(draft!.id);
    expect(answer.products.every((p) => p.active)).toBe(true);
    watcher.close();

    const forAdmin = await initialData(adminClient);
    expect(forAdmin.products.filter((p) => !p.active).map((p) => p.id)).toEqual([products[4]!.id]);
    expect(forAdmin.products).toHaveLength(answer.products.length + 1);
    expect(forAdmin.categories).toEqual(answer.categories);
  });
});

function applied<T extends { id: string }>(list: T[], delta: ItemsDelta<T>): T[] {
  const changed = new Map(delta.changed.map((item) => [item.id, item]));
  const kept = list.filter((item) => !delta.removed.includes(item.id) && !changed.has(item.id));
  return [...kept, ...changed.values()];
}

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));

describe('the whole lists, asked for by many at once', () => {
  it('cost one check of the database for a burst, made after each asked', async () => {
    let versionReads = 0;
    const db = new Proxy(app.infra.db, {
      // Kysely keeps private fields: its own methods run on itself, not on the proxy.
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property !== 'selectFrom') return typeof value === 'function' ? value.bind(target) : value;
        return (table: string) => {
          if (table === 'catalogue_version') versionReads++;
          return target.selectFrom(table as never);
        };
      },
    });
    const live = createLiveCatalogue(db);
    const copies = await Promise.all(Array.from({ length: 50 }, () => live.fresh()));
    expect(versionReads).toBe(1);
    expect(new Set(copies).size).toBe(1);

    // A change made before the next call is in its answer.
    await ok(admin('put', `/api/admin/products/${products[0]!.id}`).send({ channels: 999 }));
    const after = await live.fresh();
    expect(versionReads).toBe(2);
    expect(after.product(products[0]!.id, { includeInactive: true })?.channels).toBe(999);
  });
});
