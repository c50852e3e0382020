import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminClient, openStore, startStoreApp, textOf, type SeedProduct } from './support/store';

// Issue 17 in a real browser: a category page kept current by the deltas a write sends (a price
// change, a package withdrawn, a new one), each a small WebSocket frame, on a catalogue of 60.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminClient>>;
const contexts: BrowserContext[] = [];
let category: { id: string; slug: string };
const ids: Record<'alpha' | 'bravo' | 'charlie', string> = {} as never;

const ENGLISH = { 'store-language': 'en' };
const DESCRIPTION =
  'Every league match of the season live in Full HD, with the European cups and the big fights. ' +
  'Replays for seven days, and commentary in Arabic, French and English.';
const MAX_DELTA_FRAME = 2048;

const seed = (name: string, categoryId: string, monthly: number): SeedProduct => ({
  name,
  description: DESCRIPTION,
  category_id: categoryId,
  channels: 300,
  quality: 'Full HD',
  devices: 2,
  features: ['All league matches', 'Seven-day replay', 'Multi-screen'],
  price_durations: [
    { duration: '1 month', price: monthly },
    { duration: '3 months', price: Math.round(monthly * 2.7) },
    { duration: '6 months', price: monthly * 5 },
    { duration: '12 months', price: monthly * 9 },
  ],
});

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  admin = await adminClient(app.url);
  category = await admin.createCategory('Live Deltas', 'Kept current while open.');
  const others = await admin.createCategory('Everything Else');
  ids.alpha = (await admin.createProduct(seed('Alpha', category.id, 1000))).id;
  ids.bravo = (await admin.createProduct(seed('Bravo', category.id, 2000))).id;
  ids.charlie = (await admin.createProduct(seed('Charlie', category.id, 3000))).id;
  for (let i = 0; i < 57; i++) await admin.createProduct(seed(`Filler ${i}`, others.id, 900 + i));
}, 120_000);

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The Socket.IO frames the page receives over WebSocket, as text. */
function framesOf(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => frames.push(String(payload))));
  return frames;
}

const cardNames = (page: Page) => page.locator('[data-testid="category-products"] .product-name').allTextContents();

async function untilNames(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      [...document.querySelectorAll('[data-testid="category-products"] .product-name')]
        .map((n) => n.textContent?.trim())
        .join('|') === expected,
    names.join('|'),
    { timeout: 10_000 },
  );
}

describe('storefront live deltas', () => {
  it('keeps an open category page current from small deltas: a price, a package withdrawn, a new one', async () => {
    const { page, errors } = await openStore(browser, app.url, `/category/${category.slug}`, {
      storage: ENGLISH,
      contexts,
    });
    const frames = framesOf(page);
    await untilNames(page, ['Alpha', 'Bravo', 'Charlie']);
    // The live connection is up once the whole list answered its requestInitialData.
    await expect
      .poll(() => frames.some((f) => f.startsWith('42["productsUpdate",{"products":')), { timeout: 10_000 })
      .toBe(true);

    let mark = frames.length;
    await admin.updateProduct(ids.bravo, { price_durations: [{ duration: '1 month', price: 2500 }] });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="category-products"] .price-amount')].some(
          (n) => n.textContent?.replace(/\D/g, '') === '2500',
        ),
      undefined,
      { timeout: 10_000 },
    );
    const priceFrames = frames.slice(mark);
    const deltas = priceFrames.filter((f) => f.startsWith('42["productsUpdate",{"changed":'));
    expect(deltas).toHaveLength(1);
    expect(deltas[0]!.length).toBeLessThanOrEqual(MAX_DELTA_FRAME);
    expect(priceFrames.filter((f) => f.includes('"categoriesUpdate"'))).toEqual([]);

    mark = frames.length;
    await admin.api('PUT', `/api/admin/products/${ids.alpha}`, { active: false });
    await untilNames(page, ['Bravo', 'Charlie']);
    expect(await textOf(page, '.category-banner-count')).toBe('2 packages');
    expect(frames.slice(mark).find((f) => f.startsWith('42["productsUpdate"'))).toBe(
      `42["productsUpdate",{"changed":[],"removed":["${ids.alpha}"]}]`,
    );

    await admin.createProduct(seed('Delta', category.id, 1500));
    await untilNames(page, ['Bravo', 'Charlie', 'Delta']);
    expect(await cardNames(page)).toEqual(['Bravo', 'Charlie', 'Delta']);
    // No whole list after the first: every change came as a delta.
    expect(frames.filter((f) => f.startsWith('42["productsUpdate",{"products":'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
