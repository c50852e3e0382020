import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminClient, startStoreApp, type ProductRecord } from './support/store';

// The web app's page as the server sends it (docs/product.md#link-previews), in a real browser: an
// address that names nothing answers 404 and the app shows its not-found page; an address asking
// for a language (?lang=, as shared links and the sitemap's give) opens the store in it, and the
// title the server wrote is the one the app keeps.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
let product: ProductRecord;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  const admin = await adminClient(app.url);
  const category = await admin.createCategory('Sport');
  product = await admin.createProduct({
    name: 'Match Day',
    category_id: category.id,
    price_durations: [{ duration: '1 month', price: 1500 }],
  });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fresh profile (nothing stored: the store's own language) at `path`, with the page's own answer. */
async function visit(path: string): Promise<{ page: Page; response: Response; errors: Error[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: 'en-US' });
  contexts.push(context);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  const response = await page.goto(new URL(path, app.url).toString(), { waitUntil: 'domcontentloaded' });
  if (!response) throw new Error(`no answer for ${path}`);
  return { page, response, errors };
}

describe('an address that names nothing', () => {
  it('answers 404, and the app shows its not-found page, in Arabic', async () => {
    const { page, response, errors } = await visit('/no-such-page');
    expect(response.status()).toBe(404);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('الصفحة غير موجودة');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    expect(await page.title()).toBe('الصفحة غير موجودة · Nova IPTV');
    // Its way home works.
    await page.getByTestId('not-found').getByRole('link').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
  });

  it('answers 404 for a product that does not exist, and the app says so in the language asked for', async () => {
    const { page, response, errors } = await visit('/product/no-such-product?lang=fr');
    expect(response.status()).toBe(404);
    await page.getByTestId('product-not-found').waitFor();
    expect(await page.getByTestId('product-not-found').textContent()).toContain('Produit introuvable');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(errors).toEqual([]);
  });
});

describe('a shared link', () => {
  it('opens the product in the language it names, keeps the server’s title, and remembers the language', async () => {
    const { page, response, errors } = await visit(`/product/${product.id}?lang=en`);
    expect(response.status()).toBe(200);
    expect(await response.headerValue('content-type')).toBe('text/html; charset=utf-8');
    const served = await page.title();
    expect(served).toBe('Match Day · Nova IPTV');
    await page.getByTestId('product-page').waitFor();
    expect(await page.locator('.product-title').textContent()).toBe('Match Day');
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(1);
    expect(await page.title()).toBe(served);
    expect(await page.evaluate(() => localStorage.getItem('store-language'))).toContain('en');
    // The next page, without ?lang=, stays in English.
    await page.goto(new URL('/store', app.url).toString());
    await page.getByRole('heading', { level: 1, name: 'Store' }).waitFor();
    expect(errors).toEqual([]);
  });
});
