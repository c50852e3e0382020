import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import { freshDatabase } from '../../../test/support/database';
import { waitUntil } from '../../../test/support/wait';
import { START } from '../../platform/eventstore/port';
import { createLiveCatalogue } from '../../projections/catalogue';
import { DURATIONS, QUALITIES, type CategoryView, type ProductView } from '../../shared/catalogue';
import { seedDemoCatalogue } from './demo';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-data';

describe('demo catalogue', () => {
  it('is created on the first start of an empty store, as system, with images and seven prices', async () => {
    const app = await startTestApp({ env: { SEED_DEMO: 'true' } });
    const categories = (await request(app.url).get('/categories')).body.data as CategoryView[];
    const products = (await request(app.url).get('/products')).body as ProductView[];
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(new Set(products.map((p) => p.quality))).toEqual(new Set(QUALITIES));
    for (const product of products) {
      expect(product.priceDurations.map((d) => d.duration)).toEqual([...DURATIONS]);
      expect(product.priceDurations[0]!.price).toBe(0);
      expect(product.features.length).toBeGreaterThan(0);
    }
    expect(categories.reduce((sum, c) => sum + c.productsCount, 0)).toBe(products.length);
    const image = await request(app.url).get(products[0]!.featuredImage!).buffer(true);
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    const events = await app.infra.store.readAll({
      after: START,
      limit: 1000,
      types: ['CategoryCreated', 'ProductCreated'],
    });
    expect(events).toHaveLength(DEMO_CATEGORIES.length + DEMO_PRODUCTS.length);
    expect(new Set(events.map((e) => e.metadata.actor))).toEqual(new Set(['system']));
    expect(
      await seedDemoCatalogue({
        store: app.infra.store,
        db: app.infra.db,
        runner: app.runner,
        catalogue: createLiveCatalogue(app.infra.db),
      }),
    ).toBe('exists');
  });

  it('is created once when several instances start together, and never into a store that has a catalogue', async () => {
    const { url: databaseUrl } = await freshDatabase({ migrate: false });
    const env = { SEED_DEMO: 'true', RUN_WORKERS: 'false' };
    const [first] = await Promise.all([startTestApp({ env, databaseUrl }), startTestApp({ env, databaseUrl })]);
    const events = await first.infra.store.readAll({ after: START, limit: 1000, types: ['ProductCreated'] });
    expect(events).toHaveLength(DEMO_PRODUCTS.length);

    const other = await startTestApp();
    const token = (await request(other.url).post('/api/auth/login').send(TEST_ADMIN)).body.token as string;
    expect(
      (
        await request(other.url)
          .post('/api/admin/categories')
          .set('Authorization', `Bearer ${token}`)
          .send({ name: 'Ours' })
      ).status,
    ).toBe(201);
    // Readers see an event once no older transaction runs anywhere on the server: other test
    // files' transactions can hold that back for a moment after the commit.
    await waitUntil(
      async () => (await other.infra.store.readAll({ after: START, limit: 1, types: ['CategoryCreated'] })).length > 0,
    );
    expect(
      await seedDemoCatalogue({
        store: other.infra.store,
        db: other.infra.db,
        runner: other.runner,
        catalogue: createLiveCatalogue(other.infra.db),
      }),
    ).toBe('skipped');
    expect((await request(other.url).get('/categories')).body.data.map((c: CategoryView) => c.name)).toEqual(['Ours']);
  });
});
