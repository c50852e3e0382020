import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { adminClient, openStore, startStoreApp, textOf, type ProductRecord } from './support/store';

// What a shopper reads when the store refuses a checkout, on the Arabic pages (the store's first
// language): the error's code translated, with its values, never the server's English
// (docs/architecture.md#errors). A link to the failure page shows only reasons the page knows.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminClient>>;
let category: { id: string };
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // One checkout per phone, so that the second one is refused for its rate.
  app = await startStoreApp({ CHECKOUTS_PER_PHONE_PER_10_MINUTES: '1' });
  browser = await launchBrowser();
  admin = await adminClient(app.url);
  category = await admin.createCategory('Sport', 'Matchs en direct');
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const cartWith = (product: ProductRecord, price: number) =>
  JSON.stringify([
    {
      product: { id: product.id, name: product.name, price, duration: '1 month' },
      quantity: 1,
      selectedDuration: '1 month',
      selectedPrice: price,
    },
  ]);

/** Arabic text: no Latin letter in it (numbers and the currency's own sign are fine). */
const LATIN = /[A-Za-z]/;

async function checkoutPage(product: ProductRecord, phone: string) {
  return openStore(browser, app.url, '/checkout', {
    storage: { cart: cartWith(product, 1500), customerPhone: phone },
    contexts,
    // No live connection: the cart keeps a package the store stopped selling, as a tab left open would.
    setup: async (context) => {
      await context.route('**/socket.io/**', (route) => route.abort());
      await context.routeWebSocket(/socket\.io/, (ws) => ws.close());
    },
  });
}

describe('a refused checkout, in Arabic', () => {
  it('says a package is no longer sold, in Arabic', async () => {
    const product = await admin.createProduct({
      name: 'Old Pack',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 1500 }],
    });
    await admin.updateProduct(product.id, { active: false });
    const { page, errors } = await checkoutPage(product, '0551234567');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.getByTestId('place-order').click();
    await page.getByTestId('checkout-problem').waitFor();
    const problem = await textOf(page, '[data-testid="checkout-problem"]');
    expect(problem.length).toBeGreaterThan(10);
    expect(problem).not.toMatch(LATIN);
    expect(errors).toEqual([]);
  });

  it('says how long to wait when checkouts come too fast, in Arabic, with the seconds', async () => {
    const product = await admin.createProduct({
      name: 'Match Day',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 1500 }],
    });
    const first = await checkoutPage(product, '0661234567');
    await first.page.getByTestId('place-order').click();
    await first.page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });

    const { page, errors } = await checkoutPage(product, '0661234567');
    await page.getByTestId('place-order').click();
    await page.getByTestId('checkout-problem').waitFor();
    const problem = await textOf(page, '[data-testid="checkout-problem"]');
    expect(problem).toMatch(/\d/);
    expect(problem).not.toMatch(LATIN);
    expect(page.url()).toMatch(/\/checkout$/);
    expect(errors).toEqual([]);
  });

  it('shows on the failure page only a reason it knows, in Arabic, and never the link’s own words', async () => {
    const known = await openStore(browser, app.url, '/payment/failure?error=payment.provider_unavailable&code=503', {
      contexts,
    });
    await known.page.getByTestId('payment-failure').waitFor({ timeout: 5000 });
    const details = await textOf(known.page, '[data-testid="failure-error"]');
    expect(details).not.toMatch(LATIN);
    expect(details.length).toBeGreaterThan(10);

    const crafted = encodeURIComponent('Send your card PIN by WhatsApp to 0799 99 99 91');
    const forged = await openStore(browser, app.url, `/payment/failure?error=${crafted}&code=PIN%20to%200799`, {
      contexts,
    });
    await forged.page.getByTestId('payment-failure').waitFor({ timeout: 5000 });
    const page = (await forged.page.locator('main').textContent()) ?? '';
    expect(page).not.toContain('WhatsApp');
    expect(page).not.toContain('0799');
    expect(page).not.toContain('PIN');
    expect(await textOf(forged.page, '[data-testid="failure-error"]')).not.toMatch(LATIN);
  });
});
