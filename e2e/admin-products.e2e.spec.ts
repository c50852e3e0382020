import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import {
  adminBrowserSuite,
  documentState,
  liveUpdatesOn,
  plain,
  rowsWithActionsOutOfView,
  seriousViolations,
  submitSignIn,
  type AdminOpenOptions,
} from './support/admin';
import type { Credentials, SeedProduct } from './support/shop';
import { textOf } from './support/store';

// /admin/products in a real browser against the real server (fresh database, web/dist): a product
// made through the form (three durations, their default prices, no duration twice, an image) as
// the store then shows it; the list (5 a page, inactive products, the status switch, prices and
// delete modals); bulk change-category and bulk delete; two admins saving the same product;
// another admin's new product arriving live; the form by keyboard alone; axe-core in English and
// Arabic. SCREENSHOTS_DIR=docs/screenshots also saves the README's pictures.

const suite = adminBrowserSuite();

const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

/** A fresh profile at `pathAndSearch`, signed in there (as `who`, the test administrator by default). */
async function openSignedIn(pathAndSearch: string, options: AdminOpenOptions = {}, who: Credentials = TEST_ADMIN) {
  const opened = await suite.open(pathAndSearch, options);
  // A step that cannot happen fails on its own, well before the test's time is up.
  opened.page.setDefaultTimeout(10_000);
  await submitSignIn(opened.page, who.username, who.password);
  return opened;
}

async function openProducts(search = '', options: AdminOpenOptions = {}, who?: Credentials) {
  const opened = await openSignedIn(`/admin/products${search}`, options, who);
  await opened.page.getByTestId('products-table').waitFor();
  return opened;
}

interface AdminProduct {
  id: string;
  name: string;
  category_id: string;
  channels: number;
  active: boolean;
  version: number;
  featuredImage: string | null;
  priceDurations: { duration: string; price: number; active: boolean }[];
}

const adminProducts = async () =>
  (await suite.shop.api<{ products: AdminProduct[] }>('GET', '/api/admin/products')).products;
const adminProduct = async (name: string) => (await adminProducts()).find((p) => p.name === name);

const TRIAL_FIRST = [
  { duration: 'free trial', price: 0 },
  { duration: '1 month', price: 1500 },
];

const seed = (name: string, categoryId: string, extra: Partial<SeedProduct> = {}) =>
  suite.shop.createProduct({
    name,
    category_id: categoryId,
    price_durations: [{ duration: '1 month', price: 1500 }],
    ...extra,
  });

const png = (width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: '#2d6cdf' } })
    .png()
    .toBuffer();

const toasts = async (page: Page) => plain(await page.locator('.toast-area').textContent());
const listRow = (page: Page, name: string) =>
  page.getByTestId('products-table').locator('tbody tr').filter({ hasText: name });
const priceRows = (page: Page) => page.getByTestId('price-row');
const rowDurations = (page: Page) =>
  priceRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-duration')));
const rowPrices = (page: Page) =>
  page.getByTestId('price-row-price').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** "Add a duration", then the duration chosen in the new row's menu. */
async function addDuration(page: Page, duration: string) {
  await page.getByTestId('price-add').click();
  await page
    .locator('[data-testid="price-row"][data-duration=""] [data-testid="price-row-duration"]')
    .selectOption(duration);
}

describe('the product form', () => {
  it('creates a product with three durations and an image that the store shows at those prices, in order', async () => {
    const sports = await suite.shop.createCategory(unique('Sports'));
    await suite.shop.createCategory(unique('Cinema'));
    const name = unique('Stade Max');
    const { page, errors } = await openProducts();

    await page.getByTestId('product-add').click();
    const form = page.getByTestId('product-form-modal');
    await form.getByTestId('product-form').waitFor();
    expect(new URL(page.url()).searchParams.get('form')).toBe('new');

    // Blank, it says what is missing next to each field.
    await page.getByTestId('product-form-save').click();
    expect(plain(await form.getByTestId('product-form-name-error').textContent())).toBe(
      "The name in French, the shop's default language, is required.",
    );
    expect(plain(await form.getByTestId('price-row-error').textContent())).toBe(
      'Prices must be whole numbers of at least 0',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('product-form-name');

    await form.getByTestId('product-form-name').fill(name);
    await form.getByTestId('product-form-description').fill('Every match, live.');
    await form.getByTestId('product-form-category').selectOption(sports.id);
    await form.getByTestId('product-form-channels').fill('320');
    await form.getByTestId('product-form-quality').selectOption('4K');
    await form.getByTestId('product-form-devices').fill('5');
    expect(plain(await form.getByText('Shown in the store as:').textContent())).toContain('unlimited devices');
    await form.getByTestId('product-form-popular').check();
    await form.getByTestId('product-form-feature').first().fill('Every league');
    await form.getByTestId('product-form-add-feature').click();
    await form.getByTestId('product-form-feature').nth(1).fill('   ');

    // The first row's price is the base price; every duration added is priced from it (docs/product.md#validation).
    await form.getByTestId('price-row-price').first().fill('2000');
    expect(plain(await form.getByTestId('price-base').textContent())).toBe(
      'Base price: 2,000 Da for 1 month (the first duration’s).',
    );
    for (const duration of ['life time', '3 months', 'free trial', '12 months', '6 months', '15 months'])
      await addDuration(page, duration);
    expect(await rowDurations(page)).toEqual([
      'free trial',
      '1 month',
      '3 months',
      '6 months',
      '12 months',
      '15 months',
      'life time',
    ]);
    expect(await rowPrices(page)).toEqual(['0', '2000', '5400', '10000', '18000', '22000', '40000']);
    // Every duration is there: none can be added again.
    expect(await form.getByTestId('price-add').isDisabled()).toBe(true);
    await form.getByText('Every duration is already in the list.').waitFor();

    // Back to three: 1 month, 3 months, 12 months.
    for (const duration of ['free trial', '6 months', '15 months', 'life time'])
      await form
        .locator(`[data-testid="price-row"][data-duration="${duration}"] [data-testid="price-row-remove"]`)
        .click();
    expect(await rowDurations(page)).toEqual(['1 month', '3 months', '12 months']);

    // A new row's menu offers only durations no row holds: a duration cannot be added twice.
    await form.getByTestId('price-add').click();
    const blank = form.locator('[data-testid="price-row"][data-duration=""] [data-testid="price-row-duration"]');
    const offered = await blank
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toEqual(['', 'free trial', '6 months', '15 months', 'life time']);
    await expect(blank.selectOption('3 months', { timeout: 1000 })).rejects.toThrow();
    // A row left without a duration is not saved (it is removed here anyway).
    await form.locator('[data-testid="price-row"][data-duration=""] [data-testid="price-row-remove"]').click();
    await form.locator('[data-duration="3 months"] [data-testid="price-row-price"]').fill('5000');

    // An image over 2 MB is refused before any upload; a small one is previewed.
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/products') && request.method() === 'POST') uploads.push(request.url());
    });
    await form.getByTestId('product-form-image').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1),
    });
    expect(plain(await form.getByTestId('product-form-image-error').textContent())).toBe(
      'Image size exceeds 2MB limit. Please choose a smaller file.',
    );
    expect(uploads).toEqual([]);
    await form
      .getByTestId('product-form-image')
      .setInputFiles({ name: 'stade.png', mimeType: 'image/png', buffer: await png() });
    await form.getByTestId('product-form-image-preview').waitFor();
    expect(await form.getByTestId('product-form-image-error').count()).toBe(0);

    await page.getByTestId('product-form-save').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => toasts(page)).toContain(`Product "${name}" has been created successfully`);
    await listRow(page, name).waitFor();
    expect(uploads).toHaveLength(1);

    const saved = (await adminProduct(name))!;
    expect(saved).toMatchObject({ category_id: sports.id, channels: 320, active: true });
    expect(saved.featuredImage).toMatch(/^\/media\//);
    expect(saved.priceDurations).toEqual([
      { duration: '1 month', price: 2000, active: true },
      { duration: '3 months', price: 5000, active: true },
      { duration: '12 months', price: 18000, active: true },
    ]);

    // The store: the three durations in the canonical order, at those prices, and the image.
    const store = await suite.openStore(`/product/${saved.id}`, { storage: { 'store-language': 'en' } });
    const picker = store.page.getByTestId('duration-picker');
    await picker.waitFor();
    const options = await picker
      .locator('.duration-option')
      .evaluateAll((labels) =>
        labels.map((label) => [
          label.getAttribute('data-duration'),
          (label.querySelector('.duration-price')?.textContent ?? '')
            .replace(/[\u2068\u2069]/g, '')
            .replace(/[\u00a0\u202f]/g, ' '),
        ]),
      );
    expect(options).toEqual([
      ['1 month', '2,000 Da'],
      ['3 months', '5,000 Da'],
      ['12 months', '18,000 Da'],
    ]);
    await picker.locator('[data-duration="12 months"]').click();
    expect(await textOf(store.page, '[data-testid="product-price"]')).toBe('18,000 Da');
    expect(await store.page.locator(`img[src^="/media/"]`).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('edits a product on its own page, keeping what was not changed, and can deactivate a duration', async () => {
    const category = await suite.shop.createCategory(unique('Kids'));
    const product = await seed(unique('Cartoons'), category.id, {
      channels: 40,
      features: ['Cartoons', 'Safe'],
      price_durations: [
        { duration: '1 month', price: 900 },
        { duration: '6 months', price: 4500 },
      ],
    });
    const { page, errors } = await openSignedIn(`/admin/products/edit/${product.id}`);
    const form = page.getByTestId('product-form');
    await form.waitFor();
    expect(await form.getByTestId('product-form-name').inputValue()).toBe(product.name);
    expect(await rowDurations(page)).toEqual(['1 month', '6 months']);
    expect(plain(await form.getByTestId('price-base').textContent())).toContain('900 Da for 1 month');

    // The first row's duration becomes the base duration; a price typed there, the base price.
    await form.locator('[data-duration="1 month"] [data-testid="price-row-price"]').fill('1000');
    await form.locator('[data-duration="6 months"] [data-testid="price-row-active"]').uncheck();
    await addDuration(page, '3 months');
    expect(await rowPrices(page)).toEqual(['1000', '2700', '4500']);
    await form.getByTestId('product-form-channels').fill('-1');
    await form.getByTestId('product-form-channels').blur();
    expect(plain(await form.getByTestId('product-form-channels-error').textContent())).toBe(
      'Channels must be a whole number of at least 0',
    );
    await form.getByTestId('product-form-channels').fill('45');

    await page.getByTestId('product-form-save').click();
    await page.waitForURL((url) => url.pathname === '/admin/products');
    await expect.poll(() => toasts(page)).toContain(`Product "${product.name}" has been updated successfully`);
    const saved = (await adminProduct(product.name))!;
    expect(saved).toMatchObject({ channels: 45, category_id: category.id });
    expect(saved.priceDurations).toEqual([
      { duration: '1 month', price: 1000, active: true },
      { duration: '3 months', price: 2700, active: true },
      { duration: '6 months', price: 4500, active: false },
    ]);

    // An id that names no product.
    await page.goto(`${suite.url}/admin/products/edit/no-such-product`);
    await page.getByTestId('product-form-missing').getByText('Product not found').waitFor();
    expect(errors).toEqual([]);
  });

  it('can be filled in and saved with the keyboard alone', async () => {
    const category = await suite.shop.createCategory(unique('Keys'));
    const name = unique('Keyboard');
    const { page, errors } = await openSignedIn('/admin/products/new');
    await page.getByTestId('product-form').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
    /** Tabs until the element with `testId` has focus (failing after `max` presses). */
    const tabTo = async (testId: string, max = 40) => {
      for (let i = 0; i < max && (await focused()) !== testId; i++) await page.keyboard.press('Tab');
      expect(await focused()).toBe(testId);
    };

    await tabTo('product-form-name');
    await page.keyboard.type(name);
    await tabTo('product-form-category');
    await page.keyboard.press('End');
    await tabTo('product-form-channels');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('12');
    await tabTo('product-form-vod');
    await page.keyboard.press('Space');
    await tabTo('price-row-price');
    await page.keyboard.type('3000');
    // "Add a duration" puts focus on the new row's menu; arrows choose, the price follows.
    await tabTo('price-add');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('price-row-duration');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('price-row-duration');
    // Free trial, then 3 months (1 month is taken): the row went up, then back down, focus with it.
    expect(await rowDurations(page)).toEqual(['1 month', '3 months']);
    expect(await rowPrices(page)).toEqual(['3000', '8100']);
    await tabTo('product-form-feature');
    await page.keyboard.type('Keyboard friendly');
    await tabTo('product-form-save');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/products');

    const saved = (await adminProduct(name))!;
    expect(saved).toMatchObject({ channels: 12, category_id: category.id });
    expect(saved.priceDurations.map((d) => [d.duration, d.price])).toEqual([
      ['1 month', 3000],
      ['3 months', 8100],
    ]);
    expect(errors).toEqual([]);
  });
});

describe('the products list', () => {
  it('pages 5 at a time, shows inactive products, switches status after a confirmation, shows prices, deletes', async () => {
    const category = await suite.shop.createCategory(unique('Paged'));
    const prefix = unique('Paged');
    const names = Array.from({ length: 7 }, (_, i) => `${prefix} ${i + 1}`);
    // The newest offers a free trial first: the list shows its first paid duration, and the trial as a badge.
    for (const name of names) await seed(name, category.id, name === names[6] ? { price_durations: TRIAL_FIRST } : {});
    await suite.shop.updateProduct((await adminProduct(names[0]!))!.id, { active: false } as never);
    const { page, errors } = await openProducts(`?search=${encodeURIComponent(prefix)}`);
    const pager = page.getByTestId('products-pager');

    expect(await page.getByTestId('products-table').locator('tbody tr').count()).toBe(5);
    const withTrial = listRow(page, names[6]!);
    expect(plain(await withTrial.getByTestId('product-price').textContent())).toBe('1,500 Da / 1 month');
    expect(plain(await withTrial.getByTestId('product-free-trial').textContent())).toBe('Free trial');
    expect(await listRow(page, names[5]!).getByTestId('product-free-trial').count()).toBe(0);
    expect(plain(await pager.locator('.admin-pager-summary').textContent())).toBe('Showing 1 to 5 of 7 products');
    expect(await pager.getByRole('button', { name: /^Page \d$/ }).count()).toBe(2);
    // Newest first; the inactive one (the oldest) is on page 2.
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    expect(await page.getByTestId('product-name').allTextContents()).toEqual([names[1], names[0]]);
    const inactive = listRow(page, names[0]!).getByTestId('product-status');
    expect(plain(await inactive.textContent())).toBe('Inactive');

    // The status badge: a confirmation, then the product is active again.
    await inactive.click();
    const statusModal = page.getByTestId('product-status-modal');
    await statusModal.getByText('will show in the store again').waitFor();
    await statusModal.getByTestId('product-status-modal-confirm').click();
    await statusModal.waitFor({ state: 'detached' });
    await expect.poll(async () => plain(await inactive.textContent())).toBe('Active');
    expect((await adminProduct(names[0]!))!.active).toBe(true);
    // Cancelling changes nothing.
    await inactive.click();
    await page.getByTestId('product-status-modal').getByRole('button', { name: 'Cancel' }).click();
    expect((await adminProduct(names[0]!))!.active).toBe(true);

    // The prices modal.
    await listRow(page, names[1]!).getByTestId('product-prices').click();
    const prices = page.getByTestId('product-prices-modal');
    expect(plain(await prices.getByTestId('product-price-row').textContent())).toContain('1 month1,500 DaOffered');
    await page.keyboard.press('Escape');
    await prices.waitFor({ state: 'detached' });

    // Delete: a confirmation naming it, then gone from the list and the store.
    await listRow(page, names[1]!).getByTestId('product-delete').click();
    const remove = page.getByTestId('product-delete-modal');
    await remove.waitFor();
    expect(plain(await remove.locator('.modal-body').textContent())).toContain(
      `Are you sure you want to delete “${names[1]}”?`,
    );
    await remove.getByTestId('product-delete-modal-confirm').click();
    await expect.poll(() => toasts(page)).toContain(`Product "${names[1]}" has been deleted successfully`);
    await listRow(page, names[1]!).waitFor({ state: 'detached' });
    expect(await adminProduct(names[1]!)).toBeUndefined();
    expect(errors).toEqual([]);
  });

  it('moves exactly the selected products to another category, then deletes them from the store, in one request each', async () => {
    const cinema = await suite.shop.createCategory(unique('Cinema'));
    const sports = await suite.shop.createCategory(unique('Sports'));
    const prefix = unique('Bulk');
    const names = Array.from({ length: 6 }, (_, i) => `${prefix} ${i + 1}`);
    for (const name of names) await seed(name, cinema.id);
    const { page, errors } = await openProducts(`?search=${encodeURIComponent(prefix)}`);
    const selection = page.getByTestId('products-selection');

    // The page's checkbox selects the five shown; "Select all" the sixth too; clearing, none.
    await page.getByTestId('products-select-page').check();
    expect(plain(await selection.textContent())).toContain('5 products selected');
    await page.getByTestId('products-select-all').click();
    expect(plain(await selection.textContent())).toContain('6 products selected');
    await selection.getByRole('button', { name: 'Clear selection' }).click();
    expect(await page.getByTestId('products-bulk').isDisabled()).toBe(true);

    const chosen = [names[5]!, names[3]!, names[1]!];
    for (const name of chosen) await listRow(page, name).getByTestId('product-select').check();
    const bulkRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/products/bulk')) bulkRequests.push(request.method());
    });
    await page.getByTestId('products-bulk').click();
    const modal = page.getByTestId('products-bulk-modal');
    await modal.getByTestId('products-bulk-move').check();
    await modal.getByTestId('products-bulk-category').selectOption(sports.id);
    await modal.getByTestId('products-bulk-apply').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => toasts(page)).toContain(`3 products moved to ${sports.name}`);
    expect(bulkRequests).toEqual(['POST']);
    // The list shows the new category; the API agrees, for exactly those three.
    await expect
      .poll(async () => plain(await listRow(page, chosen[0]!).getByTestId('product-category').textContent()))
      .toBe(sports.name);
    const all = await adminProducts();
    const categoryOf = (name: string) => all.find((p) => p.name === name)!.category_id;
    expect(names.filter((name) => categoryOf(name) === sports.id).sort()).toEqual([...chosen].sort());
    expect(names.filter((name) => categoryOf(name) === cinema.id)).toHaveLength(3);
    expect(plain(await selection.textContent())).toContain('No product selected');

    // Bulk delete of the same three: gone from the list and from the store.
    for (const name of chosen) await listRow(page, name).getByTestId('product-select').check();
    await page.getByTestId('products-bulk').click();
    await modal.getByTestId('products-bulk-delete').check();
    await modal.getByText('This action cannot be undone.').waitFor();
    await modal.getByTestId('products-bulk-apply').click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => toasts(page)).toContain('3 products deleted');
    expect(bulkRequests).toEqual(['POST', 'POST']);
    await expect.poll(() => page.getByTestId('product-name').count()).toBe(3);
    const store = (await (await fetch(`${suite.url}/products`)).json()) as { name: string }[];
    expect(
      store
        .filter((p) => p.name.startsWith(prefix))
        .map((p) => p.name)
        .sort(),
    ).toEqual(names.filter((name) => !chosen.includes(name)).sort());
    const showCategory = (await (await fetch(`${suite.url}/products?category=${sports.id}`)).json()) as unknown[];
    expect(showCategory).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('says which products a bulk action could not change, and keeps them selected', async () => {
    const category = await suite.shop.createCategory(unique('Partial'));
    const prefix = unique('Partial');
    const kept = await seed(`${prefix} kept`, category.id);
    const doomed = await seed(`${prefix} doomed`, category.id);
    // Live updates cannot connect: the list does not hear of the deletion below.
    const { page, context } = await suite.open(`/admin/products?search=${encodeURIComponent(prefix)}`);
    await context.route('**/socket.io/**', (route) => route.abort());
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('product-name').first().waitFor();
    await page.getByTestId('products-select-page').check();
    // Someone deletes one of them meanwhile.
    await suite.shop.api('DELETE', `/api/admin/products/${doomed.id}`);
    await page.getByTestId('products-bulk').click();
    const modal = page.getByTestId('products-bulk-modal');
    await modal.getByTestId('products-bulk-delete').check();
    await modal.getByTestId('products-bulk-apply').click();
    const failures = modal.getByTestId('products-bulk-failures');
    await failures.waitFor();
    expect(plain(await failures.textContent())).toContain('1 product could not be changed');
    expect(plain(await failures.textContent())).toContain(`${doomed.name}: Product not found`);
    await expect.poll(() => toasts(page)).toContain('1 product deleted');
    expect(await adminProduct(kept.name)).toBeUndefined();
  });
});

describe('several admins at once', () => {
  it('refuses the second of two saves of the same product, naming who saved first, and overwrites nothing', async () => {
    const karim = await suite.shop.createAdmin('Karim');
    const category = await suite.shop.createCategory(unique('Shared'));
    const product = await seed(unique('Shared'), category.id, { channels: 100 });
    const a = await openSignedIn(`/admin/products/edit/${product.id}`);
    const b = await openSignedIn(`/admin/products/edit/${product.id}`, {}, karim);
    await a.page.getByTestId('product-form').waitFor();
    await b.page.getByTestId('product-form').waitFor();

    await a.page.getByTestId('product-form-name').fill(`${product.name} by A`);
    await a.page.getByTestId('product-form-save').click();
    await a.page.waitForURL((url) => url.pathname === '/admin/products');

    // B's form still holds what B opened; B's save is refused.
    await b.page.getByTestId('product-form-channels').fill('999');
    await b.page.getByTestId('product-form-save').click();
    const dialog = b.page.getByTestId('conflict-dialog');
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toMatch(/Administrator changed this item on .+, after you opened it/);
    const now = (await adminProduct(`${product.name} by A`))!;
    expect(now).toMatchObject({ channels: 100, version: 1 });
    expect(new URL(b.page.url()).pathname).toBe(`/admin/products/edit/${product.id}`);

    // Reload shows the product as A left it.
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => b.page.getByTestId('product-form-name').inputValue()).toBe(`${product.name} by A`);
    expect(await b.page.getByTestId('product-form-channels').inputValue()).toBe('100');
    expect(a.errors.concat(b.errors)).toEqual([]);
  });

  it("shows another admin's new, edited and deleted product in the list at once, with a notification naming them", async () => {
    const karim = await suite.shop.createAdmin('Karim');
    const category = await suite.shop.createCategory(unique('Live'));
    await suite.shop.followProductUpdates();
    const { page, errors } = await openProducts();
    await liveUpdatesOn(page);
    const name = unique('Live Gold');
    await suite.shop.api(
      'POST',
      '/api/admin/products',
      { name, category_id: category.id, price_durations: [{ duration: '1 month', price: 2500 }] },
      karim,
    );
    await listRow(page, name).waitFor({ timeout: 10_000 });
    const notifications = async () => plain(await page.getByTestId('admin-notifications').textContent());
    await expect.poll(notifications, { timeout: 10_000 }).toContain(`Karim created the product “${name}”`);

    // Karim's edit and deletion arrive the same way.
    const created = (await adminProduct(name))!;
    await suite.shop.api('PUT', `/api/admin/products/${created.id}`, { name: `${name} II` }, karim);
    await listRow(page, `${name} II`).waitFor({ timeout: 10_000 });
    await expect.poll(notifications, { timeout: 10_000 }).toContain(`Karim updated the product “${name} II”`);
    await suite.shop.api('DELETE', `/api/admin/products/${created.id}`, undefined, karim);
    await listRow(page, `${name} II`).waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(notifications, { timeout: 10_000 }).toContain(`Karim deleted the product “${name} II”`);
    expect(errors).toEqual([]);
  });
});

describe('the form’s Options block', () => {
  it.each([
    ['ar', 390],
    ['fr', 1024],
  ] as const)(
    'lays out Popular, VOD and Active one under another, none overlapping, in %s at %i px',
    async (language, width) => {
      const { page } = await openProducts('?form=new', { storage: { 'admin-language': language }, width });
      await page.getByTestId('product-form').waitFor();
      // Each option is its checkbox's parent: the box, the label and the hint.
      const checkboxes = ['popular', 'vod', 'active'].map((name) => `[data-testid="product-form-${name}"]`);
      const boxes = await page.locator(checkboxes.join(', ')).evaluateAll((inputs) =>
        inputs.map((input) => {
          const option = input.parentElement!;
          const rect = option.getBoundingClientRect();
          return {
            top: rect.top,
            bottom: rect.bottom,
            width: rect.width,
            height: rect.height,
            text: option.scrollHeight,
          };
        }),
      );
      expect(boxes).toHaveLength(3);
      for (const [index, box] of boxes.entries()) {
        // Wide enough to read, tall enough for its label and hint (nothing spilling out of it).
        expect(box.width).toBeGreaterThan(200);
        expect(box.text).toBeLessThanOrEqual(Math.ceil(box.height) + 1);
        if (index > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[index - 1]!.bottom);
      }
    },
  );
});

describe('on a 1024-px tablet', () => {
  it.each(['ar', 'en'])('keeps every row’s actions in view in %s', async (language) => {
    const category = await suite.shop.createCategory(unique('Tablet'));
    await seed(`${unique('Tablet')} Premium Sports Cinéma Séries Documentaires`, category.id, {
      price_durations: TRIAL_FIRST,
    });
    const { page } = await openProducts('', { storage: { 'admin-language': language }, width: 1024 });
    expect(await page.getByTestId('products-table').locator('td.cell-actions').count()).toBeGreaterThan(0);
    expect(await rowsWithActionsOutOfView(page, 'products-table')).toBe(0);
  });
});

describe('accessibility (axe-core)', () => {
  it.each(['en', 'ar'])(
    'finds nothing serious on the list and the form in %s',
    { timeout: 60_000 },
    async (language) => {
      const category = await suite.shop.createCategory(unique('Axe'));
      await seed(unique('Axe'), category.id, { popular: true, vod: true });
      for (const colorScheme of ['light', 'dark'] as const) {
        const { page } = await openProducts('', { storage: { 'admin-language': language }, colorScheme });
        expect((await documentState(page)).lang).toBe(language);
        expect(await seriousViolations(page), `list, ${language}, ${colorScheme}`).toEqual([]);
        await page.getByTestId('product-add').click();
        await page.getByTestId('product-form').waitFor();
        await page.getByTestId('product-form-save').click();
        await page.getByTestId('product-form-name-error').waitFor();
        expect(await seriousViolations(page), `form, ${language}, ${colorScheme}`).toEqual([]);
      }
    },
  );
});

/** A product with an image, as the form sends it (multipart). */
async function createWithImage(fields: Record<string, string>, image: Buffer) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'product.png');
  const response = await fetch(`${suite.url}/api/admin/products`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await suite.shop.token()}` },
    body,
  });
  expect(response.status).toBe(201);
}

describe.runIf(process.env.SCREENSHOTS_DIR)('screenshots', () => {
  it('saves the list and the form in en and ar, light and dark, and the list on a tablet', async () => {
    const dir = path.resolve(process.env.SCREENSHOTS_DIR!);
    mkdirSync(dir, { recursive: true });
    const sports = await suite.shop.createCategory('Sports');
    const cinema = await suite.shop.createCategory('Cinéma');
    const colours = ['#2d6cdf', '#d9480f', '#2b8a3e', '#862e9c', '#1098ad', '#e8590c'];
    const samples = [
      ['Découverte', cinema, 700, { channels: '25', quality: 'HD' }],
      ['Sport Lite', sports, 900, { channels: '40', quality: 'SD', active: '0' }],
      ['Famille HD', cinema, 1200, { channels: '90', quality: 'HD', devices: '2' }],
      ['Ciné Premium', cinema, 1800, { vod: '1', channels: '150', quality: 'Full HD', devices: '3' }],
      ['Ultra 4K', sports, 3500, { channels: '600', quality: '4K', popular: '1', devices: '5' }],
      ['Stade Max', sports, 2000, { popular: '1', vod: '1', channels: '320', quality: '4K', devices: '4' }],
    ] as const;
    for (const [index, [name, category, price, extra]] of samples.entries()) {
      const image = await sharp({ create: { width: 960, height: 540, channels: 3, background: colours[index]! } })
        .png()
        .toBuffer();
      await createWithImage(
        {
          name,
          category_id: category.id,
          description: 'Live channels, films and series on every device, in the quality you choose.',
          features: JSON.stringify(['Live sport', 'Replay 7 days', 'Catch-up TV']),
          price_durations: JSON.stringify([
            { duration: 'free trial', price: 0, active: false },
            { duration: '1 month', price },
            { duration: '3 months', price: Math.round(price * 2.7) },
            { duration: '12 months', price: price * 9 },
          ]),
          ...extra,
        },
        image,
      );
    }
    const list = async (language: string, theme: 'light' | 'dark', width = 1280) => {
      const opened = await openProducts('', {
        storage: { 'admin-language': language, 'admin-theme': theme },
        colorScheme: theme,
        width,
      });
      await opened.page.getByTestId('product-select').nth(1).check();
      await opened.page.getByTestId('product-select').nth(2).check();
      await opened.page.mouse.move(0, 0);
      await opened.page.waitForTimeout(400);
      return opened.page;
    };
    // The list: English light, Arabic dark, and English on a tablet, with the form over it.
    for (const [language, theme] of [
      ['en', 'light'],
      ['ar', 'dark'],
    ] as const) {
      const page = await list(language, theme);
      await page.screenshot({ path: path.join(dir, `admin-products-${language}-${theme}.png`) });
    }
    const tablet = await list('en', 'light', 820);
    await tablet.screenshot({ path: path.join(dir, 'admin-products-en-light-tablet.png') });
    await tablet.getByTestId('product-add').click();
    await tablet.getByTestId('product-form').waitFor();
    await tablet.getByTestId('product-form-save').click();
    await tablet.getByTestId('product-form-name-error').waitFor();
    await tablet.waitForTimeout(400);
    await tablet.screenshot({ path: path.join(dir, 'admin-products-form-en-light-tablet.png') });
    // The form on its own page, whole: English dark, Arabic light.
    const stade = (await adminProduct('Stade Max'))!;
    for (const [language, theme] of [
      ['en', 'dark'],
      ['ar', 'light'],
    ] as const) {
      const { page } = await openSignedIn(`/admin/products/edit/${stade.id}`, {
        storage: { 'admin-language': language, 'admin-theme': theme },
        colorScheme: theme,
      });
      await page.getByTestId('product-form').waitFor();
      await page.getByTestId('product-form-image-preview').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(dir, `admin-products-form-${language}-${theme}.png`), fullPage: true });
    }
  });
});
