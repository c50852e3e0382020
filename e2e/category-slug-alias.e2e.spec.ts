import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminClient, openStore, startStoreApp, type ProductRecord } from './support/store';

// A renamed category's old address (docs/product.md#category-addresses), in a real browser: the
// server answers it as the category's page (not a 404, its canonical link the new address), the
// app shows the category and puts the new address in place of the old one, so Back leaves the page.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
let product: ProductRecord;
let admin: Awaited<ReturnType<typeof adminClient>>;
let categoryId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  admin = await adminClient(app.url);
  const category = await admin.createCategory('International');
  categoryId = category.id;
  product = await admin.createProduct({
    name: 'World Pass',
    category_id: category.id,
    price_durations: [{ duration: '1 month', price: 1800 }],
  });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a renamed category', () => {
  it('opens at its old address, shows the category and replaces the address with the new one', async () => {
    const { category } = await admin.api<{ category: { slug: string } }>('PUT', `/api/admin/categories/${categoryId}`, {
      name: 'World',
    });
    expect(category.slug).toBe('world');

    const { page, errors } = await openStore(browser, app.url, '/store?lang=en', { contexts });
    const before = await page.evaluate(() => history.length);
    const response = await page.goto(new URL('/category/international', app.url).toString(), {
      waitUntil: 'domcontentloaded',
    });
    expect(response?.status()).toBe(200);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '', app.url).pathname).toBe('/category/world');

    await page.waitForURL((url) => url.pathname === '/category/world');
    await expect.poll(() => page.locator('#category-title').textContent()).toBe('World');
    await page.getByTestId('category-products').getByText(product.name).waitFor();
    // The old address was replaced, not followed by a second entry: one more than the store page.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/store');
    expect(errors).toEqual([]);
  });
});
