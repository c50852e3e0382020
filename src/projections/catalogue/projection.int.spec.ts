import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { tcpProxy } from '../../../test/support/tcp-proxy';
import type { RunningApp } from '../../main';
import { delay, waitUntil } from '../../../test/support/wait';
import { rebuildProjections } from '../../platform/projections/rebuild';
import type { ProductView } from '../../shared/catalogue';
import { catalogueProjection, createLiveCatalogue } from './index';

async function signIn(app: RunningApp) {
  const token = (await request(app.url).post('/api/auth/login').send(TEST_ADMIN)).body.token as string;
  return (method: 'post' | 'put' | 'delete', path: string) =>
    request(app.url)[method](path).set('Authorization', `Bearer ${token}`);
}

const rows = (app: RunningApp, table: string) => app.infra.db.selectFrom(table).selectAll().orderBy('id').execute();

describe('catalogue projection', () => {
  it('rebuilds from the log into exactly the rows it keeps live', async () => {
    const app = await startTestApp();
    const admin = await signIn(app);
    const sport = (await admin('post', '/api/admin/categories').send({ name: 'Sport', description: 'Live' })).body
      .category;
    const films = (await admin('post', '/api/admin/categories').send({ name: 'Films' })).body.category;
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const durations = JSON.stringify([
      { duration: '1 month', price: 1000 },
      { duration: '12 months', price: 9000 },
    ]);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const res = await admin('post', '/api/admin/products')
        .field('name', `Pack ${n}`)
        .field('description', `Chaînes "sport" ${n}\nsur deux lignes, avec \\ et tabulation\t: الرياضة`)
        .field('category_id', sport.id)
        .field('price_durations', durations)
        .attach('image', picture, 'p.png');
      expect(res.status).toBe(201);
      ids.push(res.body.product.id);
    }
    await admin('put', `/api/admin/products/${ids[0]}`).send({ channels: 99, features: ['HD'], active: false });
    await admin('put', `/api/admin/products/${ids[1]}`).send({
      price_durations: [{ duration: 'life time', price: 20000 }],
      category_id: films.id,
    });
    await admin('post', '/api/admin/products/bulk').send({
      action: 'changeCategory',
      ids: [ids[2]],
      categoryId: films.id,
    });
    await admin('delete', `/api/admin/products/${ids[3]}`);
    await admin('put', `/api/admin/categories/${sport.id}`).field('name', 'Sports').attach('image', picture, 'c.png');

    const tables = ['catalogue_categories', 'catalogue_products'];
    const live = await Promise.all(tables.map((t) => rows(app, t)));
    const version = await rows(app, 'catalogue_version');
    await rebuildProjections({
      db: app.infra.db,
      store: app.infra.store,
      databaseUrl: app.infra.database.url,
      projections: [catalogueProjection(createLiveCatalogue(app.infra.db))],
    });
    expect(await Promise.all(tables.map((t) => rows(app, t)))).toEqual(live);
    expect(live[1]).toHaveLength(3);
    expect(live[1]!.map((p) => p.description)).toContain(
      'Chaînes "sport" 3\nsur deux lignes, avec \\ et tabulation\t: الرياضة',
    );
    // A rebuild gives the catalogue a new version, so every instance reloads its copy.
    expect((await rows(app, 'catalogue_version'))[0]!.version).not.toBe(version[0]!.version);
  });

  it('keeps every instance current, including one that does not run it', async () => {
    const { url: databaseUrl } = await freshDatabase({ migrate: false });
    const running = await startTestApp({ databaseUrl });
    const other = await startTestApp({ databaseUrl, env: { RUN_WORKERS: 'false' } });
    expect((await other.runner.status()).find((s) => s.name === 'catalogue')?.runningHere).toBe(false);
    const names = async (app: RunningApp) =>
      ((await request(app.url).get('/products')).body as ProductView[]).map((p) => p.name);
    // Shoppers on the other instance: a copy read now is kept while the catalogue does not change.
    expect(await names(other)).toEqual([]);

    const viaRunning = await signIn(running);
    await viaRunning('post', '/api/admin/categories').send({ name: 'Sport' });
    await viaRunning('post', '/api/admin/products').send({
      name: 'First',
      category_id: 'sport',
      price_durations: [{ duration: '1 month', price: 1 }],
    });
    // …and the change reaches them within a second, without any message between instances.
    await waitUntil(async () => (await names(other)).includes('First'), 3000);

    // An admin writing through the other instance reads their change at once, from memory too.
    const viaOther = await signIn(other);
    const created = await viaOther('post', '/api/admin/products').send({
      name: 'Second',
      category_id: 'sport',
      price_durations: [{ duration: '1 month', price: 1 }],
    });
    expect(created.body.product.name).toBe('Second');
    expect(await names(other)).toEqual(['First', 'Second']);
    await waitUntil(async () => (await names(running)).length === 2, 3000);
  });

  it('keeps answering shoppers from the last copy while PostgreSQL is away', async () => {
    const { url } = await freshDatabase({ migrate: false });
    const database = new URL(url);
    const proxy = await tcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = `127.0.0.1:${proxy.port}`;
    const app = await startTestApp({ databaseUrl: database.toString(), env: { RUN_WORKERS: 'false' } });
    try {
      const admin = await signIn(app);
      await admin('post', '/api/admin/categories').send({ name: 'Sport' });
      await admin('post', '/api/admin/products').send({
        name: 'Kept',
        category_id: 'sport',
        price_durations: [{ duration: '1 month', price: 1 }],
      });
      const before = await request(app.url).get('/products');
      proxy.cut();
      await delay(1100);
      const during = await request(app.url).get('/products');
      expect(during.status, JSON.stringify(during.body)).toBe(200);
      expect(during.body).toEqual(before.body);
      expect((await request(app.url).get('/categories/show/sport')).status).toBe(200);
    } finally {
      proxy.restore();
      await app.close();
      await proxy.close();
    }
  });
});
