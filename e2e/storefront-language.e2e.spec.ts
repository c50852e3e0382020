import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminClient, openStore, startStoreApp, textOf, type ProductRecord } from './support/store';

// Languages, direction, theme and persistence on the catalogue pages.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
const contexts: BrowserContext[] = [];
let product: ProductRecord;

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  const admin = await adminClient(app.url);
  const category = await admin.createCategory('Cinéma', 'Films et séries');
  product = await admin.createProduct({
    name: 'Ciné Club',
    category_id: category.id,
    devices: 3,
    price_durations: [
      { duration: '1 month', price: 1000 },
      { duration: '3 months', price: 2700 },
    ],
  });
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const html = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    theme: document.documentElement.dataset.theme,
  }));

async function chooseLanguage(page: Page, name: string, lang: string): Promise<void> {
  await page.getByTestId('language-menu-button').click();
  await page.getByRole('menuitemradio', { name }).click();
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
}

describe('storefront languages and persistence', () => {
  it('is Arabic and right to left, then English and left to right after switching; choice, theme and cart survive a reload', async () => {
    const { page, errors } = await openStore(browser, app.url, `/product/${product.id}`, { contexts });
    await page.getByTestId('product-page').waitFor();
    expect(await html(page)).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(await page.getByTestId('add-to-cart').textContent()).toBe('أضف إلى السلة');
    expect(await page.getByTestId('duration-picker').locator('legend').textContent()).toBe('اختر المدة');
    // Arabic layout is mirrored: the picture sits on the right of the information.
    const picture = await page.locator('.product-gallery').boundingBox();
    const info = await page.locator('.product-info').boundingBox();
    expect(picture!.x).toBeGreaterThan(info!.x);
    // The price keeps its own order inside the Arabic page.
    expect(await textOf(page, '[data-testid="product-price"]')).toMatch(/^1[.\s]?000 Da$/);

    await page.getByTestId('add-to-cart').click();
    await chooseLanguage(page, 'English', 'en');
    expect(await html(page)).toMatchObject({ lang: 'en', dir: 'ltr' });
    expect(await page.getByTestId('add-to-cart').textContent()).toBe('Add to cart');
    const pictureLtr = await page.locator('.product-gallery').boundingBox();
    const infoLtr = await page.locator('.product-info').boundingBox();
    expect(pictureLtr!.x).toBeLessThan(infoLtr!.x);

    await page.getByTestId('theme-toggle').click();
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('product-page').waitFor();
    expect(await html(page)).toEqual({ lang: 'en', dir: 'ltr', theme: 'dark' });
    expect(((await page.getByTestId('cart-count').textContent()) ?? '').trim()).toBe('1');
    expect(await page.evaluate(() => localStorage.getItem('store-language'))).toBe('en');

    // The cart page in French.
    await chooseLanguage(page, 'Français', 'fr');
    await page.getByTestId('cart-link').click();
    await page.getByRole('heading', { level: 1, name: 'Votre panier' }).waitFor();
    expect(await textOf(page, '[data-testid="cart-total"]')).toMatch(/^1[\s.]000 Da$/);
    expect(errors).toEqual([]);
  });

  it('the store page lists categories in Arabic with their package count', async () => {
    const { page } = await openStore(browser, app.url, '/store', { contexts });
    const list = page.getByTestId('category-list');
    await list.waitFor();
    expect(await list.textContent()).toContain('Cinéma');
    expect(await list.textContent()).toContain('باقة واحدة');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('المتجر');
  });

  it('keyboard: the duration radios and the quantity buttons work without a mouse', async () => {
    const { page } = await openStore(browser, app.url, `/product/${product.id}`, {
      storage: { 'store-language': 'en' },
      contexts,
    });
    await page.getByTestId('product-page').waitFor();
    await page.getByRole('radio', { name: /1 month/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: /3 months/ }).isChecked()).toBe(true);
    expect(await textOf(page, '[data-testid="product-price"]')).toBe('2,700 Da');
    await page.getByTestId('add-to-cart').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('cart-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/cart$/);
    await page.getByTestId('quantity-increase').focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('quantity-value').textContent()).toBe('2');
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('5,400 Da');
  });
});
