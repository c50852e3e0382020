import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { catalogueAndAuditRows, expectRebuildGivesBack } from '../../../test/support/catalogue';
import { CRAWLER, decodeEntities, plainGet } from '../../../test/support/plain-http';
import type { CategoryView, ProductView } from '../../shared/catalogue';

// A renamed category keeps its old slugs as aliases (docs/product.md#category-addresses), through
// HTTP on the real server: every public read by slug answers them with the category (at its
// current slug), a current slug wins over an alias, a deletion takes them away, a rebuild gives
// the same rows back, and two categories renamed at once to one name still get a slug each.

let app: RunningApp;
let token: string;

const admin = (method: 'post' | 'put' | 'delete', path: string) => request(app.url)[method](path).set(bearer(token));

async function newCategory(name: string): Promise<CategoryView> {
  const res = await admin('post', '/api/admin/categories').send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.category as CategoryView;
}

async function rename(id: string, name: string): Promise<CategoryView> {
  const res = await admin('put', `/api/admin/categories/${id}`).send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.category as CategoryView;
}

/** What the storefront answers for a category at `slug`: its status, and the category's id and slug when found. */
async function shown(slug: string) {
  const res = await request(app.url).get(`/categories/show/${slug}`);
  return { status: res.status, id: res.body.id as string | undefined, slug: res.body.slug as string | undefined };
}

const productNames = async (category: string) => {
  const res = await request(app.url).get(`/products?category=${category}`);
  expect(res.status, `/products?category=${category}`).toBe(200);
  return (res.body as ProductView[]).map((product) => product.name);
};

const aliasRows = () => app.infra.db.selectFrom('catalogue_category_aliases').selectAll().orderBy('slug').execute();

const canonicalOf = (html: string) => decodeEntities(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1] ?? '');

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app.url);
});

describe('a renamed category', () => {
  let international: CategoryView;
  let pass: ProductView;

  it('answers at each slug it had, with its current one, on every public read and its page', async () => {
    international = await newCategory('International');
    pass = (
      await admin('post', '/api/admin/products')
        .send({
          name: 'World Pass',
          category_id: international.id,
          price_durations: [{ duration: '1 month', price: 1 }],
        })
        .expect(201)
    ).body.product;
    expect((await rename(international.id, 'World')).slug).toBe('world');
    // At once: the rename's answer waited for its old slug's release to be read too.
    expect(await shown('international')).toEqual({ status: 200, id: international.id, slug: 'world' });
    expect((await rename(international.id, 'Global')).slug).toBe('global');

    for (const slug of ['international', 'world', 'global', 'WORLD']) {
      expect(await shown(slug), slug).toEqual({ status: 200, id: international.id, slug: 'global' });
      expect(await productNames(slug)).toEqual(['World Pass']);
      expect((await request(app.url).get(`/products/count/${slug}`)).body).toEqual({ count: 1 });
    }
    expect(await aliasRows()).toEqual([
      { slug: 'international', category_id: international.id },
      { slug: 'world', category_id: international.id },
    ]);

    // The page at an old address: the category's, its canonical address the current one.
    const page = await plainGet(`${app.url}/category/international?lang=en`, CRAWLER);
    expect(page.status).toBe(200);
    expect(canonicalOf(page.text)).toBe(`${app.url}/category/global?lang=en`);
    // The sitemap names it once per language, at its current slug only.
    const sitemap = (await plainGet(`${app.url}/sitemap.xml`, CRAWLER)).text;
    expect(sitemap).toContain(`<loc>${app.url}/category/global</loc>`);
    expect(sitemap).not.toContain('/category/international');
    expect(sitemap).not.toContain('/category/world');
  });

  it('gives an old slug up to a category that takes it as its own', async () => {
    const newcomer = await newCategory('International');
    // Released, not reserved: the new category gets the plain slug, and the address leads to it.
    expect(newcomer.slug).toBe('international');
    expect(await shown('international')).toEqual({ status: 200, id: newcomer.id, slug: 'international' });
    expect(await productNames('international')).toEqual([]);
    // The renamed category keeps its other old slug.
    expect(await shown('world')).toEqual({ status: 200, id: international.id, slug: 'global' });
    expect(await aliasRows()).toEqual([{ slug: 'world', category_id: international.id }]);

    // Renamed back to a name it had: that slug is current again, and no longer an alias.
    const other = await newCategory('Maghreb');
    await rename(other.id, 'Afrique');
    await rename(other.id, 'Maghreb');
    expect(await shown('maghreb')).toEqual({ status: 200, id: other.id, slug: 'maghreb' });
    expect(await shown('afrique')).toEqual({ status: 200, id: other.id, slug: 'maghreb' });
    expect((await aliasRows()).map((row) => row.slug)).toEqual(['afrique', 'world']);
  });

  it('takes its aliases away when it is deleted', async () => {
    await admin('delete', `/api/admin/products/${pass.id}`).expect(200);
    await admin('delete', `/api/admin/categories/${international.id}`).expect(200);
    for (const slug of ['global', 'world']) {
      expect((await shown(slug)).status, slug).toBe(404);
      expect((await request(app.url).get(`/products?category=${slug}`)).status).toBe(404);
    }
    expect((await plainGet(`${app.url}/category/world`, CRAWLER)).status).toBe(404);
    expect((await aliasRows()).map((row) => row.category_id)).not.toContain(international.id);
    // The newcomer is still at the slug it took.
    expect((await shown('international')).status).toBe(200);
  });

  it('two renamed at once to one name: one takes the slug, the other the next, each keeps its old slug', async () => {
    const [films, series] = await Promise.all([newCategory('Films'), newCategory('Series')]);
    const [a, b] = await Promise.all([rename(films.id, 'Cinema'), rename(series.id, 'Cinema')]);
    expect([a.slug, b.slug].sort()).toEqual(['cinema', 'cinema-2']);
    expect(await shown('films')).toEqual({ status: 200, id: films.id, slug: a.slug });
    expect(await shown('series')).toEqual({ status: 200, id: series.id, slug: b.slug });
    expect((await shown('cinema')).id).toBe(a.slug === 'cinema' ? films.id : series.id);
  });

  it('rebuilds into the same aliases', async () => {
    // Every read model caught up with the last write (the audit trail may still be folding it).
    await app.runner.waitFor(await app.infra.store.lastCommittedPosition());
    const live = await catalogueAndAuditRows(app.infra.db);
    expect(live.aliases.map((row) => row.slug)).toEqual(['afrique', 'films', 'series']);
    await expectRebuildGivesBack(app, live);
  });
});
