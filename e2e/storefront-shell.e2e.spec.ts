import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../test/support/admin';
import { startTestApp } from '../test/support/app';
import { createProduct } from '../test/support/catalogue';
import { launchBrowser } from './support/browser';

// The storefront chrome in a real browser against the real server (fresh database, web/dist):
// language and direction, theme, persistence across reloads, the cart badge, and resilience to
// corrupt localStorage.

let app: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;
const contexts: BrowserContext[] = [];

// The operator's contact details (SUPPORT_* settings), which the footer must show.
const SUPPORT = {
  SUPPORT_PHONE: '+213661234567',
  SUPPORT_WHATSAPP: '213770987654',
  SUPPORT_EMAIL: 'aide@boutique-tv.dz',
};

beforeAll(async () => {
  app = await startTestApp({ env: SUPPORT });
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface OpenPage {
  page: Page;
  /** Uncaught exceptions thrown in the page. */
  errors: Error[];
}

/** A fresh browser profile (empty localStorage, light system theme) on the home page. */
async function openHome(options: { storage?: Record<string, string>; width?: number } = {}): Promise<OpenPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 800 },
    colorScheme: 'light',
    locale: 'en-US',
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(app.url, { waitUntil: 'domcontentloaded' });
  if (options.storage) {
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.storage);
    await page.reload({ waitUntil: 'domcontentloaded' });
  }
  await waitForApp(page);
  return { page, errors };
}

/** The app has rendered: the header and the page heading are on screen. */
async function waitForApp(page: Page): Promise<void> {
  await page.locator('header.site-header').waitFor({ state: 'visible' });
  await page.locator('main h1').first().waitFor({ state: 'visible' });
}

const htmlAttributes = (page: Page) =>
  page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    theme: document.documentElement.dataset.theme,
  }));

const mainNav = (page: Page, label: string) => page.locator('header').getByRole('navigation', { name: label });

async function chooseLanguage(page: Page, name: string, lang: string): Promise<void> {
  await page.getByTestId('language-menu-button').click();
  await page.getByRole('menuitemradio', { name }).click();
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
}

describe('storefront shell', () => {
  it('opens in Arabic, right to left, with Arabic header text', async () => {
    const { page, errors } = await openHome();
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'ar', dir: 'rtl' });
    const nav = mainNav(page, 'التنقل الرئيسي');
    await nav.getByRole('link', { name: 'الرئيسية' }).waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: 'المتجر' }).waitFor({ state: 'visible' });
    expect(await page.locator('main h1').first().textContent()).toContain('كل قنواتك');
    expect(await page.getByTestId('cart-link').getAttribute('href')).toBe('/cart');
    expect(errors).toEqual([]);
  });

  it('moves focus to the new page’s heading after a navigation, not on the first page', async () => {
    const { page, errors } = await openHome();
    const focusedHeading = () =>
      page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));
    expect(await focusedHeading()).toBeNull();
    await mainNav(page, 'التنقل الرئيسي').getByRole('link', { name: 'المتجر' }).click();
    await page.waitForURL(/\/store$/);
    await expect.poll(focusedHeading).toBe(await page.locator('main h1').first().textContent());
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('switches to English from the language menu: left to right, English text', async () => {
    const { page, errors } = await openHome();
    await chooseLanguage(page, 'English', 'en');
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'en', dir: 'ltr' });
    const nav = mainNav(page, 'Main navigation');
    await nav.getByRole('link', { name: 'Home' }).waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: 'Store' }).waitFor({ state: 'visible' });
    expect(await page.locator('main h1').first().textContent()).toBe('All your TV, on every screen');
    expect(await page.evaluate(() => localStorage.getItem('store-language'))).toBe('en');
    expect(errors).toEqual([]);
  });

  it("shows the store's configured support contact in the footer", async () => {
    const { page, errors } = await openHome();
    const footer = page.locator('footer .footer-contact');
    expect(await footer.locator('a[href^="tel:"]').getAttribute('href')).toBe('tel:+213661234567');
    expect(await footer.locator('a[href^="tel:"]').textContent()).toContain('+213 661 23 45 67');
    expect(await footer.locator('a[href^="mailto:"]').getAttribute('href')).toBe('mailto:aide@boutique-tv.dz');
    expect(await footer.locator('a[href^="https://wa.me/"]').getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/213770987654\?text=/,
    );
    expect(await footer.locator('a[href^="https://wa.me/"]').textContent()).toContain('+213 770 98 76 54');
    expect(errors).toEqual([]);
  });

  it('keeps the chosen language after a reload', async () => {
    const { page } = await openHome();
    await chooseLanguage(page, 'Français', 'fr');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    expect(await htmlAttributes(page)).toMatchObject({ lang: 'fr', dir: 'ltr' });
    await mainNav(page, 'Navigation principale').getByRole('link', { name: 'Accueil' }).waitFor({ state: 'visible' });
  });

  it('toggles the theme and keeps it after a reload', async () => {
    const { page, errors } = await openHome();
    expect((await htmlAttributes(page)).theme).toBe('light'); // follows the (light) system preference
    await page.getByTestId('theme-toggle').click();
    expect((await htmlAttributes(page)).theme).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    expect((await htmlAttributes(page)).theme).toBe('dark');

    await page.getByTestId('theme-toggle').click();
    expect((await htmlAttributes(page)).theme).toBe('light');
    expect(errors).toEqual([]);
  });

  it('shows the number of items of a stored cart in the header badge', async () => {
    const product = (id: number, name: string, price: number) => ({
      id,
      name,
      price,
      duration: '1 month',
      quality: 'HD',
    });
    const cart = [
      { product: product(1, 'Basic', 2000), quantity: 2, selectedDuration: '1 month', selectedPrice: 2000 },
      { product: product(2, 'Premium', 4000), quantity: 1, selectedDuration: '3 months', selectedPrice: 10800 },
    ];
    const { page, errors } = await openHome({ storage: { cart: JSON.stringify(cart), 'store-language': 'en' } });
    const badge = page.getByTestId('cart-count');
    await badge.waitFor({ state: 'visible' });
    expect((await badge.textContent())?.trim()).toBe('3');
    expect(await page.getByTestId('cart-link').getAttribute('aria-label')).toBe('Cart, 3 items');
    expect(errors).toEqual([]);
  });

  it('shows no badge for an empty cart', async () => {
    const { page } = await openHome();
    expect(await page.getByTestId('cart-count').count()).toBe(0);
  });

  it('survives corrupt values in localStorage', async () => {
    const corrupt: Record<string, string>[] = [
      { cart: '{not json', theme: 'purple', 'store-language': 'xx' },
      { cart: '[{"product":null,"quantity":"many"},42,"x"]', theme: '{"a":', 'store-language': '"de"' },
      { cart: '{"items":[]}', theme: '', 'store-language': '' },
    ];
    for (const storage of corrupt) {
      const { page, errors } = await openHome({ storage });
      expect(await htmlAttributes(page)).toEqual({ lang: 'ar', dir: 'rtl', theme: 'light' });
      expect(await page.getByTestId('cart-count').count()).toBe(0);
      await mainNav(page, 'التنقل الرئيسي').getByRole('link', { name: 'الرئيسية' }).waitFor({ state: 'visible' });
      expect(errors).toEqual([]);
    }
  });

  it('arrives compressed: brotli for the page, scripts, styles and JSON over 1 KB, as the browser asks', async () => {
    // Last: a catalogue whose JSON is over 1 KB.
    const token = await adminToken(app.url);
    for (const name of ['Gold', 'Silver', 'Bronze', 'Cinema'])
      await createProduct(app.url, token, name, [
        ['1 month', 1500],
        ['3 months', 4000],
        ['12 months', 13500],
      ]);
    // The catalogue's answers are compressed in the background once asked for again
    // (docs/architecture.md#compression): a first visit asks for them, the next one is measured.
    const first = await openHome({ width: 390 });
    const asked = await first.page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .flatMap((entry) => (entry.name.includes('/products') ? [entry.name] : [])),
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const url of asked)
      await expect
        .poll(async () =>
          (await fetch(url, { headers: { 'Accept-Encoding': 'br', 'Accept-Language': 'ar' } })).headers.get(
            'content-encoding',
          ),
        )
        .toBe('br');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-DZ' });
    contexts.push(context);
    const page = await context.newPage();
    const pending: Promise<{ path: string; type: string; encoding: string; accepted: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== app.url) return;
      pending.push(
        (async () => ({
          path: url.pathname,
          type: response.request().resourceType(),
          encoding: response.headers()['content-encoding'] ?? '',
          accepted: (await response.request().allHeaders())['accept-encoding'] ?? '',
          bytes: (await response.body()).length,
        }))(),
      );
    });
    await page.goto(app.url);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const answers = await Promise.all(pending);
    expect(answers.find((answer) => answer.type === 'document')).toMatchObject({ path: '/', encoding: 'br' });
    expect(answers.every((answer) => answer.accepted.includes('br'))).toBe(true);
    const sized = answers.filter((answer) => answer.bytes >= 1024);
    for (const type of ['script', 'stylesheet', 'fetch'])
      expect(sized.filter((answer) => answer.type === type).length, type).toBeGreaterThan(0);
    // Under 1 KB compression gains nothing; everything over it came as brotli.
    expect(sized.filter((answer) => answer.encoding !== 'br')).toEqual([]);
  });
});
