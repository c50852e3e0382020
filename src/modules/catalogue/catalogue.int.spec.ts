import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN, startTestApp } from '../../../test/support/app';
import type { RunningApp } from '../../main';
import { waitUntil } from '../../../test/support/wait';
import { commandMetadata } from '../../platform/eventstore/metadata';
import { START, SYSTEM } from '../../platform/eventstore/port';
import type { CategoryView, ProductView } from '../../shared/catalogue';
import { categoryStream } from './events';

// The catalogue through HTTP, on the real server: admin commands in, storefront reads out.

let app: RunningApp;
let token: string;

const admin = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
  request(app.url)[method](path).set('Authorization', `Bearer ${token}`);
const png = (width = 1600, height = 900, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function newCategory(name: string, description = `${name} channels`): Promise<CategoryView> {
  const res = await admin('post', '/api/admin/categories').send({ name, description });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.category as CategoryView;
}

async function newProduct(fields: Record<string, unknown>): Promise<ProductView> {
  const res = await admin('post', '/api/admin/products').send({
    price_durations: [{ duration: '1 month', price: 1000 }],
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.product as ProductView;
}

beforeAll(async () => {
  app = await startTestApp();
  token = (await request(app.url).post('/api/auth/login').send(TEST_ADMIN)).body.token as string;
});

describe('admin routes', () => {
  it('answer 401 without a token', async () => {
    const routes: ['get' | 'post' | 'put' | 'delete', string][] = [
      ['get', '/api/admin/products'],
      ['get', '/api/admin/products/x'],
      ['post', '/api/admin/products'],
      ['put', '/api/admin/products/x'],
      ['delete', '/api/admin/products/x'],
      ['post', '/api/admin/products/bulk'],
      ['get', '/api/admin/categories'],
      ['get', '/api/admin/categories/x'],
      ['post', '/api/admin/categories'],
      ['put', '/api/admin/categories/x'],
      ['delete', '/api/admin/categories/x'],
    ];
    for (const [method, path] of routes) {
      const res = await request(app.url)[method](path).send({ name: 'x' });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ status: 401, code: 'auth.required', message: 'Please sign in to continue.' });
    }
  });
});

describe('categories', () => {
  it('are created from a multipart form with an image, and read back at once', async () => {
    const res = await admin('post', '/api/admin/categories')
      .field('name', 'Cinéma & Séries')
      .field('description', 'Films et séries')
      .attach('image', await png(), { filename: 'cover.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    expect(res.headers.etag).toBe('"0"');
    expect(res.body.message).toBe('Category "Cinéma & Séries" has been created successfully');
    const category = res.body.category as CategoryView;
    expect(category).toMatchObject({
      name: 'Cinéma & Séries',
      slug: 'cinema-series',
      description: 'Films et séries',
      productsCount: 0,
      version: 0,
    });
    expect(category.featuredImage).toMatch(/^\/media\/[0-9a-f]{32}-full\.webp$/);
    expect(category.thumbnailImage).toMatch(/-card\.webp$/);
    expect(category.image_file).toBe(category.featuredImage!.slice('/media/'.length));

    for (const reference of [category.id, category.slug]) {
      expect((await request(app.url).get(`/categories/show/${encodeURIComponent(reference)}`)).body).toEqual(category);
    }
    const admins = await admin('get', `/api/admin/categories/${category.id}`);
    expect(admins.headers.etag).toBe('"0"');
    expect(admins.body.category).toEqual(category);
  });

  it('serve their images from the database with year-long cache headers', async () => {
    const category = (
      await admin('post', '/api/admin/categories')
        .field('name', 'With picture')
        .attach('image', await png(800, 600, '#aa0000'), 'x.png')
    ).body.category as CategoryView;
    const image = await request(app.url).get(category.featuredImage!).buffer(true);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(image.body as Buffer).metadata()).width).toBe(800);
    const again = await request(app.url).get(category.featuredImage!).set('If-None-Match', image.headers.etag!);
    expect(again.status).toBe(304);
    expect((await request(app.url).get('/media/nothing-here.webp')).status).toBe(404);
  });

  it('get unique slugs, readable for French and Arabic names, and a new one when renamed', async () => {
    const first = await newCategory('Sport');
    const second = await newCategory('sport!');
    const arabic = await newCategory('رياضة');
    expect([first.slug, second.slug, arabic.slug]).toEqual(['sport', 'sport-2', 'ryada']);

    const renamed = await admin('put', `/api/admin/categories/${first.id}`).send({ name: 'Football' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.category).toMatchObject({
      name: 'Football',
      slug: 'football',
      description: 'Sport channels',
      version: 1,
    });
    expect(renamed.headers.etag).toBe('"1"');
    // The old slug is free again.
    expect((await newCategory('Sport')).slug).toBe('sport');
    expect((await request(app.url).get('/categories/show/football')).body.id).toBe(first.id);
  });

  it('carry their version: a stale If-Match is a conflict', async () => {
    const category = await newCategory('Versioned category');
    expect(
      (await admin('put', `/api/admin/categories/${category.id}`).set('If-Match', '"0"').send({ description: 'v1' }))
        .headers.etag,
    ).toBe('"1"');
    const stale = await admin('put', `/api/admin/categories/${category.id}`)
      .set('If-Match', '"0"')
      .send({ description: 'v2' });
    expect(stale.status).toBe(409);
    expect((await admin('delete', `/api/admin/categories/${category.id}`).set('If-Match', '"0"')).status).toBe(409);
    expect((await admin('delete', `/api/admin/categories/${category.id}`).set('If-Match', '"1"')).status).toBe(200);
  });

  it('need a name', async () => {
    const res = await admin('post', '/api/admin/categories').field('name', '  ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 400,
      code: 'catalogue.category_name_required',
      message: 'Category name is required',
      errors: { name: 'Category name is required' },
      fields: { name: { code: 'catalogue.category_name_required' } },
    });
  });

  it('are listed with search, paging and active-product counts', async () => {
    const news = await newCategory('Actualités', 'Info en continu');
    await newProduct({ name: 'Info 24', category_id: news.id });
    await newProduct({ name: 'Info off', category_id: news.id, active: '0' });
    const all = await request(app.url).get('/categories');
    expect(all.body.pagination).toMatchObject({ page: 1, total: all.body.data.length, totalPages: 1 });
    expect(all.body.data.find((c: CategoryView) => c.id === news.id).productsCount).toBe(1);
    expect((await request(app.url).get(`/products/count/${news.slug}`)).body).toEqual({ count: 1 });

    const found = await request(app.url).get('/categories').query({ search: 'actualites' });
    expect(found.body.data.map((c: CategoryView) => c.id)).toEqual([news.id]);
    const paged = await request(app.url).get('/categories').query({ page: 2, limit: 2 });
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.pagination).toEqual({
      page: 2,
      limit: 2,
      total: all.body.data.length,
      totalPages: Math.ceil(all.body.data.length / 2),
    });
    const bad = await request(app.url).get('/categories').query({ page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Page must be a whole number of at least 1');
  });

  it('are listed for admins with every product counted, inactive ones too, and their versions', async () => {
    const radio = await newCategory('Radio admin', 'Stations');
    await newProduct({ name: 'Radio on', category_id: radio.id });
    await newProduct({ name: 'Radio off', category_id: radio.id, active: false });
    await admin('put', `/api/admin/categories/${radio.id}`).set('If-Match', '"0"').send({ description: 'FM' });
    const found = await admin('get', '/api/admin/categories').query({ search: 'radio admin', limit: 5 });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      data: [expect.objectContaining({ id: radio.id, description: 'FM', productsCount: 2, version: 1 })],
      pagination: { page: 1, limit: 5, total: 1, totalPages: 1 },
    });
    // The storefront still counts the active one only.
    const shown = await request(app.url).get('/categories').query({ search: 'radio admin' });
    expect(shown.body.data[0].productsCount).toBe(1);
    const bad = await admin('get', '/api/admin/categories').query({ limit: 500 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Limit must be a whole number from 1 to 100');
  });

  it('cannot be deleted while they hold products, and say how many', async () => {
    const kids = await newCategory('Enfants');
    const product = await newProduct({ name: 'Kids Fun', category_id: kids.id });
    await newProduct({ name: 'Kids Off', category_id: kids.id, active: false });
    const refused = await admin('delete', `/api/admin/categories/${kids.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 409,
      code: 'catalogue.category_has_products',
      params: { count: 2 },
      message: 'This category still holds 2 products. Move or delete them before deleting the category.',
      productsCount: 2,
    });
    const others = (await admin('get', '/api/admin/products').query({ category: kids.id })).body
      .products as ProductView[];
    const bulk = await admin('post', '/api/admin/products/bulk').send({
      action: 'delete',
      ids: others.map((p) => p.id),
    });
    expect(bulk.body).toMatchObject({ succeeded: expect.arrayContaining([product.id]), failed: [] });
    const deleted = await admin('delete', `/api/admin/categories/${kids.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Category "Enfants" has been deleted successfully');
    expect((await request(app.url).get(`/categories/show/${kids.id}`)).body).toEqual({
      status: 404,
      code: 'catalogue.category_not_found',
      message: 'Category not found',
    });
    expect((await newCategory('Enfants')).slug).toBe('enfants');
  });
});

describe('images', () => {
  it('over 2 MB are refused with 413 and the message the form shows', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await admin('post', '/api/admin/categories').field('name', 'Big').attach('image', big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      status: 413,
      code: 'catalogue.image_too_large',
      message: 'Image size exceeds 2MB limit. Please choose a smaller file.',
    });
  });

  it('are judged by their bytes, not their name or declared type', async () => {
    const fakes = [
      { bytes: Buffer.from('GIF89a not really'), filename: 'photo.jpg', contentType: 'image/jpeg' },
      {
        bytes: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
        filename: 'a.png',
        contentType: 'image/png',
      },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        filename: 'a.webp',
        contentType: 'image/webp',
      },
    ];
    for (const fake of fakes) {
      const res = await admin('post', '/api/admin/products')
        .field('name', 'Fake')
        .field('category_id', 'football')
        .field('price_durations', '[{"duration":"1 month","price":1}]')
        .attach('image', fake.bytes, fake);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 400,
        code: 'catalogue.image_type',
        params: { allowed: 'JPG, PNG or WebP' },
        message: 'The image must be a JPG, PNG or WebP file',
      });
    }
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const accepted = await admin('post', '/api/admin/products')
      .field('name', 'Real')
      .field('category_id', 'football')
      .field('price_durations', '[{"duration":"1 month","price":1}]')
      .attach('image', jpeg, { filename: 'noextension', contentType: 'application/octet-stream' });
    expect(accepted.status).toBe(201);
    expect(accepted.body.product.featuredImage).toMatch(/^\/media\/.+-full\.webp$/);
  });

  it('list every rendition with the width it was rendered at; those from before widths were recorded list none', async () => {
    const category = await newCategory('Widths');
    const shown = async () => (await request(app.url).get(`/categories/show/${category.id}`)).body as CategoryView;
    const narrow = await admin('put', `/api/admin/categories/${category.id}`).attach(
      'image',
      await png(300, 200),
      'a.png',
    );
    expect(narrow.status).toBe(200);
    const stored = await shown();
    // A 300 px upload is not enlarged: the card, wide and full renditions say 300, not 480, 800 and 1280.
    expect(stored.imageRenditions!.map((rendition) => rendition.width)).toEqual([240, 300, 300, 300]);
    expect(stored.imageRenditions!.map((rendition) => rendition.src)).toEqual([
      expect.stringMatching(/-thumb\.webp$/),
      stored.thumbnailImage,
      expect.stringMatching(/-wide\.webp$/),
      stored.featuredImage,
    ]);

    const older = { featured: stored.featuredImage!, thumbnail: stored.thumbnailImage! };
    await app.infra.store.append(
      categoryStream(category.id),
      [{ type: 'CategoryImageChanged', data: { categoryId: category.id, image: older, at: new Date().toISOString() } }],
      { expectedRevision: 'any', metadata: commandMetadata(SYSTEM) },
    );
    await waitUntil(async () => (await shown()).imageRenditions!.length === 0);
    expect(await shown()).toMatchObject({ featuredImage: older.featured, thumbnailImage: older.thumbnail });
  });

  it('come in the image field only', async () => {
    const res = await admin('post', '/api/admin/categories')
      .field('name', 'X')
      .attach('picture', await png(10, 10), 'a.png');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Send one image, in the "image" field');
  });
});

describe('products', () => {
  let movies: CategoryView;
  beforeAll(async () => {
    movies = await newCategory('Films');
  });

  it('are created from multipart text fields and shown as the API answers them', async () => {
    const res = await admin('post', '/api/admin/products')
      .field('name', 'Ciné Club')
      .field('description', 'Films classiques et récents')
      .field('category_id', 'films')
      .field('channels', '200')
      .field('quality', 'Full HD')
      .field('devices', '5')
      .field('popular', 'true')
      .field('vod', '1')
      .field('active', '1')
      .field('features', JSON.stringify(['Vidéothèque', ' ', 'Sous-titres']))
      .field(
        'price_durations',
        JSON.stringify([
          { duration: '3 months', price: 2700 },
          { duration: '', price: '' },
          { duration: 'free trial', price: 0, active: false },
          { duration: '1 month', price: 1000 },
        ]),
      )
      .attach('image', await png(), 'cine.png');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('Product "Ciné Club" has been created successfully');
    expect(res.headers.etag).toBe('"0"');
    const product = res.body.product as ProductView;
    expect(product).toMatchObject({
      name: 'Ciné Club',
      category_id: movies.id,
      category: 'films',
      category_slug: 'films',
      category_name: 'Films',
      channels: 200,
      quality: 'Full HD',
      devices: 5,
      popular: true,
      vod: true,
      active: true,
      features: ['Vidéothèque', 'Sous-titres'],
      priceDurations: [
        { duration: 'free trial', price: 0, active: false },
        { duration: '1 month', price: 1000, active: true },
        { duration: '3 months', price: 2700, active: true },
      ],
      // The first duration still offered.
      price: 1000,
      duration: '1 month',
    });
    expect((await request(app.url).get(`/products/show/${product.id}`)).body).toMatchObject({
      ...product,
      similarProducts: [],
    });
    expect((await request(app.url).get('/products')).body.map((p: ProductView) => p.id)).toContain(product.id);
  });

  it.each([
    [{ name: '' }, 'name', 'Product name is required'],
    [{ quality: '8K' }, 'quality', 'Quality must be one of SD, HD, Full HD, 4K'],
    [{ channels: '-5' }, 'channels', 'Channels must be a whole number of at least 0'],
    [{ devices: '11' }, 'devices', 'Devices must be a whole number from 1 to 10'],
    [
      { price_durations: '[{"duration":"1 month","price":"9.5"}]' },
      'price_durations.0.price',
      'Prices must be whole numbers of at least 0',
    ],
    [
      { price_durations: '[{"duration":"1 month","price":1},{"duration":"1 month","price":2}]' },
      'price_durations',
      'The duration "1 month" appears more than once',
    ],
    [{ price_durations: '[]' }, 'price_durations', 'Add at least one duration with its price'],
    [{ popular: 'maybe' }, 'popular', 'popular must be true or false (or 1 / 0)'],
  ])('refuses %o with its message', async (change, field, message) => {
    const form = {
      name: 'Valid',
      category_id: 'films',
      price_durations: '[{"duration":"1 month","price":1}]',
      ...change,
    };
    let req = admin('post', '/api/admin/products');
    for (const [key, value] of Object.entries(form)) req = req.field(key, value);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, message, errors: { [field]: message } });
  });

  it('need a category that exists', async () => {
    const unknown = await admin('post', '/api/admin/products').send({
      name: 'X',
      category_id: 'nowhere',
      price_durations: [{ duration: '1 month', price: 1 }],
    });
    expect(unknown.body).toEqual({ status: 400, code: 'catalogue.category_not_found', message: 'Category not found' });
    const missing = await admin('post', '/api/admin/products').send({
      name: 'X',
      price_durations: [{ duration: '1 month', price: 1 }],
    });
    expect(missing.body).toEqual({
      status: 400,
      code: 'catalogue.category_required',
      message: 'Please choose a category',
    });
    expect((await newProduct({ name: 'By name', category_id: 'FILMS' })).category_id).toBe(movies.id);
  });

  it('keep the fields an edit does not send; inactive ones are for admins only', async () => {
    const product = await newProduct({ name: 'Séries Plus', category_id: movies.id, channels: 150, features: ['VOD'] });
    const res = await admin('put', `/api/admin/products/${product.id}`).field('active', '0');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Product "Séries Plus" has been updated successfully');
    expect(res.body.product).toMatchObject({
      name: 'Séries Plus',
      channels: 150,
      features: ['VOD'],
      active: false,
      version: 1,
    });
    expect((await request(app.url).get(`/products/show/${product.id}`)).body).toEqual({
      status: 404,
      code: 'catalogue.product_not_found',
      message: 'Product not found',
    });
    expect((await request(app.url).get('/products')).body.map((p: ProductView) => p.id)).not.toContain(product.id);
    expect((await admin('get', '/api/admin/products')).body.products.map((p: ProductView) => p.id)).toContain(
      product.id,
    );
    const searched = await admin('get', '/api/admin/products').query({ q: 'series plus', category: 'films' });
    expect(searched.body.products.map((p: ProductView) => p.id)).toEqual([product.id]);
    expect((await admin('get', `/api/admin/products/${product.id}`)).body.product.active).toBe(false);
  });

  it('carry their version: a stale If-Match is a conflict, a current one goes through', async () => {
    const product = await newProduct({ name: 'Versioned', category_id: movies.id });
    const read = await admin('get', `/api/admin/products/${product.id}`);
    expect(read.headers.etag).toBe('"0"');
    const first = await admin('put', `/api/admin/products/${product.id}`)
      .set('If-Match', read.headers.etag!)
      .send({ channels: 10 });
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe('"1"');
    const stale = await admin('put', `/api/admin/products/${product.id}`).set('If-Match', '"0"').send({ channels: 20 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      status: 409,
      version: 1,
      change: 'ProductDetailsUpdated',
      changedBy: 'Administrator',
      changedAt: expect.any(String),
    });
    expect(stale.body.message).toBe(
      `This item was changed by Administrator at ${stale.body.changedAt} (ProductDetailsUpdated), after you opened it. Reload it and try again.`,
    );
    expect((await admin('delete', `/api/admin/products/${product.id}`).set('If-Match', 'W/"0"')).status).toBe(409);
    expect(
      (await admin('put', `/api/admin/products/${product.id}`).set('If-Match', 'yesterday').send({})).body.message,
    ).toBe('If-Match must be the ETag of the item, such as "3"');
    const deleted = await admin('delete', `/api/admin/products/${product.id}`).set('If-Match', '"1"');
    expect(deleted.body).toEqual({ message: 'Product "Versioned" has been deleted successfully', id: product.id });
    expect((await admin('get', `/api/admin/products/${product.id}`)).status).toBe(404);
    expect((await admin('put', `/api/admin/products/${product.id}`).send({ name: 'Back' })).status).toBe(404);
  });

  it('concurrent edits of one version: one wins, the other gets 409', async () => {
    const product = await newProduct({ name: 'Race', category_id: movies.id });
    const edits = await Promise.all(
      [1, 2, 3].map((n) =>
        admin('put', `/api/admin/products/${product.id}`).set('If-Match', '"0"').send({ channels: n }),
      ),
    );
    expect(edits.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('show up to 4 similar active products of the same category', async () => {
    const sport = await newCategory('Sport Pack');
    const products = [];
    for (const n of [1, 2, 3, 4, 5, 6])
      products.push(await newProduct({ name: `Sport ${n}`, category_id: sport.id, popular: n === 6, active: n !== 2 }));
    const shown = (await request(app.url).get(`/products/show/${products[0]!.id}`)).body;
    const similar = shown.similarProducts.map((p: ProductView) => p.name);
    expect(similar).toEqual(['Sport 6', 'Sport 3', 'Sport 4', 'Sport 5']);
    expect((await request(app.url).get('/products').query({ category: sport.slug })).body).toHaveLength(5);
    expect((await request(app.url).get('/products').query({ category: 'nowhere' })).body).toEqual({
      status: 404,
      code: 'catalogue.category_not_found',
      message: 'Category not found',
    });
  });

  it('move and delete in bulk, reporting the ones that failed', async () => {
    const from = await newCategory('Bulk From');
    const to = await newCategory('Bulk To');
    const a = await newProduct({ name: 'Bulk A', category_id: from.id });
    const b = await newProduct({ name: 'Bulk B', category_id: from.id });
    const moved = await admin('post', '/api/admin/products/bulk').send({
      action: 'changeCategory',
      ids: [a.id, b.id, 'missing'],
      categoryId: to.slug,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      message: '2 of 3 products moved',
      succeeded: [a.id, b.id],
      failed: [{ id: 'missing', status: 404, code: 'catalogue.product_not_found', message: 'Product not found' }],
    });
    expect((await request(app.url).get(`/products/count/${to.id}`)).body).toEqual({ count: 2 });
    const badTarget = await admin('post', '/api/admin/products/bulk').send({
      action: 'changeCategory',
      ids: [a.id],
      categoryId: 'nowhere',
    });
    expect(badTarget.body).toEqual({
      status: 400,
      code: 'catalogue.category_not_found',
      message: 'Category not found',
    });
    const invalid = await admin('post', '/api/admin/products/bulk').send({ action: 'changeCategory', ids: [a.id] });
    expect(invalid.body.errors).toEqual({ categoryId: 'Choose the category to move the products to' });
    const deleted = await admin('post', '/api/admin/products/bulk').send({ action: 'delete', ids: [a.id, b.id] });
    expect(deleted.body).toMatchObject({ message: '2 of 2 products deleted', failed: [] });
    expect((await request(app.url).get(`/products/count/${to.id}`)).body).toEqual({ count: 0 });
  });

  it('are found by name, description or category name, whatever the case, accents or Arabic vowel marks', async () => {
    const arabic = await newCategory('قنوات عربية');
    const product = await newProduct({
      name: 'Télé Maghreb',
      description: 'باقة رِيَاضِيَّة كاملة',
      category_id: arabic.id,
    });
    const search = async (q: string) =>
      ((await request(app.url).get('/products/search').query({ q })).body as ProductView[]).map((p) => p.id);
    for (const q of ['tele maghreb', 'TÉLÉ', 'رياضية', 'باقة كاملة', 'قنوات'])
      expect(await search(q), q).toContain(product.id);
    expect(await search('')).toEqual([]);
    expect(await search('maghreb nowhere')).toEqual([]);
  });
});

describe('storefront reads', () => {
  it('answer from memory with an ETag, 304 when unchanged, compressed when asked', async () => {
    const first = await request(app.url).get('/products');
    expect(first.headers.etag).toMatch(/^W\/"/);
    const again = await request(app.url).get('/products').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    // Compressed in the background once asked for again; sent as it is until then.
    const encoded = async (encoding: string) => {
      await waitUntil(
        async () =>
          (await request(app.url).get('/products').set('Accept-Encoding', encoding)).headers['content-encoding'] ===
          encoding,
      );
      return request(app.url).get('/products').set('Accept-Encoding', encoding);
    };
    expect((await encoded('br')).body).toEqual(first.body);
    expect((await encoded('gzip')).body).toEqual(first.body);
  });

  it('change their ETag as soon as an admin write has answered', async () => {
    const before = await request(app.url).get('/categories');
    await newCategory('Fresh');
    const after = await request(app.url).get('/categories').set('If-None-Match', before.headers.etag!);
    expect(after.status).toBe(200);
    expect(after.body.data.map((c: CategoryView) => c.name)).toContain('Fresh');
  });

  it('answer 404 for unknown items with the messages the pages show', async () => {
    expect((await request(app.url).get('/products/show/nope')).body).toEqual({
      status: 404,
      code: 'catalogue.product_not_found',
      message: 'Product not found',
    });
    expect((await request(app.url).get('/categories/show/nope')).body).toEqual({
      status: 404,
      code: 'catalogue.category_not_found',
      message: 'Category not found',
    });
    expect((await request(app.url).get('/products/count/nope')).body).toEqual({
      status: 404,
      code: 'catalogue.category_not_found',
      message: 'Category not found',
    });
  });
});

describe('audit trail', () => {
  it('records the acting admin on every catalogue event', async () => {
    const me = (await admin('get', '/api/admin/me')).body.user.id as string;
    const events = await app.infra.store.readAll({
      after: START,
      limit: 10_000,
      types: ['CategoryCreated', 'ProductCreated', 'ProductDeleted'],
    });
    expect(events.length).toBeGreaterThan(10);
    expect(new Set(events.map((e) => e.metadata.actor))).toEqual(new Set([me]));
  });
});
