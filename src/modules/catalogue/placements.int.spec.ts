import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp, type RunningApp } from '../../../test/support/app';
import type { CategoryView, ProductView } from '../../shared/catalogue';

// "A category that holds products cannot be deleted" under requests sent truly at once: deleting
// an empty category while a product is created in it (or moved into it) never lets both succeed.

let app: RunningApp;
let token: string;

const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
  request(app.url)[method](path).set('Authorization', `Bearer ${token}`);

async function newCategory(name: string): Promise<CategoryView> {
  const res = await admin('post', '/api/admin/categories').send({ name, description: 'Race' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.category as CategoryView;
}

const productIn = (categoryId: string, name: string) =>
  admin('post', '/api/admin/products').send({
    name,
    category_id: categoryId,
    price_durations: [{ duration: '1 month', price: 1000 }],
  });

/** Every product the admin list shows, inactive ones too, with the categories that exist. */
async function orphans(): Promise<ProductView[]> {
  const products = (await admin('get', '/api/admin/products')).body.products as ProductView[];
  const categories = (await request(app.url).get('/categories?limit=100')).body.data as CategoryView[];
  const living = new Set(categories.map((c) => c.id));
  return products.filter((p) => !living.has(p.category_id));
}

beforeAll(async () => {
  app = await startTestApp();
  token = (await request(app.url).post('/api/auth/login').send(TEST_ADMIN)).body.token as string;
});

describe('a category deleted while a product is placed in it', () => {
  it('never lets a creation and the deletion both succeed', async () => {
    for (let round = 0; round < 8; round++) {
      const category = await newCategory(`Race ${round}`);
      const [deleted, created] = await Promise.all([
        admin('delete', `/api/admin/categories/${category.id}`),
        productIn(category.id, `Racer ${round}`),
      ]);
      expect(
        [deleted.status, created.status].filter((s) => s < 300),
        `round ${round}`,
      ).toHaveLength(1);
    }
    expect(await orphans()).toEqual([]);
  });

  it('never lets a move into the category and its deletion both succeed', async () => {
    const home = await newCategory('Home');
    for (let round = 0; round < 6; round++) {
      const product = (await productIn(home.id, `Mover ${round}`)).body.product as ProductView;
      const target = await newCategory(`Target ${round}`);
      const [deleted, moved] = await Promise.all([
        admin('delete', `/api/admin/categories/${target.id}`),
        admin('post', '/api/admin/products/bulk').send({
          action: 'changeCategory',
          ids: [product.id],
          categoryId: target.id,
        }),
      ]);
      const movedOk = moved.status === 200 && (moved.body.succeeded as string[]).includes(product.id);
      expect([deleted.status === 200, movedOk].filter(Boolean), `round ${round}`).toHaveLength(1);
    }
    expect(await orphans()).toEqual([]);
  });

  it('still deletes an empty category, and one whose last product has left it', async () => {
    const category = await newCategory('Passing');
    const product = (await productIn(category.id, 'Passer')).body.product as ProductView;
    expect((await admin('delete', `/api/admin/categories/${category.id}`)).status).toBe(409);
    expect((await admin('delete', `/api/admin/products/${product.id}`)).status).toBe(200);
    expect((await admin('delete', `/api/admin/categories/${category.id}`)).status).toBe(200);
    // Closed for good: a product sent there now is refused.
    expect((await productIn(category.id, 'Late')).status).toBe(400);
  });
});
