import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage } from './support/admin';

// Free trials in a real browser (docs/product.md#free-trials): the shopper's checkout of a trial
// (no payment page, straight to the order's page), its refusals in the shopper's language, the cart
// keeping a trial alone and at one, and the back office marking trials. SCREENSHOTS_DIR saves the
// pictures of the checkout and the admin screens.

const suite = adminBrowserSuite();
const screenshots = process.env.SCREENSHOTS_DIR;
let gold: { id: string; name: string };
const COLOR_SCHEMES = ['light', 'dark'] as const;

beforeAll(async () => {
  const category = await suite.shop.createCategory('Trials');
  gold = await suite.shop.createProduct({
    name: 'Gold',
    category_id: category.id,
    price_durations: [
      { duration: 'free trial', price: 0 },
      { duration: '1 month', price: 2000 },
    ],
  });
});

const cartOf = (lines: { duration: string; price: number; quantity?: number }[]) =>
  JSON.stringify(
    lines.map(({ duration, price, quantity = 1 }) => ({
      product: { id: gold.id, name: gold.name, price: 2000, duration: '1 month' },
      quantity,
      selectedDuration: duration,
      selectedPrice: price,
    })),
  );
const trialCart = () => cartOf([{ duration: 'free trial', price: 0 }]);

/** A store page of a fresh profile, at a phone's width, in `language` and `colorScheme`. */
async function openShop(pathname: string, language: string, colorScheme: 'light' | 'dark', cart?: string) {
  const storage: Record<string, string> = { 'store-language': language, ...(cart ? { cart } : {}) };
  const opened = await suite.open(pathname, { storage, colorScheme, width: 390 });
  await opened.page.locator('header.site-header').waitFor({ state: 'visible' });
  return opened;
}

const shot = async (page: Page, name: string) => {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
};

/** A shopper's free trial of Gold, through the API. */
const startTrial = (phone: string) =>
  fetch(`${suite.url}/api/payment/create-checkout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount: 0, phone, items: [{ productId: gold.id, duration: 'free trial', quantity: 1 }] }),
  });

/** The stored cart as the test wrote it: the package names by language the cart adds from the catalogue left out. */
const storedCart = async (page: Page) => {
  const lines = JSON.parse((await page.evaluate(() => localStorage.getItem('cart'))) ?? 'null') as
    { product: Record<string, unknown> }[] | null;
  return JSON.stringify(
    lines?.map(({ product: { names: _names, defaultLanguage: _language, ...product }, ...line }) => ({
      product,
      ...line,
    })),
  );
};

describe('the shopper’s free trial', () => {
  it('is chosen on the product page, checked out without payment and opens the order’s page (Arabic)', async () => {
    const { page, errors } = await openShop(`/product/${gold.id}`, 'ar', 'light');
    await page.getByTestId('duration-picker').locator('[data-duration="free trial"]').click();
    await page.getByTestId('buy-now').click();
    await page.waitForURL(/\/checkout$/);
    const button = page.getByTestId('place-order');
    expect(plain(await button.textContent())).toBe('ابدأ تجربتي المجانية');
    expect(plain(await page.getByTestId('checkout-trial').textContent())).toContain('تجربة مجانية، لا شيء للدفع');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'trial-checkout-ar-light');

    await page.getByTestId('phone-input').fill('0550 11 22 33');
    await button.click();
    await page.waitForURL(/\/orders\/[A-Za-z0-9_-]{43}$/, { timeout: 15_000 });
    expect(await storedCart(page)).toBe('[]');
    // The order's page says it is a free trial being activated, nothing paid.
    const status = page.getByTestId('order-page-status');
    await status.waitFor();
    expect(plain(await status.textContent())).toContain('تم تأكيد تجربتك المجانية، لا شيء للدفع.');
    expect(plain(await page.locator('.order-progress').textContent())).toContain('تجربة مجانية');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'trial-order-page-ar-light');
    const token = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const answer = await fetch(`${suite.url}/api/orders/${token}`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).order).toMatchObject({ trial: true, status: 'completed', total: 0 });
    expect(errors).toEqual([]);
  });

  const usedPhone = '0550445566';
  beforeAll(async () => {
    expect((await startTrial(usedPhone)).status).toBe(200);
  });

  it.each([
    ['fr', 'Ce numéro de téléphone a déjà bénéficié d’un essai gratuit. Un nouvel essai sera possible dans 365 jours.'],
    ['en', 'This phone number has already had a free trial. Another one will be possible in 365 days.'],
    ['ar', 'استفاد رقم الهاتف هذا من تجربة مجانية من قبل. ستكون تجربة أخرى ممكنة بعد 365 يومًا.'],
  ])('says in %s that the phone already had its trial, and keeps the cart', async (language, refusal) => {
    const { page } = await openShop('/checkout', language, 'light', trialCart());
    await page.getByTestId('phone-input').fill(usedPhone);
    await page.getByTestId('place-order').click();
    const problem = page.getByTestId('checkout-problem');
    await problem.waitFor();
    expect(plain(await problem.textContent())).toBe(refusal);
    expect(await storedCart(page)).toBe(trialCart());
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps a trial alone in the cart and at one unit', async () => {
    const paidCart = cartOf([{ duration: '1 month', price: 2000 }]);
    const { page } = await openShop(`/product/${gold.id}`, 'en', 'light', paidCart);
    await page.getByTestId('duration-picker').locator('[data-duration="free trial"]').click();
    await page.getByTestId('add-to-cart').click();
    await page
      .getByRole('alert')
      .getByText('A free trial is ordered on its own: check out or empty your cart first.')
      .waitFor();
    expect(await storedCart(page)).toBe(paidCart);

    await page.goto(`${suite.url}/cart`);
    await page.evaluate((cart) => localStorage.setItem('cart', cart), trialCart());
    await page.reload();
    await page.getByTestId('cart-line').waitFor();
    expect(await page.getByTestId('quantity-increase').isDisabled()).toBe(true);
  });

  describe.runIf(screenshots)('screenshots', () => {
    it.each(['ar', 'fr', 'en'])('of the trial checkout in %s, light and dark', async (language) => {
      for (const colorScheme of COLOR_SCHEMES) {
        const { page } = await openShop('/checkout', language, colorScheme, trialCart());
        await page.getByTestId('checkout-trial').waitFor();
        await shot(page, `trial-checkout-${language}-${colorScheme}`);
      }
    });
  });
});

describe('trials in the back office', () => {
  let trialId: string;
  let trialNumber: number;
  let paidId: string;
  beforeAll(async () => {
    const started = await startTrial('0770998877');
    expect(started.status).toBe(200);
    ({ id: trialId, number: trialNumber } = (
      (await started.json()) as { order: { id: string; number: number } }
    ).order);
    paidId = (await suite.shop.placeOrder(gold.id, 2000, { phone: '0770998866' })).orderId;
  });

  const openSignedIn = async (pathname: string, language: string, colorScheme: 'light' | 'dark') => {
    const storage = { ...(await signedInStorage(suite.url, TEST_ADMIN)), 'admin-language': language };
    return suite.open(pathname, { storage, colorScheme });
  };

  it.each([
    ['ar', 'تجربة مجانية', 'التجارب المجانية'],
    ['fr', 'Essai gratuit', 'Essais gratuits'],
    ['en', 'Free trial', 'Free trials'],
  ])(
    'marks the trial in the list and the detail, and counts it on the dashboard (%s)',
    async (language, badge, card) => {
      for (const colorScheme of COLOR_SCHEMES) {
        const { page } = await openSignedIn('/admin/orders', language, colorScheme);
        const row = page.locator(`tr[data-row-id="${trialId}"]`);
        await row.waitFor();
        expect(plain(await row.getByTestId('trial-badge').textContent())).toBe(badge);
        // A paid order is not marked.
        expect(await page.locator(`tr[data-row-id="${paidId}"]`).getByTestId('trial-badge').count()).toBe(0);
        expect(await seriousViolations(page), `list, ${language}, ${colorScheme}`).toEqual([]);
        await shot(page, `trial-orders-${language}-${colorScheme}`);

        await page.goto(`${suite.url}/admin/orders?id=${trialId}`);
        await page.getByTestId('order-detail-body').waitFor();
        const title = page.getByTestId('order-detail').locator('.modal-title');
        expect(plain(await title.textContent())).toContain(`#${trialNumber}`);
        expect(plain(await title.getByTestId('trial-badge').textContent())).toBe(badge);
        expect(await seriousViolations(page), `detail, ${language}, ${colorScheme}`).toEqual([]);
        await shot(page, `trial-detail-${language}-${colorScheme}`);

        await page.goto(`${suite.url}/admin`);
        const trials = page.getByTestId('stat-trials');
        await trials.waitFor();
        expect(plain(await trials.textContent())).toContain(card);
        const { stats } = await suite.shop.api<{ stats: { trialsCount: number } }>('GET', '/api/admin/dashboard/stats');
        expect(stats.trialsCount).toBeGreaterThan(0);
        expect(plain(await trials.locator('.admin-stat-value').textContent())).toBe(String(stats.trialsCount));
        expect(await seriousViolations(page), `dashboard, ${language}, ${colorScheme}`).toEqual([]);
        await shot(page, `trial-dashboard-${language}-${colorScheme}`);
      }
    },
  );
});
