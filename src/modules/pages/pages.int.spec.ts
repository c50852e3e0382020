import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, bearer } from '../../../test/support/admin';
import { startTestApp, type RunningApp } from '../../../test/support/app';
import { CRAWLER, decodeEntities, metaOf, metasOf, plainGet } from '../../../test/support/plain-http';
import type { CategoryView, ProductView } from '../../shared/catalogue';

// The web app's pages as a link-preview crawler reads them (docs/product.md#link-previews): plain
// HTTP, no JavaScript. Each address has its own title, description, canonical address, alternates
// and Open Graph / Twitter tags in the language asked for; an address that names nothing is a 404
// whose page is still the app (which shows its not-found page); the sitemap and robots.txt.

let app: RunningApp;
let token: string;
let category: CategoryView;
let product: ProductView;
let hidden: ProductView;

const admin = (method: 'post' | 'put', path: string) => request(app.url)[method](path).set(bearer(token));
const png = () =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const page = (path: string) => plainGet(`${app.url}${path}`, CRAWLER);
/** Spaces as Intl writes them in prices (no-break, narrow no-break) read as plain ones. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const titleOf = (html: string) => decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const linkOf = (html: string, rel: string, hreflang?: string) =>
  decodeEntities(
    new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(html)?.[1] ?? '',
  );

beforeAll(async () => {
  app = await startTestApp();
  token = await adminToken(app.url);
  category = (
    await admin('post', '/api/admin/categories')
      .field('name', 'Sport & Cinéma')
      .field('description', 'Tous les matchs en direct')
      .attach('image', await png(), 'cover.png')
      .expect(201)
  ).body.category;
  product = (
    await admin('post', '/api/admin/products')
      .field('name', 'Gold "VIP" <b>&</b>')
      .field('description', 'Plus de 10 000 chaînes, films et séries en HD et 4K.')
      .field('category_id', category.id)
      .field(
        'price_durations',
        JSON.stringify([
          { duration: 'free trial', price: 0 },
          { duration: '1 month', price: 1500 },
          { duration: '3 months', price: 4000 },
        ]),
      )
      .attach('image', await png(), 'gold.png')
      .expect(201)
  ).body.product;
  hidden = (
    await admin('post', '/api/admin/products')
      .send({ name: 'Retired', category_id: category.id, price_durations: [{ duration: '1 month', price: 900 }] })
      .expect(201)
  ).body.product;
  await admin('put', `/api/admin/products/${hidden.id}`).send({ active: false }).expect(200);
});

describe('a product page, as a link preview reads it', () => {
  it('in French (?lang=fr): its own title, description from the first paid price, image, address and alternates', async () => {
    const res = await page(`/product/${product.id}?lang=fr`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toMatch(/<html lang="fr" dir="ltr"/);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(titleOf(html)).toBe('Gold "VIP" <b>&</b> · Nova IPTV');
    expect(metaOf(html, 'og:title')).toBe('Gold "VIP" <b>&</b> · Nova IPTV');
    // The first paid duration's price, not the free trial's 0.
    const description = plain(metaOf(html, 'description'));
    expect(description).toMatch(/^À partir de 1 500 Da · Plus de 10 000 chaînes/);
    expect(plain(metaOf(html, 'og:description'))).toBe(description);
    const url = `${app.url}/product/${product.id}?lang=fr`;
    expect(metaOf(html, 'og:url')).toBe(url);
    expect(linkOf(html, 'canonical')).toBe(url);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:image')).toBe(`${app.url}${product.featuredImage}`);
    expect(metaOf(html, 'og:locale')).toBe('fr_DZ');
    expect(metasOf(html, 'og:locale:alternate').sort()).toEqual(['ar_DZ', 'en_US']);
    expect(metaOf(html, 'product:price:amount')).toBe('1500');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:image')).toBe(`${app.url}${product.featuredImage}`);
    expect(linkOf(html, 'alternate', 'ar')).toBe(`${app.url}/product/${product.id}`);
    expect(linkOf(html, 'alternate', 'fr')).toBe(url);
    expect(linkOf(html, 'alternate', 'en')).toBe(`${app.url}/product/${product.id}?lang=en`);
    expect(linkOf(html, 'alternate', 'x-default')).toBe(`${app.url}/product/${product.id}`);
    // The app itself is still the page.
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<meta name="support-phone"');
  });

  it('in Arabic, the store’s language, without ?lang= and with it; names and text escaped', async () => {
    for (const path of [`/product/${product.id}`, `/product/${product.id}?lang=ar`, `/product/${product.id}?lang=de`]) {
      const html = (await page(path)).text;
      expect(html).toMatch(/<html lang="ar" dir="rtl"/);
      expect(plain(metaOf(html, 'og:description'))).toMatch(/^ابتداءً من 1[.,  ]500 Da · /);
      expect(metaOf(html, 'og:locale')).toBe('ar_DZ');
      expect(linkOf(html, 'canonical')).toBe(`${app.url}/product/${product.id}`);
      expect(html).not.toContain('<b>&</b>');
      expect(html).toContain('Gold &#34;VIP&#34; &#60;b&#62;&#38;&#60;/b&#62; · Nova IPTV');
    }
  });

  it('names a package and its category in the language asked for, as the store shows them', async () => {
    const translated = (
      await admin('post', '/api/admin/products')
        .send({
          category_id: category.id,
          price_durations: [{ duration: '1 month', price: 2000 }],
          translations: {
            fr: { name: 'Bouquet Famille', description: 'Dessins animés et films pour tous.' },
            ar: { name: 'باقة العائلة', description: 'رسوم متحركة وأفلام للجميع.' },
          },
        })
        .expect(201)
    ).body.product;
    const arabic = (await page(`/product/${translated.id}?lang=ar`)).text;
    expect(titleOf(arabic)).toBe('باقة العائلة · Nova IPTV');
    expect(metaOf(arabic, 'og:description')).toContain('رسوم متحركة وأفلام للجميع.');
    const french = (await page(`/product/${translated.id}?lang=fr`)).text;
    expect(titleOf(french)).toBe('Bouquet Famille · Nova IPTV');
    // English is not written: the shop's default language (French) stands in.
    expect(titleOf((await page(`/product/${translated.id}?lang=en`)).text)).toBe('Bouquet Famille · Nova IPTV');
  });

  it('in English', async () => {
    const html = (await page(`/product/${product.id}?lang=en`)).text;
    expect(plain(metaOf(html, 'description'))).toMatch(/^From 1,500 Da · /);
    expect(metaOf(html, 'og:locale')).toBe('en_US');
  });
});

describe('the other pages a preview may show', () => {
  it('a category, by slug or id, at its slug’s address', async () => {
    for (const reference of [category.slug, category.id]) {
      const res = await page(`/category/${reference}?lang=en`);
      expect(res.status).toBe(200);
      expect(titleOf(res.text)).toBe('Sport & Cinéma · Nova IPTV');
      expect(metaOf(res.text, 'og:description')).toBe('Tous les matchs en direct');
      expect(metaOf(res.text, 'og:url')).toBe(`${app.url}/category/${category.slug}?lang=en`);
      expect(metaOf(res.text, 'og:image')).toBe(`${app.url}${category.featuredImage}`);
    }
  });

  it('the home page and the store, with a picture from the catalogue', async () => {
    const home = await page('/?lang=fr');
    expect(home.status).toBe(200);
    expect(titleOf(home.text)).toBe('Nova IPTV · Abonnements IPTV en Algérie');
    expect(metaOf(home.text, 'og:url')).toBe(`${app.url}/?lang=fr`);
    expect(metaOf(home.text, 'og:image')).toBe(`${app.url}${product.featuredImage}`);
    const store = await page('/store');
    expect(titleOf(store.text)).toBe('المتجر · Nova IPTV');
    expect(metaOf(store.text, 'og:type')).toBe('website');
    expect(metaOf(store.text, 'og:image')).toBe(`${app.url}${category.featuredImage}`);
  });

  it('the app’s other pages are served but not listed (noindex)', async () => {
    for (const path of ['/cart', '/checkout', '/orders/some-token', '/orders/find', '/admin', '/admin/login']) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      expect(metaOf(res.text, 'robots'), path).toBe('noindex');
      expect(metaOf(res.text, 'og:title'), path).toBeUndefined();
    }
  });
});

describe('an address that names nothing', () => {
  it('answers 404 with the app’s page, which shows its not-found page', async () => {
    for (const [path, title] of [
      ['/no-such-page', 'الصفحة غير موجودة · Nova IPTV'],
      ['/no-such-page?lang=en', 'Page not found · Nova IPTV'],
      ['/product/no-such-product', 'المنتج غير موجود · Nova IPTV'],
      [`/product/${hidden.id}?lang=fr`, 'Produit introuvable · Nova IPTV'],
      ['/category/no-such-category?lang=en', 'Category not found · Nova IPTV'],
      ['/category/', 'الفئة غير موجودة · Nova IPTV'],
      ['/store/extra', 'الصفحة غير موجودة · Nova IPTV'],
    ]) {
      const res = await page(path!);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(res.text, path).toContain('<div id="root"></div>');
      expect(titleOf(res.text), path).toBe(title);
      expect(metaOf(res.text, 'robots'), path).toBe('noindex');
    }
  });

  it('is JSON for a client that does not take HTML, and for a missing file of the build', async () => {
    const json = await request(app.url).get('/no-such-page').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.type).toBe('application/json');
    const asset = await plainGet(`${app.url}/assets/no-such-chunk.js`, CRAWLER);
    expect(asset.status).toBe(404);
    expect(asset.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('for search engines', () => {
  it('the sitemap lists every page on sale in each language, each with its alternates', async () => {
    const res = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const xml = res.text;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ['/', '/store', `/category/${category.slug}`, `/product/${product.id}`]) {
      expect(xml).toContain(`<loc>${app.url}${path}</loc>`);
      expect(xml).toContain(`<loc>${app.url}${path}?lang=fr</loc>`);
      expect(xml).toContain(`<loc>${app.url}${path}?lang=en</loc>`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="fr" href="${app.url}${path}?lang=fr"/>`);
    }
    const productEntries = xml
      .split('<url>')
      .filter((entry) => entry.includes(`<loc>${app.url}/product/${product.id}`));
    expect(productEntries).toHaveLength(3);
    for (const entry of productEntries) expect(entry.match(/<xhtml:link /g)).toHaveLength(3);
    expect(xml).not.toContain(hidden.id);
  });

  it('robots.txt keeps crawlers out of the back office and the API, and points at the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text.split('\n')).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /admin',
        'Disallow: /api',
        `Sitemap: ${app.url}/sitemap.xml`,
      ]),
    );
  });
});
