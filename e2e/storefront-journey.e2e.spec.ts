import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderView } from '../src/shared/ordering';
import { launchBrowser } from './support/browser';
import { adminClient, openStore, startStoreApp, textOf, type ProductRecord } from './support/store';

// The shopper's whole journey in a real browser against the real server (fresh database, sandbox
// payment provider): browse, choose, fill the cart, check out, pay or decline on the provider's
// hosted page, and land on the success or failure screen.

let app: Awaited<ReturnType<typeof startStoreApp>>;
let browser: Browser;
let admin: Awaited<ReturnType<typeof adminClient>>;
const contexts: BrowserContext[] = [];
let category: { id: string; slug: string; name: string };
let stadium: ProductRecord;
let matchDay: ProductRecord;

const LONG_DESCRIPTION =
  'Every league match of the season live in Full HD, with the European cups, the African Cup of Nations and the big fights. ' +
  'Replays for seven days, a multi-screen mode for match nights, and commentary in Arabic, French and English.';
const ENGLISH = { 'store-language': 'en' };

beforeAll(async () => {
  app = await startStoreApp();
  browser = await launchBrowser();
  admin = await adminClient(app.url);
  category = await admin.createCategory('Stadium Sports', 'Live football and more, all season long.');
  stadium = await admin.createProduct({
    name: 'Stadium Pass',
    description: LONG_DESCRIPTION,
    category_id: category.id,
    channels: 320,
    quality: 'Full HD',
    devices: 2,
    popular: true,
    vod: true,
    features: ['All league matches', 'Seven-day replay'],
    price_durations: [
      { duration: 'free trial', price: 0 },
      { duration: '1 month', price: 2000 },
      { duration: '3 months', price: 5400 },
      { duration: '6 months', price: 10000 },
      { duration: '12 months', price: 18000 },
    ],
  });
  matchDay = await admin.createProduct({
    name: 'Match Day',
    description: 'Weekend football.',
    category_id: category.id,
    channels: 80,
    quality: 'HD',
    devices: 5,
    price_durations: [
      { duration: '1 month', price: 1200 },
      { duration: '3 months', price: 3240 },
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

const badge = (page: Page) => page.getByTestId('cart-count');

async function badgeCount(page: Page): Promise<string> {
  await badge(page).waitFor({ state: 'visible' });
  return ((await badge(page).textContent()) ?? '').trim();
}

/** Fills the phone, submits the checkout and waits for the provider's hosted page. */
async function checkOutWith(page: Page, phone: string): Promise<void> {
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
}

const cartWith = (product: ProductRecord, duration: string, price: number, quantity = 1) =>
  JSON.stringify([
    {
      product: { id: product.id, name: product.name, price, duration },
      quantity,
      selectedDuration: duration,
      selectedPrice: price,
    },
  ]);

describe('storefront journey', () => {
  it('home → store → category → product → cart → checkout → sandbox payment → success screen', async () => {
    const { page, errors } = await openStore(browser, app.url, '/', { storage: ENGLISH, contexts });

    // Home: the popular package is featured.
    await page.locator('#featured').getByRole('link', { name: 'Stadium Pass' }).waitFor();
    await page.getByTestId('hero-cta').click();

    // Store: the category card with its package count.
    await page.waitForURL(/\/store$/);
    const card = page.getByTestId('category-list').locator('li', { hasText: 'Stadium Sports' });
    expect(await card.textContent()).toContain('2 packages');
    await card.getByRole('link', { name: 'Stadium Sports' }).click();

    // Category: banner and grid, with a way back to the store.
    await page.waitForURL(new RegExp(`/category/${category.slug}$`));
    await page.getByRole('heading', { level: 1, name: 'Stadium Sports' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the store' }).count()).toBe(1);
    await page.getByTestId('category-products').getByRole('link', { name: 'Stadium Pass' }).click();

    // Product: the first paid duration is chosen; another duration changes the price.
    await page.waitForURL(new RegExp(`/product/${stadium.id}$`));
    await page.getByTestId('product-page').waitFor();
    expect(await textOf(page, '[data-testid="product-price"]')).toBe('2,000 Da');
    const picker = page.getByTestId('duration-picker');
    expect(await picker.locator('[data-duration="6 months"]').textContent()).toContain('Best value');
    expect(await picker.locator('[data-duration="12 months"]').textContent()).toContain('Save 25%');
    await picker.getByText('3 months').click();
    expect(await textOf(page, '[data-testid="product-price"]')).toBe('5,400 Da');
    expect(await picker.getByRole('radio', { name: /3 months/ }).isChecked()).toBe(true);

    // Description cut at 150 characters with read more; specifications; similar packages.
    const description = page.getByTestId('product-description');
    expect(((await description.textContent()) ?? '').length).toBeLessThanOrEqual(151);
    await page.getByRole('button', { name: 'Read more' }).click();
    expect(await description.textContent()).toBe(LONG_DESCRIPTION);
    expect(await page.getByTestId('product-specs').textContent()).toContain('2 devices');
    await page.getByTestId('similar-products').getByRole('link', { name: 'Match Day' }).waitFor();

    // Add to cart: the badge counts it.
    await page.getByTestId('add-to-cart').click();
    expect(await badgeCount(page)).toBe('1');

    // A similar package, 5 devices shown as unlimited, added too.
    await page.getByTestId('similar-products').getByRole('link', { name: 'Match Day' }).click();
    await page.waitForURL(new RegExp(`/product/${matchDay.id}$`));
    // The address changes as the navigation starts; the page follows once its loader has the product.
    await page.getByRole('heading', { level: 1, name: 'Match Day' }).waitFor();
    expect(await page.getByTestId('product-specs').textContent()).toContain('Unlimited');
    expect(await textOf(page, '[data-testid="product-price"]')).toBe('1,200 Da');
    await page.getByTestId('add-to-cart').click();
    expect(await badgeCount(page)).toBe('2');

    // Cart: quantities and the rounded total.
    await page.getByTestId('cart-link').click();
    await page.waitForURL(/\/cart$/);
    const stadiumLine = page.locator(`[data-testid="cart-line"][data-product-id="${stadium.id}"]`);
    const matchLine = page.locator(`[data-testid="cart-line"][data-product-id="${matchDay.id}"]`);
    expect(await stadiumLine.getByTestId('quantity-decrease').isDisabled()).toBe(true);
    await stadiumLine.getByTestId('quantity-increase').click();
    expect(await stadiumLine.getByTestId('quantity-value').textContent()).toBe('2');
    expect(await stadiumLine.getByTestId('quantity-decrease').isDisabled()).toBe(false);
    expect(await matchLine.getByTestId('quantity-decrease').isDisabled()).toBe(true);
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('12,000 Da');
    expect(await page.getByTestId('order-summary').textContent()).toContain('Tax');
    expect(await badgeCount(page)).toBe('3');

    // Checkout: the phone rule, not at the first digit but on leaving the field, once the number could be
    // complete, and on submit; then the provider's page.
    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/checkout$/);
    const phone = page.getByTestId('phone-input');
    const invalid = 'Must be a valid Algerian phone number (starting with 05, 06, or 07 and consisting of 10 digits)';
    await phone.fill('');
    await phone.pressSequentially('0455');
    expect(await page.getByTestId('phone-error').count()).toBe(0);
    await phone.blur();
    expect(await page.getByTestId('phone-error').textContent()).toBe(invalid);
    await phone.fill('');
    await phone.pressSequentially('04551234');
    // Said once, the problem follows the typing.
    expect(await page.getByTestId('phone-error').textContent()).toBe(invalid);
    await phone.fill('');
    await page.reload();
    await phone.pressSequentially('045512345');
    expect(await page.getByTestId('phone-error').count()).toBe(0);
    await phone.pressSequentially('6');
    expect(await page.getByTestId('phone-error').textContent()).toBe(invalid);
    await phone.fill('');
    await page.getByTestId('place-order').click();
    expect(await page.getByTestId('phone-error').textContent()).toBe('Phone number is required');
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await phone.evaluate((el) => el === document.activeElement)).toBe(true);
    // Typed on an Arabic keyboard: Eastern Arabic-Indic digits are the same number.
    await checkOutWith(page, '۰۵۵۵ ۱۲ ۳۴ ۵۶');

    // The sandbox's hosted page, which says first that it is a test: pay.
    expect(await page.locator('.test-banner').textContent()).toContain('TEST PAYMENT');
    expect(await page.locator('.amount').textContent()).toMatch(/12[\s.,\u00a0\u202f]?000/);
    await page.locator('button[name="outcome"][value="paid"]').click();

    // Return page (verifying) with our order and the provider's checkout_id, then the confirmation with the right total.
    await page.waitForURL(/\/payment\/return\?order=[^&]+&checkout_id=/);
    await page.getByTestId('payment-success').or(page.getByTestId('payment-verifying')).first().waitFor();
    await page.waitForURL(/\/order-confirmation\?checkout_id=/, { timeout: 10_000 });
    await page.getByTestId('order-success').waitFor();
    expect(await textOf(page, '[data-testid="order-total"]')).toBe('12,000 Da');
    expect(await textOf(page, '[data-testid="order-status"]')).toBe('Completed');
    expect(await page.getByTestId('order-facts').textContent()).toContain('0555123456');
    expect(await page.getByTestId('order-facts').textContent()).toContain('BaridiMob');
    expect(await badge(page).count()).toBe(0); // the cart was cleared
    expect(await page.evaluate(() => localStorage.getItem('customerPhone'))).toBe('0555123456');
    expect(await page.getByTestId('order-phone-form').count()).toBe(0); // a phone is saved

    // The order by its number, as the shopper would read it out to support; its id stays out of sight.
    const checkoutId = new URL(page.url()).searchParams.get('checkout_id')!;
    const answer = await fetch(new URL(`/api/payment/order/${checkoutId}`, app.url));
    const { order } = (await answer.json()) as { order: CustomerOrderView };
    expect(order.orderNumber).toBeGreaterThan(0);
    expect(await textOf(page, '[data-testid="order-number"]')).toBe(`#${order.orderNumber}`);
    expect(await page.getByTestId('order-success').textContent()).not.toContain(order.dbOrderId);

    // Collapsible items and support box.
    const items = page.getByTestId('order-items');
    expect(await items.getByText('Stadium Pass').isVisible()).toBe(false);
    await items.getByRole('button').click();
    expect(await items.getByText('Stadium Pass').isVisible()).toBe(true);
    expect(await items.textContent()).toContain('Duration: 3 months');
    const support = page.getByTestId('support-box');
    await support.getByRole('button').click();
    const whatsapp = (await support.getByTestId('support-whatsapp').getAttribute('href'))!;
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(new URL(whatsapp).searchParams.get('text')).toContain(`my order #${order.orderNumber}.`);
    expect(await support.getByTestId('support-call').getAttribute('href')).toMatch(/^tel:/);
    const mail = (await support.getByTestId('support-email').getAttribute('href'))!;
    expect(mail).toMatch(/^mailto:/);
    expect(new URL(mail).searchParams.get('subject')).toBe(`My order #${order.orderNumber}`);

    // The screen survives a reload.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('order-success').waitFor();
    expect(await textOf(page, '[data-testid="order-total"]')).toBe('12,000 Da');
    expect(errors).toEqual([]);
  });

  it('a declined payment ends on the failure screen with its details, and the cart is kept', async () => {
    const { page, errors } = await openStore(browser, app.url, '/checkout', {
      storage: { ...ENGLISH, cart: cartWith(matchDay, '1 month', 1200), customerPhone: '0661234567' },
      contexts,
    });
    // The phone is remembered and prefilled.
    expect(await page.getByTestId('phone-input').inputValue()).toBe('0661234567');
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
    await page.locator('button[name="outcome"][value="failed"]').click();

    await page.waitForURL(/\/payment\/failure\?/, { timeout: 10_000 });
    await page.getByTestId('failure-verifying').waitFor(); // the ~1.5 s verifying spinner first
    await page.getByTestId('payment-failure').waitFor({ timeout: 5000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment Failed');
    expect(await page.getByTestId('payment-failure').textContent()).toContain('We were unable to process your payment');
    expect(await page.getByTestId('failure-error').textContent()).toBe(
      'Payment verification failed or payment is still processing',
    );
    expect(await page.getByTestId('failure-code').textContent()).toBe('failed');
    expect(await page.locator('.toast-error').first().textContent()).toContain('Payment verification failed');
    expect(await page.getByTestId('failure-retry').getAttribute('href')).toBe('/checkout');
    expect(await page.getByTestId('failure-contact').getAttribute('href')).toMatch(/^mailto:[^?]+@[^?]+\?subject=/);
    expect(await page.getByRole('link', { name: 'Return home' }).getAttribute('href')).toBe('/');
    expect(await badgeCount(page)).toBe('1');

    // Try again leads back to the checkout with the same cart.
    await page.getByTestId('failure-retry').click();
    await page.waitForURL(/\/checkout$/);
    expect(errors).toEqual([]);
  });

  it('a price changed by an admin shows on the open product page and in the cart without a reload', async () => {
    const product = await admin.createProduct({
      name: 'Live Price',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 1500 }],
    });
    const { page, errors } = await openStore(browser, app.url, `/product/${product.id}`, {
      storage: ENGLISH,
      contexts,
    });
    await page.getByTestId('product-page').waitFor();
    expect(await textOf(page, '[data-testid="product-price"]')).toBe('1,500 Da');
    await page.getByTestId('add-to-cart').click();
    // Whether the live connection opens before or after the change, the page ends up right: a
    // connection asks for the current catalogue, and every change is pushed.

    await admin.updateProduct(product.id, { price_durations: [{ duration: '1 month', price: 1700 }] });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="product-price"]')?.textContent?.replace(/\D/g, '') === '1700',
      undefined,
      { timeout: 10_000 },
    );
    await page.getByTestId('cart-link').click();
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('1,700 Da');
    expect(errors).toEqual([]);
  });

  it('the cart names a package no longer sold and a changed price, and Remove and Clear can be undone', async () => {
    const [kept, dropped] = [
      await admin.createProduct({
        name: 'Kept Pack',
        category_id: category.id,
        price_durations: [{ duration: '1 month', price: 1000 }],
      }),
      await admin.createProduct({
        name: 'Dropped Pack',
        category_id: category.id,
        price_durations: [{ duration: '1 month', price: 800 }],
      }),
    ];
    await admin.updateProduct(kept.id, { price_durations: [{ duration: '1 month', price: 1200 }] });
    await admin.updateProduct(dropped.id, { active: false } as never);
    const stored = [...JSON.parse(cartWith(kept, '1 month', 1000)), ...JSON.parse(cartWith(dropped, '1 month', 800))];
    const { page, errors } = await openStore(browser, app.url, '/cart', {
      storage: { ...ENGLISH, cart: JSON.stringify(stored) },
      contexts,
    });
    const unavailable = page.getByTestId('cart-unavailable');
    await unavailable.waitFor();
    expect(await textOf(page, '[data-testid="cart-unavailable"] li')).toBe(
      'Dropped Pack (1 month) is no longer sold: remove it to check out.',
    );
    expect(await page.getByTestId('checkout-button').isDisabled()).toBe(true);
    expect(await textOf(page, '[data-testid="cart-repriced"] li')).toBe('Kept Pack (1 month): 1,000 Da → 1,200 Da');
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('2,000 Da');

    // Remove, then Undo: the line is back; removed again, checkout opens.
    const droppedLine = page.locator(`[data-testid="cart-line"][data-product-id="${dropped.id}"]`);
    await droppedLine.locator('.cart-remove').click();
    await droppedLine.waitFor({ state: 'detached' });
    expect(await textOf(page, '.toast-area .toast-message')).toBe('Dropped Pack was removed from the cart');
    await page.getByTestId('toast-action').click();
    await droppedLine.waitFor();
    await droppedLine.locator('.cart-remove').click();
    await unavailable.waitFor({ state: 'detached' });
    expect(await page.getByTestId('checkout-button').getAttribute('href')).toBe('/checkout');

    // The price change, once seen, is no longer said.
    await page.getByTestId('cart-repriced').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('cart-repriced').waitFor({ state: 'detached' });

    // Clear cart, then Undo.
    await page.getByTestId('cart-clear').click();
    await page.getByTestId('cart-empty').waitFor();
    await page.getByTestId('toast-action').last().click();
    await page.locator(`[data-testid="cart-line"][data-product-id="${kept.id}"]`).waitFor();
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('1,200 Da');
    expect(errors).toEqual([]);
  });

  it('a stale cart meets the server’s new total (409): the message, the new total and fresh prices', async () => {
    const product = await admin.createProduct({
      name: 'Repriced',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: 900 }],
    });
    const { page, errors } = await openStore(browser, app.url, '/checkout', {
      storage: { ...ENGLISH, cart: cartWith(product, '1 month', 700, 2), customerPhone: '0771234567' },
      contexts,
      // No live connection in this profile: the cart keeps its stale price until checkout.
      setup: async (context) => {
        await context.route('**/socket.io/**', (route) => route.abort());
        await context.routeWebSocket(/socket\.io/, (ws) => ws.close());
      },
    });
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('1,400 Da');
    await page.getByTestId('place-order').click();
    const problem = page.getByTestId('checkout-problem');
    await problem.waitFor();
    expect(await textOf(page, '[data-testid="checkout-problem"]')).toContain('New total: 1,800 Da');
    expect(await textOf(page, '[data-testid="cart-total"]')).toBe('1,800 Da');
    // With the fresh prices, the checkout goes through.
    await page.getByTestId('place-order').click();
    await page.waitForURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  it('shows the not-found and error states', async () => {
    const { page } = await openStore(browser, app.url, '/product/no-such-product', { storage: ENGLISH, contexts });
    await page.getByTestId('product-not-found').waitFor();
    expect(await page.getByTestId('product-not-found').textContent()).toContain('Product Not Found');
    expect(await page.getByTestId('product-not-found').textContent()).toContain(
      "Sorry, the product you're looking for doesn't exist or has been removed.",
    );
    await page.getByTestId('product-not-found').getByRole('link', { name: 'Back to home' }).waitFor();

    await page.goto(new URL('/category/no-such-category', app.url).toString());
    await page.getByTestId('category-not-found').waitFor();
    expect(await page.getByTestId('category-not-found').textContent()).toContain('Category not found');

    await page.goto(new URL('/category/', app.url).toString());
    await page.getByTestId('category-invalid').waitFor();
    expect(await page.getByTestId('category-invalid').textContent()).toContain('Invalid category ID');

    await page.goto(new URL('/cart', app.url).toString());
    expect(await page.getByTestId('cart-empty').textContent()).toContain('Your cart is empty');

    await page.goto(new URL('/checkout', app.url).toString());
    await page.waitForURL(/\/cart$/);

    await page.goto(new URL('/payment/success', app.url).toString());
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(new URL('/payment/return', app.url).toString());
    await page.waitForURL(/\/payment\/failure\?/);
    await page.getByTestId('payment-failure').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('failure-error').textContent()).toBe('No checkout ID found in URL');
  });
});
