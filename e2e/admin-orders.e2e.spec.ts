import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import {
  adminBrowserSuite,
  liveUpdatesOn,
  plain,
  rowsWithActionsOutOfView,
  seriousViolations,
  signedInStorage,
  submitSignIn,
  type AdminOpenOptions,
} from './support/admin';
import type { ShopOrder } from './support/shop';

// The orders screen in a real browser against the real server: the list's state in the URL, the
// detail, dispatching and deleting through the modals, the CSV of the filters, two admins seeing
// each other's changes live, and axe-core. Orders come from shoppers' checkouts (sandbox payments).

const suite = adminBrowserSuite();
let productId: string;

// Twelve orders: eleven paid from 0550000001…0550000011, one still pending.
const placed: ShopOrder[] = [];

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
  for (let n = 1; n <= 11; n++)
    placed.push(await suite.shop.placeOrder(productId, 2000, { phone: `05500000${`${n}`.padStart(2, '0')}` }));
  placed.push(await suite.shop.placeOrder(productId, 2000, { phone: '0660000099', paid: false }));
});

/** An order whose payment the shopper declined: failed, so an admin may delete it. */
async function failedOrder(phone: string): Promise<{ id: string; number: number }> {
  const { orderId } = await suite.shop.placeOrder(productId, 2000, { phone, declined: true });
  let order: ListedOrder | undefined;
  await expect
    .poll(
      async () => {
        order = (await listed(`&search=${phone}`)).find((o) => o.id === orderId);
        return order?.status;
      },
      { timeout: 10_000 },
    )
    .toBe('failed');
  return order!;
}

interface ListedOrder {
  id: string;
  number: number;
  status: string;
  phone: string;
}

const listed = async (query = '') =>
  (await suite.shop.api<{ orders: ListedOrder[] }>('GET', `/api/admin/orders?limit=100${query}`)).orders;

/** A fresh profile already signed in (a stored session) on the orders page at `path`. */
async function openSignedIn(path: string, options: AdminOpenOptions = {}, as = TEST_ADMIN) {
  const storage = { ...(await signedInStorage(suite.url, as)), ...options.storage };
  const opened = await suite.open(path, { ...options, storage });
  await opened.page.getByTestId('orders-page').waitFor();
  return opened;
}

/** The order numbers the table shows, in order. */
const shownNumbers = async (page: Page) =>
  (await page.getByTestId('orders-table').locator('tbody tr td:first-child').allTextContents()).map((text) =>
    Number(text.replace(/\D/g, '')),
  );
const rowsShown = (page: Page) => page.getByTestId('orders-table').locator('tbody tr');
const pagerText = async (page: Page) => plain(await page.getByTestId('orders-pager').textContent());
const notifications = async (page: Page) => plain(await page.getByTestId('admin-notifications').textContent());

describe('the orders list', () => {
  it('comes back to a protected deep link after sign-in, with its filter and page', async () => {
    const { page } = await suite.open('/admin/orders?status=completed&page=2&limit=5');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await submitSignIn(page, TEST_ADMIN.username, TEST_ADMIN.password);
    await page.getByTestId('orders-page').waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/admin/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'completed', page: '2', limit: '5' });
    await expect.poll(() => pagerText(page)).toContain('Showing 6 to 10 of 11 orders');
    expect(await pagerText(page)).toContain('Page 2 of 3');
    expect(await page.getByTestId('orders-status').inputValue()).toBe('completed');
  });

  it('searches, filters and pages through the URL, so a reload shows the same list', async () => {
    const { page, errors } = await openSignedIn('/admin/orders');
    await expect.poll(() => pagerText(page)).toContain('Showing 1 to 10 of 12 orders');
    const all = await listed();
    expect(await shownNumbers(page)).toEqual(all.slice(0, 10).map((order) => order.number));

    // Page size and next page.
    await page.getByLabel('Rows per page').selectOption('5');
    await expect.poll(() => pagerText(page)).toContain('Showing 1 to 5 of 12 orders');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pagerText(page)).toContain('Showing 6 to 10 of 12 orders');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');

    // The pending order by status; a phone by search (debounced, then in the URL).
    await page.getByTestId('orders-status').selectOption('pending');
    await expect.poll(() => rowsShown(page).count()).toBe(1);
    expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    await page.getByTestId('orders-status').selectOption('all');
    const target = all.find((order) => order.phone === '0550000007')!;
    await page.getByTestId('orders-search').fill('0550000007');
    await expect.poll(() => shownNumbers(page)).toEqual([target.number]);
    expect(new URL(page.url()).searchParams.get('search')).toBe('0550000007');
    await page.reload();
    await expect.poll(() => shownNumbers(page)).toEqual([target.number]);
    expect(await page.getByTestId('orders-search').inputValue()).toBe('0550000007');

    // By number, as people say it.
    await page.getByTestId('orders-search').fill(`#${all[3]!.number}`);
    await expect.poll(() => shownNumbers(page)).toEqual([all[3]!.number]);

    // Nothing matches.
    await page.getByTestId('orders-search').fill('nobody-by-that-name');
    await page.getByTestId('orders-empty').getByText('No orders found').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rowsShown(page).count()).toBe(5);
    expect(errors).toEqual([]);
  });

  it('exports exactly the filtered orders as CSV', async () => {
    const { page } = await openSignedIn('/admin/orders?search=05500000');
    await expect.poll(() => pagerText(page)).toContain('of 11 orders');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('orders-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const ids = (await listed('&search=05500000')).map((order) => order.id);
    expect(csv).toHaveLength(1 + 11);
    expect(csv.slice(1).map((line) => line.split(',')[1]!.replace(/"/g, ''))).toEqual(ids);
  });
});

describe('one order', () => {
  it('opens from ?id=, dispatches after a confirmation, and keeps a paid order (Delete disabled, with why)', async () => {
    const [first] = await listed('&status=completed');
    const { page, errors } = await openSignedIn(`/admin/orders?id=${first!.id}`);
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-detail-body').waitFor();
    expect(plain(await detail.getByRole('heading', { level: 2 }).textContent())).toBe(`Order #${first!.number}`);
    expect(await detail.getByTestId('order-items').locator('tbody tr').count()).toBe(1);
    expect(plain(await detail.getByTestId('order-items-total').textContent())).toBe('2,000 Da');

    await detail.getByTestId('order-dispatch').click();
    const confirm = page.getByTestId('order-status-confirm');
    expect(plain(await confirm.textContent())).toContain(
      'Are you sure you want to update this order status to Dispatched?',
    );
    await confirm.getByTestId('order-status-confirm-confirm').click();
    await page.getByText(/Order status updated to .?Dispatched/).waitFor();
    await expect.poll(() => detail.getByTestId('order-detail-body').getAttribute('data-status')).toBe('dispatched');
    expect(await detail.getByTestId('order-dispatch').isDisabled()).toBe(true);
    await expect
      .poll(() => page.locator(`tr[data-row-id="${first!.id}"] [data-status]`).getAttribute('data-status'))
      .toBe('dispatched');

    // Money was taken: a refund is recorded instead of a deletion.
    expect(await detail.getByTestId('order-detail-delete').isDisabled()).toBe(true);
    expect(await page.locator(`tr[data-row-id="${first!.id}"]`).getByTestId('order-delete').isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('deletes a failed order from its detail, the confirmation naming it', async () => {
    const failed = await failedOrder('0550000077');
    const { page, errors } = await openSignedIn(`/admin/orders?id=${failed.id}`);
    const detail = page.getByTestId('order-detail');
    await detail.getByTestId('order-detail-body').waitFor();
    await detail.getByTestId('order-detail-delete').click();
    const remove = page.getByTestId('order-delete-modal');
    expect(await remove.textContent()).toContain(
      'Are you sure you want to delete this order? This action cannot be undone.',
    );
    expect(await remove.textContent()).toContain(failed.id);
    await remove.getByTestId('order-delete-modal-confirm').click();
    await page.getByText(`Order #${failed.number} has been deleted successfully`).waitFor();
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('id')).toBe(false);
    await expect.poll(() => page.locator(`tr[data-row-id="${failed.id}"]`).count()).toBe(0);
    expect((await listed()).some((order) => order.id === failed.id)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('cannot delete an order still awaiting payment', async () => {
    const [pending] = await listed('&status=pending');
    const { page } = await openSignedIn(`/admin/orders?id=${pending!.id}`);
    await page.getByTestId('order-detail-body').waitFor();
    expect(await page.getByTestId('order-detail-delete').isDisabled()).toBe(true);
    expect(await page.getByTestId('order-dispatch').isDisabled()).toBe(true);
  });
});

describe('two admins at once', () => {
  it(
    'see new orders live, each other’s dispatch (with a notification naming who) and deletions',
    { timeout: 90_000 },
    async () => {
      const karim = await suite.shop.createAdmin('Karim');
      const a = await openSignedIn('/admin/orders', {}, karim);
      const b = await openSignedIn('/admin/orders');
      for (const { page } of [a, b]) await liveUpdatesOn(page);

      // A shopper pays: the order shows at the top of both lists.
      const fresh = await suite.shop.placeOrder(productId, 2000, { phone: '0770000123' });
      const number = (await listed('&search=0770000123'))[0]!.number;
      for (const { page } of [a, b]) await expect.poll(() => shownNumbers(page), { timeout: 10_000 }).toContain(number);
      await expect
        .poll(() => b.page.locator(`tr[data-row-id="${fresh.orderId}"] [data-status]`).getAttribute('data-status'), {
          timeout: 10_000,
        })
        .toBe('completed');

      // B has it open; A dispatches it.
      await b.page.locator(`tr[data-row-id="${fresh.orderId}"]`).getByTestId('order-view').click();
      await b.page.getByTestId('order-detail-body').waitFor();
      await a.page.locator(`tr[data-row-id="${fresh.orderId}"]`).getByTestId('order-view').click();
      await a.page.getByTestId('order-dispatch').click();
      await a.page.getByTestId('order-status-confirm-confirm').click();
      await a.page.getByText(/Order status updated to .?Dispatched/).waitFor();

      await expect
        .poll(() => b.page.getByTestId('order-detail-body').getAttribute('data-status'), { timeout: 10_000 })
        .toBe('dispatched');
      await expect
        .poll(() => b.page.locator(`tr[data-row-id="${fresh.orderId}"] [data-status]`).getAttribute('data-status'))
        .toBe('dispatched');
      await expect.poll(() => notifications(b.page)).toContain(`Karim marked order #${number} as dispatched`);
      // A's own change: a success toast, no notification.
      expect(await notifications(a.page)).not.toContain('marked order');

      // A deletes a failed order B has open: it leaves B's list, and B's open detail says it is gone.
      const failed = await failedOrder('0770000124');
      for (const { page } of [a, b])
        await expect.poll(() => page.locator(`tr[data-row-id="${failed.id}"]`).count(), { timeout: 10_000 }).toBe(1);
      for (const { page } of [a, b]) {
        await page.keyboard.press('Escape');
        await page.getByTestId('order-detail').waitFor({ state: 'detached' });
      }
      await b.page.locator(`tr[data-row-id="${failed.id}"]`).getByTestId('order-view').click();
      await b.page.getByTestId('order-detail-body').waitFor();
      await a.page.locator(`tr[data-row-id="${failed.id}"]`).getByTestId('order-delete').click();
      await a.page.getByTestId('order-delete-modal-confirm').click();
      await expect.poll(() => b.page.locator(`tr[data-row-id="${failed.id}"]`).count(), { timeout: 10_000 }).toBe(0);
      await b.page.getByTestId('order-detail-error').getByText('Order details not available').waitFor();
      await expect.poll(() => notifications(b.page)).toContain(`Karim deleted order #${failed.number}`);
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    },
  );
});

describe('accessibility (axe-core)', () => {
  it.each(['ar', 'en'])('keeps every row’s actions in view on a 1024-px tablet in %s', async (language) => {
    await listed('&status=completed');
    const { page } = await openSignedIn('/admin/orders', { storage: { 'admin-language': language }, width: 1024 });
    await rowsShown(page).first().waitFor();
    expect(await page.getByTestId('orders-table').locator('td.cell-actions').count()).toBeGreaterThan(0);
    expect(await rowsWithActionsOutOfView(page, 'orders-table')).toBe(0);
    if (process.env.SCREENSHOTS_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/admin-orders-${language}-tablet.png` });
  });

  it.each(['en', 'ar'])('finds nothing serious on the list and the detail in %s', async (language) => {
    const [order] = await listed('&status=completed');
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openSignedIn('/admin/orders', { storage: { 'admin-language': language }, colorScheme });
      await rowsShown(page).first().waitFor();
      expect(await seriousViolations(page), `list, ${language}, ${colorScheme}`).toEqual([]);
      await page.goto(`${suite.url}/admin/orders?id=${order!.id}`);
      await page.getByTestId('order-detail-body').waitFor();
      expect(await seriousViolations(page), `detail, ${language}, ${colorScheme}`).toEqual([]);
      // Keyboard: Escape closes the detail and focus stays in the page.
      await page.keyboard.press('Escape');
      await page.getByTestId('order-detail').waitFor({ state: 'detached' });
    }
  });
});
