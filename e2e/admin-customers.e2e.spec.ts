import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminBrowserSuite, liveUpdatesOn, plain, seriousViolations, type AdminOpenOptions } from './support/admin';

// The back office's customers in a real browser against the real server: customers are made by
// shoppers' orders placed through the store's API (paid on the sandbox's page or left unpaid), and
// the list shows them with their counts and totals, searches them with the search in the URL,
// follows new orders live, pages, links to their page (and from there their orders) and a mail
// draft, and exports the rows searched.

const suite = adminBrowserSuite();
let productId: string;

const PRICE = 2500;
const AMINA = { fullName: 'Amina Benali', email: 'amina@example.dz', phone: '0550111111' };
const KARIM = { fullName: 'Karim Haddad', email: 'karim@example.dz', phone: '0660222222' };
const YACINE = { fullName: 'Yacine Mansouri', email: 'yacine@example.dz', phone: '0770333333' };
type Shopper = typeof AMINA;

beforeAll(async () => {
  const category = await suite.shop.createCategory('Customers');
  productId = (
    await suite.shop.createProduct({
      name: 'Gold',
      category_id: category.id,
      price_durations: [{ duration: '1 month', price: PRICE }],
    })
  ).id;
  // Amina: two paid orders and one left unpaid; Karim: one paid; Yacine: one unpaid.
  await placeOrder(AMINA, true);
  await placeOrder(AMINA, true);
  await placeOrder(AMINA, false);
  await placeOrder(KARIM, true);
  await placeOrder(YACINE, false);
  await waitForCustomers(3);
});

/** A shopper's checkout as the store sends it; `paid` pays it on the sandbox's hosted page. */
async function placeOrder(shopper: Shopper, paid: boolean): Promise<void> {
  await suite.shop.placeOrder(productId, PRICE, { ...shopper, paid });
}

/** Waits until the read model has `count` customers (orders are projected after the write). */
async function waitForCustomers(count: number): Promise<void> {
  // vi.waitFor, not expect.poll: this runs in beforeAll too.
  await vi.waitFor(
    async () => {
      const { pagination } = await suite.shop.api<{ pagination: { total: number } }>('GET', '/api/admin/customers');
      if (pagination.total !== count) throw new Error(`${pagination.total} customers, not ${count}`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** Signed in (through the form) on the customers page, its table shown. */
async function openCustomers(path = '/admin/customers', options: AdminOpenOptions = {}) {
  const opened = await suite.signIn(path, options);
  await opened.page.getByTestId('customers-table').waitFor();
  return opened;
}

/** The table's rows as [id, contact, orders, total spent], in the order shown. */
const rowsOf = (page: Page) =>
  page
    .getByTestId('customers-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.innerText)))
    .then((rows) => rows.map((row) => row.map(plain)));

const phonesOf = async (page: Page) => (await rowsOf(page)).map((row) => row[0]);

/** One CSV line's cells (quoted or not; "" inside quotes is a quote). */
const csvCells = (line: string) =>
  [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map(
    (match) => match[1]?.replace(/""/g, '"') ?? match[2] ?? '',
  );

const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('customers', () => {
  it('lists the customers of real orders with their counts and totals, newest first', async () => {
    const { page, errors } = await openCustomers();
    expect(await rowsOf(page)).toEqual([
      [YACINE.phone, `${YACINE.fullName} ${YACINE.email}`, '1', '0 Da'],
      [KARIM.phone, `${KARIM.fullName} ${KARIM.email}`, '1', '2,500 Da'],
      [AMINA.phone, `${AMINA.fullName} ${AMINA.email}`, '3', '5,000 Da'],
    ]);
    expect(plain(await page.getByTestId('customers-pager').locator('.admin-pager-summary').textContent())).toBe(
      'Showing 1 to 3 of 3 customers',
    );
    // The sidebar leads here and says so.
    const link = page.getByTestId('admin-sidebar').getByRole('link', { name: 'Customers' });
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(plain(await page.title())).toBe('Customers · Back office');
    // Each row: a mail draft to the customer.
    const amina = page.locator(`tr[data-row-id="${AMINA.phone}"]`);
    expect(await amina.getByTestId('customer-email').getAttribute('href')).toBe(`mailto:${AMINA.email}`);
    expect(await amina.locator('time').textContent()).toMatch(/\d{4}/);
    expect(errors).toEqual([]);
  });

  it('searches by phone with the search in the URL, keeps it on reload, and opens that customer’s orders', async () => {
    const { page, errors } = await openCustomers();
    await page.getByTestId('customers-search').fill(KARIM.phone);
    await page.waitForURL((url) => url.searchParams.get('search') === KARIM.phone);
    await expect.poll(() => phonesOf(page)).toEqual([KARIM.phone]);

    await page.reload();
    await page.getByTestId('customers-table').waitFor();
    expect(await page.getByTestId('customers-search').inputValue()).toBe(KARIM.phone);
    expect(await phonesOf(page)).toEqual([KARIM.phone]);

    // By name and by e-mail too.
    await page.getByTestId('customers-search').fill('amina benali');
    await expect.poll(() => phonesOf(page)).toEqual([AMINA.phone]);
    await page.getByTestId('customers-search').fill('yacine@example');
    await expect.poll(() => phonesOf(page)).toEqual([YACINE.phone]);

    // View opens the customer's page, whose orders open in the list: that customer's and only theirs.
    await page.getByTestId('customers-search').fill(AMINA.phone);
    await expect.poll(() => phonesOf(page)).toEqual([AMINA.phone]);
    await page.getByTestId('customer-view').click();
    await page.waitForURL((url) => url.pathname === `/admin/customers/${AMINA.phone}`);
    await page.getByTestId('customer-orders-list').click();
    await page.waitForURL((url) => url.pathname === '/admin/orders');
    expect(searchParam(page, 'search')).toBe(AMINA.phone);
    const orders = page.getByTestId('orders-table').locator('tbody tr');
    await expect.poll(() => orders.count()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('says when no customer matches, and clears the search', async () => {
    const { page } = await openCustomers('/admin/customers?search=nobody-here');
    await page.getByTestId('customers-empty').waitFor();
    expect(plain(await page.getByTestId('customers-empty').textContent())).toContain('No customers found');
    expect(await page.getByTestId('customers-pager').count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => phonesOf(page)).toHaveLength(3);
    expect(searchParam(page, 'search')).toBeNull();
  });

  it('exports exactly the customers searched as CSV', async () => {
    const { page } = await openCustomers(`/admin/customers?search=${AMINA.phone}`);
    await expect.poll(() => phonesOf(page)).toEqual([AMINA.phone]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.split(/\r?\n/).filter(Boolean).map(csvCells);
    expect(header).toEqual(['Name', 'Email', 'Phone', 'Orders', 'Total spent (Da)', 'First order']);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 5)).toEqual([AMINA.fullName, AMINA.email, AMINA.phone, '3', '5000']);
    expect(rows[0]![5]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('follows new orders live and pages through the list, its page and size in the URL', async () => {
    const { page, errors } = await openCustomers('/admin/customers?limit=5');
    await liveUpdatesOn(page);
    expect(await phonesOf(page)).toHaveLength(3);

    // A new customer shows at the top, an existing one's figures move, without a reload.
    const newcomers = ['0551000001', '0551000002', '0551000003'].map((phone, index) => ({
      fullName: `Newcomer ${index + 1}`,
      email: `new${index + 1}@example.dz`,
      phone,
    }));
    await placeOrder(newcomers[0]!, true);
    await expect.poll(() => phonesOf(page), { timeout: 10_000 }).toContain(newcomers[0]!.phone);
    expect((await phonesOf(page))[0]).toBe(newcomers[0]!.phone);
    await placeOrder(KARIM, true);
    await expect
      .poll(async () => (await rowsOf(page)).find((row) => row[0] === KARIM.phone)?.slice(2), { timeout: 10_000 })
      .toEqual(['2', '5,000 Da']);

    // Six customers at five a page: two pages.
    await placeOrder(newcomers[1]!, false);
    await placeOrder(newcomers[2]!, false);
    await waitForCustomers(6);
    const summary = () => page.getByTestId('customers-pager').locator('.admin-pager-summary').textContent().then(plain);
    await expect.poll(summary, { timeout: 10_000 }).toBe('Showing 1 to 5 of 6 customers');
    await page.getByTestId('customers-pager').getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await expect.poll(() => phonesOf(page)).toEqual([AMINA.phone]);
    expect(await summary()).toBe('Showing 6 to 6 of 6 customers');
    expect(plain(await page.getByTestId('customers-pager').locator('.admin-pager-of').textContent())).toBe(
      'Page 2 of 2',
    );

    // A reload keeps the page; a new search starts again from page 1.
    await page.reload();
    await page.getByTestId('customers-table').waitFor();
    await expect.poll(() => phonesOf(page)).toEqual([AMINA.phone]);
    await page.getByTestId('customers-search').fill('example.dz');
    await page.waitForURL((url) => url.searchParams.get('search') === 'example.dz');
    expect(searchParam(page, 'page')).toBeNull();
    expect(searchParam(page, 'limit')).toBe('5');
    await expect.poll(() => phonesOf(page)).toHaveLength(5);

    // A larger page size shows them all, from page 1.
    await page.getByTestId('customers-pager').getByLabel('Rows per page').selectOption('20');
    await expect.poll(() => phonesOf(page)).toHaveLength(6);
    expect(searchParam(page, 'limit')).toBe('20');
    expect(errors).toEqual([]);
  });

  it('says when the list cannot load, and loads it again with Try Again', async () => {
    const { page, context } = await openCustomers();
    await context.route('**/api/admin/customers?**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByTestId('customers-search').fill('amina');
    await page.getByTestId('customers-error').waitFor({ timeout: 10_000 });
    expect(plain(await page.getByTestId('customers-error').textContent())).toContain(
      'Failed to load customers. Please try again.',
    );
    await context.unroute('**/api/admin/customers?**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => phonesOf(page)).toEqual([AMINA.phone]);
  });
});

describe('customers: accessibility (axe-core) and the tablet', () => {
  it.each(['en', 'ar'])(
    'finds nothing serious in %s, light on a desktop and dark on a tablet, where every column fits',
    async (language) => {
      for (const [colorScheme, width] of [
        ['light', 1280],
        ['dark', 820],
      ] as const) {
        const { page } = await openCustomers('/admin/customers', {
          storage: { 'admin-language': language },
          colorScheme,
          width,
        });
        await expect.poll(() => phonesOf(page)).not.toHaveLength(0);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(await seriousViolations(page), `customers, ${language}, ${colorScheme}, ${width}`).toEqual([]);
        // The actions are in view without scrolling the table sideways.
        const wrap = page.getByTestId('customers-table').locator('..');
        expect(
          await wrap.evaluate((element) => element.scrollWidth - element.clientWidth),
          `${width}`,
        ).toBeLessThanOrEqual(0);
        await page.getByTestId('customer-view').first().waitFor({ state: 'visible' });
      }
    },
  );
});
