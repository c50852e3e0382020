import { beforeAll, describe, expect, it } from 'vitest';
import { storeDay } from '../src/shared/ordering/constants';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage, type AdminOpenOptions } from './support/admin';
import type { Credentials } from './support/shop';

// Recording a refund in a real browser (docs/product.md#refunds): an admin fills the order detail's
// form (its own refusals first, in the page's language), the detail then says who refunded how
// much, how and why; the revenue loses the amount, the shopper's page says the order was refunded
// and shows no activation details, and a second refund is refused. A save from a stale version
// gets the conflict dialog; axe-core on the form in Arabic.

const suite = adminBrowserSuite();
let productId: string;
/** How long a page may take to show a change on a busy machine (a read, a live update). */
const SOON = { timeout: 10_000 };

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
});

/** A shopper's Gold pack (2,000 Da), paid and its code delivered (so dispatched): its id and link token. */
async function dispatchedOrder(phone: string) {
  const placed = await suite.shop.placeOrder(productId, 2000, { phone, language: 'en' });
  const order = await suite.shop.deliverCodes(placed.orderId);
  expect(order.status).toBe('dispatched');
  return { ...placed, number: order.number };
}

/** A fresh profile signed in as `as`, on the order's detail. */
async function openDetail(orderId: string, as: Credentials = TEST_ADMIN, options: AdminOpenOptions = {}) {
  const storage = { ...(await signedInStorage(suite.url, as)), ...options.storage };
  const opened = await suite.open(`/admin/orders?id=${orderId}`, { ...options, storage });
  await opened.page.getByTestId('order-detail-body').waitFor();
  return opened;
}

const revenue = async () =>
  (await suite.shop.api<{ stats: { revenue: number } }>('GET', '/api/admin/dashboard/stats?range=30')).stats.revenue;

/** The refund endpoint as any API caller uses it, with the order's version as If-Match. */
async function refundByApi(orderId: string, body: object) {
  const { etag } = await suite.shop.orderDetail(orderId);
  const answer = await fetch(`${suite.url}/api/admin/orders/${orderId}/refund`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await suite.shop.token()}`,
      'Content-Type': 'application/json',
      'If-Match': etag,
    },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { code?: string } };
}

describe('a refund', () => {
  it('is recorded from the detail’s form, out of the revenue, told to the shopper, and only once', async () => {
    const amina = await suite.shop.createAdmin('Amina');
    const { orderId, number, accessToken } = await dispatchedOrder('0550001500');
    const before = await revenue();
    const { page, errors } = await openDetail(orderId, amina);
    const detail = page.getByTestId('order-detail');

    // Refund opens the form: the whole total and today, in the store's days, the rest to give.
    await detail.getByTestId('order-refund-open').click();
    const form = detail.getByTestId('refund-form');
    expect(await form.getByTestId('refund-amount').inputValue()).toBe('2000');
    // The day in the admin's date format (dd/mm/yyyy by default), not the browser's.
    const day = storeDay(new Date()).split('-').reverse().join('/');
    expect(await form.getByTestId('refund-date').inputValue()).toBe(day);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('refund-amount');

    // The server's rules, said before anything is sent; the day's in the admin's format.
    await form.getByTestId('refund-amount').fill('2001');
    await form.getByTestId('refund-date').fill('30/02/2026');
    await form.getByTestId('refund-save').click();
    expect(plain(await form.getByTestId('refund-error-amount').textContent())).toBe(
      "A refund cannot exceed the order's total (2000 Da).",
    );
    expect(plain(await form.getByTestId('refund-error-date').textContent())).toBe('Enter a date like 31/12/2026');
    await form.getByTestId('refund-date').fill('01/01/2099');
    await form.getByTestId('refund-save').click();
    expect(plain(await form.getByTestId('refund-error-date').textContent())).toBe(`Choose a day no later than ${day}`);
    expect(plain(await form.getByTestId('refund-error-reason').textContent())).toBe('Reason is required');
    expect(plain(await form.getByTestId('refund-error-method').textContent())).toBe('Choose how the money went back.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('refund-amount');
    expect((await suite.shop.orderDetail(orderId)).order.status).toBe('dispatched');

    await form.getByTestId('refund-date').fill(day);
    await form.getByTestId('refund-amount').fill('1500');
    await form.getByTestId('refund-method').selectOption('ccp');
    await form.getByTestId('refund-reason').fill('Wrong package');
    await form.getByTestId('refund-save').click();
    await page.getByText(new RegExp(`Refund of order .?#${number}.? recorded`)).waitFor();

    // The detail: refunded, what was recorded and by whom, no Refund any more, Delete still refused.
    await expect.poll(() => detail.getByTestId('order-detail-body').getAttribute('data-status'), SOON).toBe('refunded');
    expect(plain(await detail.getByTestId('order-refund-record-text').textContent())).toBe(
      `Refunded 1,500 Da by Amina on ${day} (CCP) — Wrong package`,
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('refund-record');
    expect(await detail.getByTestId('order-refund').count()).toBe(0);
    expect(plain(await detail.locator('[data-status="refunded"].badge').textContent())).toBe('Refunded');
    const remove = detail.getByTestId('order-detail-delete');
    expect(await remove.isDisabled()).toBe(true);
    expect(await remove.getAttribute('title')).toBe('A paid order cannot be deleted: record a refund instead.');

    // The revenue loses the amount refunded, on the dashboard too.
    expect(await revenue()).toBe(before - 1500);
    await page.goto(`${suite.url}/admin`);
    await expect
      .poll(async () => plain(await page.getByTestId('stat-revenue').locator('.admin-stat-value').textContent()), SOON)
      .toBe(`${(before - 1500).toLocaleString('en-US')} Da`);

    // The refunded filter of the list finds it, with its badge.
    await page.goto(`${suite.url}/admin/orders?status=refunded`);
    const row = page.locator(`tr[data-row-id="${orderId}"]`);
    await row.waitFor();
    expect(plain(await row.locator('[data-status]').textContent())).toBe('Refunded');

    // In Arabic, the same record in Arabic.
    await page.evaluate(() => localStorage.setItem('admin-language', 'ar'));
    await page.goto(`${suite.url}/admin/orders?id=${orderId}`);
    await expect
      .poll(async () => plain(await page.getByTestId('order-refund-record-text').textContent()), SOON)
      .toBe(`استُرِدّ 1.500 Da بواسطة Amina بتاريخ ${day} (الحساب البريدي الجاري) — Wrong package`);

    // The shopper's page: refunded, the activation code withdrawn.
    const shopper = await suite.openStore(`/orders/${accessToken}`, { storage: { 'store-language': 'en' } });
    const status = shopper.page.getByTestId('order-page-status');
    await expect.poll(() => status.getAttribute('data-stage'), SOON).toBe('refunded');
    expect(plain(await status.textContent())).toContain('Refunded');
    expect(await shopper.page.getByTestId('activation').count()).toBe(0);
    expect(await shopper.page.content()).not.toContain('CODE-0');

    // Once only.
    const again = await refundByApi(orderId, {
      amount: 100,
      reason: 'Again',
      method: 'cash',
      date: storeDay(new Date()),
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'order.already_refunded' } });
    expect(await revenue()).toBe(before - 1500);
    expect(errors).toEqual([]);
    expect(shopper.errors).toEqual([]);
  }, 90_000);

  it('saved from a version another admin changed meanwhile gets the conflict dialog, then records', async () => {
    const { orderId } = await dispatchedOrder('0550001501');
    const { page, errors } = await openDetail(orderId);
    await page.getByTestId('order-refund-open').click();
    const form = page.getByTestId('refund-form');
    await form.getByTestId('refund-method').selectOption('cash');
    await form.getByTestId('refund-reason').fill('Changed their mind');

    // Another admin gives the order a new private link: a new version.
    await suite.shop.api('POST', `/api/admin/orders/${orderId}/access-link`);
    await form.getByTestId('refund-save').click();
    const conflict = page.getByTestId('conflict-dialog');
    await conflict.waitFor();
    expect(plain(await conflict.textContent())).toContain('Administrator changed this item');
    expect((await suite.shop.orderDetail(orderId)).order.status).toBe('dispatched');

    // Reload: the form again, what was typed kept; recorded from the new version.
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => page.getByTestId('refund-reason').inputValue(), SOON).toBe('Changed their mind');
    await page.getByTestId('refund-save').click();
    await expect.poll(() => page.getByTestId('order-detail-body').getAttribute('data-status'), SOON).toBe('refunded');
    expect(errors).toEqual([]);
  }, 60_000);

  it('has nothing serious for axe-core on the form in Arabic, light and dark', async () => {
    const { orderId } = await dispatchedOrder('0550001502');
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page } = await openDetail(orderId, TEST_ADMIN, { storage: { 'admin-language': 'ar' }, colorScheme });
      await page.getByTestId('order-refund-open').click();
      await page.getByTestId('refund-save').click();
      await page.getByTestId('refund-error-reason').waitFor();
      expect(plain(await page.getByTestId('refund-error-reason').textContent())).toBe('هذا الحقل مطلوب');
      expect(await seriousViolations(page), colorScheme).toEqual([]);
    }
  }, 60_000);
});
