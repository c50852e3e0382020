import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { catalogueAndAuditRows, expectRebuildGivesBack } from '../../../test/support/catalogue';
import { waitUntil } from '../../../test/support/wait';
import type { AuditEntry, AuditPage } from '../../shared/audit';
import type { CategoryView, ProductView } from '../../shared/catalogue';
import { categoryStream, productStream } from './events';

// Restoring an earlier version of a product or a category, through HTTP on the real server: the
// values come back as a new version (nothing rewritten), checked as an edit is (If-Match, today's
// rules), pushed to the storefront, and audited as a restore by whom and to which version.

let app: RunningApp;
let token: string;
let me: { id: string; name: string };
let socket: Socket;
/** What an admin's socket was pushed, in order. */
const pushed: { event: string; payload: any }[] = [];

const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string, as = token) =>
  request(app.url)[method](path).set(bearer(as));
const restore = (kind: 'products' | 'categories', id: string, body: unknown, ifMatch?: string, as = token) => {
  const req = admin('post', `/api/admin/${kind}/${id}/restore`, as);
  return (ifMatch ? req.set('If-Match', ifMatch) : req).send(body as object);
};
const png = (background: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background } })
    .png()
    .toBuffer();

async function ok<T extends { status: number; text: string }>(res: Promise<T> | T, status = 200): Promise<T> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(status);
  return answer;
}

async function newCategory(name: string, description = `${name} channels`): Promise<CategoryView> {
  return (await ok(admin('post', '/api/admin/categories').send({ name, description }), 201)).body.category;
}

async function newProduct(name: string, categoryId: string): Promise<ProductView> {
  const res = admin('post', '/api/admin/products').send({
    name,
    category_id: categoryId,
    channels: 300,
    quality: 'HD',
    devices: 2,
    features: ['Replay'],
    price_durations: [{ duration: '1 month', price: 1500 }],
  });
  return (await ok(res, 201)).body.product;
}

/** A product's (or category's) history as the back office reads it: newest first. */
async function history(entityType: 'product' | 'category', entityId: string): Promise<AuditEntry[]> {
  const res = await ok(admin('get', '/api/admin/audit').query({ entityType, entityId, limit: '100' }));
  return (res.body as AuditPage).entries;
}

const eventsOf = async (stream: string) => (await app.infra.store.readStream(stream)).length;

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app.url);
  me = (await ok(admin('get', '/api/admin/me'))).body.user;
  socket = connect(app.url, { auth: { token }, reconnection: false });
  socket.onAny((event: string, payload: unknown) => pushed.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
});

afterAll(() => {
  socket.disconnect();
});

describe('restoring a product', () => {
  it('brings version 0 back after two edits, as a new version, on the storefront and live, audited as a restore', async () => {
    const sports = await newCategory('Sports');
    const movies = await newCategory('Movies');
    const original = await newProduct('Gold', sports.id);
    await ok(
      admin('put', `/api/admin/products/${original.id}`)
        .set('If-Match', '"0"')
        .send({ name: 'Gold Plus', channels: 500, features: ['Replay', '4K'], category_id: movies.id }),
    );
    const second = await ok(
      admin('put', `/api/admin/products/${original.id}`).send({
        price_durations: [{ duration: '1 month', price: 2500 }],
        active: true,
      }),
    );
    const current = second.headers.etag!;
    expect(current).toBe('"3"');

    const res = await ok(restore('products', original.id, { version: 0 }, current));
    expect(res.headers.etag).toBe('"4"');
    expect(res.body.message).toBe('Product restored to version 0');
    const restored = res.body.product as ProductView;
    expect(restored).toMatchObject({
      id: original.id,
      name: 'Gold',
      channels: 300,
      features: ['Replay'],
      category_id: sports.id,
      category_name: 'Sports',
      priceDurations: [{ duration: '1 month', price: 1500, active: true }],
      version: 4,
      created_at: original.created_at,
    });
    // The same shape and values GET answers, with the new ETag.
    const read = await ok(admin('get', `/api/admin/products/${original.id}`));
    expect(read.body.product).toEqual(restored);
    expect(read.headers.etag).toBe('"4"');
    // Nothing rewritten: the edits are still in the stream, the restore is one more event.
    const events = await app.infra.store.readStream(productStream(original.id));
    expect(events.map((e) => e.type)).toEqual([
      'ProductCreated',
      'ProductDetailsUpdated',
      'ProductCategoryChanged',
      'ProductPricesChanged',
      'ProductRestored',
    ]);
    expect(events.at(-1)!.data).toMatchObject({ toVersion: 0, name: 'Gold', categoryId: sports.id });

    const storefront = (await ok(request(app.url).get('/products'))).body as ProductView[];
    expect(storefront.find((p) => p.id === original.id)).toMatchObject({ name: 'Gold', price: 1500 });

    await waitUntil(() => pushed.some((p) => p.event === 'product:updated' && p.payload.product.version === 4));
    expect(pushed.find((p) => p.event === 'product:updated' && p.payload.product.version === 4)!.payload).toEqual({
      product: { id: restored.id, name: restored.name, version: 4 },
      actor: me.id,
    });
    await waitUntil(() =>
      pushed.some(
        (p) =>
          // A whole list or, after a write, what changed (issue 17).
          p.event === 'productsUpdate' &&
          (p.payload.products ?? p.payload.changed).some((q: ProductView) => q.name === 'Gold'),
      ),
    );

    const entries = await history('product', original.id);
    expect(entries.map((e) => e.action)).toEqual([
      'product.restored',
      'product.prices_changed',
      'product.category_changed',
      'product.updated',
      'product.created',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { type: 'admin', id: me.id, name: me.name },
      entity: { type: 'product', id: original.id, label: 'Gold', version: 4 },
      restoredVersion: 0,
      changes: [
        { field: 'name.fr', before: 'Gold Plus', after: 'Gold' },
        { field: 'features.fr', before: ['Replay', '4K'], after: ['Replay'] },
        { field: 'channels', before: 500, after: 300 },
        { field: 'category', before: 'Movies', after: 'Sports' },
        { field: 'prices', before: ['1 month: 2500 Da'], after: ['1 month: 1500 Da'] },
      ],
    });
    for (const entry of entries.slice(1)) expect(entry).not.toHaveProperty('restoredVersion');
    const csv = await ok(admin('get', '/api/admin/audit.csv').query({ entityType: 'product', entityId: original.id }));
    expect(csv.text.split('\r\n').find((line) => line.includes('product.restored'))).toContain('"4","0"');
  });

  it('restores an earlier image while it is stored, and keeps the current one, saying so, when it is not', async () => {
    const category = await newCategory('Pictures');
    const created = await ok(
      admin('post', '/api/admin/products')
        .field('name', 'Framed')
        .field('category_id', category.id)
        .field('price_durations', JSON.stringify([{ duration: '1 month', price: 900 }]))
        .attach('image', await png('#aa0000'), 'red.png'),
      201,
    );
    const first = created.body.product as ProductView;
    const changed = await ok(
      admin('put', `/api/admin/products/${first.id}`).attach('image', await png('#00aa00'), 'green.png'),
    );
    const second = changed.body.product as ProductView;
    expect(second.featuredImage).not.toBe(first.featuredImage);

    const back = await ok(restore('products', first.id, { version: 0 }));
    expect(back.body.message).toBe('Product restored to version 0');
    expect(back.body.product).toMatchObject({
      featuredImage: first.featuredImage,
      thumbnailImage: first.thumbnailImage,
      version: 2,
    });
    expect((await request(app.url).get(first.featuredImage!)).status).toBe(200);

    // The green picture's files are gone (removed by hand): restoring version 1 brings its name back
    // but keeps today's red picture, and says so.
    const green = [second.featuredImage!, second.thumbnailImage!].map((path) => path.replace('/media/', ''));
    await app.infra.db.deleteFrom('media').where('name', 'in', green).execute();
    await ok(admin('put', `/api/admin/products/${first.id}`).send({ name: 'Framed again' }));
    const kept = await ok(restore('products', first.id, { version: 1 }));
    expect(kept.body.message).toBe(
      'Product restored to version 1, keeping the current image: the image of that version is no longer stored',
    );
    expect(kept.body.product).toMatchObject({ name: 'Framed', featuredImage: first.featuredImage, version: 4 });

    // Restoring what it already holds writes nothing, and says so.
    const same = await ok(restore('products', first.id, { version: 2 }));
    expect(same.body.message).toBe('Product restored to version 2: it already held those values, so nothing changed');
    expect(same.headers.etag).toBe('"4"');
    expect(await eventsOf(productStream(first.id))).toBe(5);
  });

  it('refuses a stale If-Match with 409 naming who changed it, and changes nothing', async () => {
    const category = await newCategory('Stale');
    const product = await newProduct('Silver', category.id);
    await ok(admin('put', `/api/admin/products/${product.id}`).send({ name: 'Silver Plus' }));
    const stale = await restore('products', product.id, { version: 0 }, '"0"');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      status: 409,
      version: 1,
      change: 'ProductDetailsUpdated',
      changedBy: me.name,
      changedAt: expect.any(String),
    });
    expect(stale.body.message).toMatch(/^This item was changed by .+ after you opened it\. Reload it and try again\.$/);
    const read = await ok(admin('get', `/api/admin/products/${product.id}`));
    expect(read.headers.etag).toBe('"1"');
    expect(read.body.product.name).toBe('Silver Plus');
    expect(await eventsOf(productStream(product.id))).toBe(2);
  });

  it('answers 400 for a version that is not a whole number or not earlier, and writes nothing', async () => {
    const category = await newCategory('Versions');
    const product = await newProduct('Bronze', category.id);
    await ok(admin('put', `/api/admin/products/${product.id}`).send({ channels: 12 }));
    for (const body of [{}, { version: 'one' }, { version: -1 }, { version: 1.5 }, { version: null }]) {
      const res = await restore('products', product.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Version must be a whole number of at least 0');
    }
    for (const version of [1, 2, 99]) {
      const res = await restore('products', product.id, { version }, '"1"');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `Version ${version} is not earlier than the current version (1): choose an earlier version to restore`,
      );
    }
    expect(await eventsOf(productStream(product.id))).toBe(2);
    expect((await history('product', product.id)).map((e) => e.action)).toEqual(['product.updated', 'product.created']);
  });

  it('answers 404 for a product that does not exist or was deleted', async () => {
    const category = await newCategory('Gone');
    const product = await newProduct('Ghost', category.id);
    await ok(admin('put', `/api/admin/products/${product.id}`).send({ channels: 1 }));
    await ok(admin('delete', `/api/admin/products/${product.id}`));
    for (const id of [product.id, 'no-such-product']) {
      const res = await restore('products', id, { version: 0 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product not found');
    }
  });

  it('refuses a version whose category has been deleted since, naming it', async () => {
    const doomed = await newCategory('Doomed');
    const shelter = await newCategory('Shelter');
    const product = await newProduct('Wanderer', doomed.id);
    await ok(admin('put', `/api/admin/products/${product.id}`).send({ category_id: shelter.id }));
    await ok(admin('delete', `/api/admin/categories/${doomed.id}`));
    const res = await restore('products', product.id, { version: 0 }, '"1"');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Version 0 cannot be restored: its category "Doomed" has been deleted since. Restore a later version, or edit the product instead.',
    );
    expect(await eventsOf(productStream(product.id))).toBe(2);
  });

  it('two admins restoring the same version at once with the same If-Match: one 200, one 409', async () => {
    await ok(
      admin('post', '/api/admin/users').send({
        username: 'second',
        password: 'second admin password',
        name: 'Second Admin',
        role: 'admin',
      }),
      201,
    );
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition(), { timeoutMs: 30_000 });
    const other = await adminToken(app.url, { username: 'second', password: 'second admin password' });
    const category = await newCategory('Race');
    const product = await newProduct('Contested', category.id);
    await ok(admin('put', `/api/admin/products/${product.id}`).send({ name: 'Contested 2' }));
    await ok(admin('put', `/api/admin/products/${product.id}`).send({ name: 'Contested 3' }));

    const answers = await Promise.all([
      restore('products', product.id, { version: 0 }, '"2"'),
      restore('products', product.id, { version: 0 }, '"2"', other),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(productStream(product.id))).toBe(4);
    expect((await ok(admin('get', `/api/admin/products/${product.id}`))).body.product).toMatchObject({
      name: 'Contested',
      version: 3,
    });
    expect((await history('product', product.id)).filter((e) => e.action === 'product.restored')).toHaveLength(1);
  });
});

describe('restoring a category', () => {
  it('brings back its name, description and slug as a new version, and frees the slug it leaves', async () => {
    const category = await newCategory('Kids', 'Cartoons');
    const renamed = await ok(
      admin('put', `/api/admin/categories/${category.id}`).send({ name: 'Family', description: 'For everyone' }),
    );
    expect(renamed.body.category.slug).toBe('family');

    const res = await ok(restore('categories', category.id, { version: 0 }, renamed.headers.etag));
    expect(res.headers.etag).toBe('"2"');
    expect(res.body.message).toBe('Category restored to version 0');
    const restored = res.body.category as CategoryView;
    expect(restored).toMatchObject({ name: 'Kids', slug: 'kids', description: 'Cartoons', version: 2 });
    expect((await ok(admin('get', `/api/admin/categories/${category.id}`))).body.category).toEqual(restored);
    expect((await ok(request(app.url).get(`/categories/show/kids`))).body.id).toBe(category.id);
    await waitUntil(() =>
      pushed.some(
        (p) =>
          p.event === 'categoriesUpdate' &&
          (p.payload.categories ?? p.payload.changed).some(
            (c: CategoryView) => c.id === category.id && c.name === 'Kids' && c.version === 2,
          ),
      ),
    );
    expect(
      pushed.find((p) => p.event === 'category_updated' && p.payload.category.version === 2)?.payload,
    ).toMatchObject({ category: { id: category.id, name: 'Kids' }, actor: me.id });
    // The slug it left is free again: a new category of that name takes it as it is.
    expect((await newCategory('Family')).slug).toBe('family');

    const [entry] = await history('category', category.id);
    expect(entry).toMatchObject({
      action: 'category.restored',
      actor: { type: 'admin', id: me.id },
      entity: { type: 'category', label: 'Kids', version: 2 },
      restoredVersion: 0,
      changes: [
        { field: 'name.fr', before: 'Family', after: 'Kids' },
        { field: 'description.fr', before: 'For everyone', after: 'Cartoons' },
        { field: 'slug', before: 'family', after: 'kids' },
      ],
    });
  });

  it('is checked as an edit: stale If-Match 409, a version not earlier 400, a deleted category 404', async () => {
    const category = await newCategory('Checked');
    await ok(admin('put', `/api/admin/categories/${category.id}`).send({ description: 'v1' }));
    const stale = await restore('categories', category.id, { version: 0 }, '"0"');
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ version: 1, change: 'CategoryUpdated', changedBy: me.name });
    const notEarlier = await restore('categories', category.id, { version: 1 });
    expect(notEarlier.status).toBe(400);
    expect(notEarlier.body.message).toBe(
      'Version 1 is not earlier than the current version (1): choose an earlier version to restore',
    );
    expect((await restore('categories', category.id, { version: 'x' })).status).toBe(400);
    expect(await eventsOf(categoryStream(category.id))).toBe(2);
    await ok(admin('delete', `/api/admin/categories/${category.id}`));
    const gone = await restore('categories', category.id, { version: 0 });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Category not found');
  });

  it('answers 401 without a token', async () => {
    for (const kind of ['products', 'categories'] as const)
      expect((await request(app.url).post(`/api/admin/${kind}/x/restore`).send({ version: 0 })).status).toBe(401);
  });
});

describe('rebuilt from the log', () => {
  it('gives the same catalogue and audit trail, restores included', async () => {
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const live = await catalogueAndAuditRows(app.infra.db);
    expect(live.entries.filter((e) => e.restored_version !== null).length).toBeGreaterThanOrEqual(4);
    await expectRebuildGivesBack(app, live);
  });
});
