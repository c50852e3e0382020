import request from 'supertest';
import { bearer } from './admin';

/** A category and a product with the given prices, made through the admin API as an admin would. */
export async function createProduct(
  url: string,
  token: string,
  name: string,
  prices: [string, number][],
): Promise<{ id: string }> {
  const category = (
    await request(url)
      .post('/api/admin/categories')
      .set(bearer(token))
      .send({ name: `${name} category`, description: 'For tests' })
  ).body.category;
  const res = await request(url)
    .post('/api/admin/products')
    .set(bearer(token))
    .send({
      name,
      category_id: category.id,
      quality: 'HD',
      devices: 2,
      channels: 500,
      price_durations: prices.map(([duration, price]) => ({ duration, price })),
    });
  if (res.status !== 201) throw new Error(`product not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
}
