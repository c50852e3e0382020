import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '../test/support/app';
import { signWebhook } from '../src/modules/ordering/payment/chargily';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage } from './support/admin';

// A payment that does not match its order, in a real browser: the dashboard's call for a decision,
// the list's filter and badge, the detail's banner with both amounts, and each decision confirmed
// first (cancel says the money is to be refunded with the payment provider).

const SANDBOX_SECRET = 'sandbox-webhook-secret-for-e2e-0123';
const suite = adminBrowserSuite({ SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET });
let productId: string;

beforeAll(async () => {
  productId = await suite.shop.createGoldPack();
});

/** A pending 2,000 Da order, then the provider's signed `checkout.paid` of `amount` Da for it. */
async function underpaidOrder(amount: number): Promise<{ orderId: string; number: number }> {
  const { orderId, checkoutId } = await suite.shop.placeOrder(productId, 2000, { paid: false });
  const body = JSON.stringify({
    id: `evt-${checkoutId}-paid`,
    livemode: false,
    type: 'checkout.paid',
    data: {
      id: checkoutId,
      status: 'paid',
      amount,
      currency: 'dzd',
      payment_method: 'edahabia',
      metadata: { orderId },
    },
  });
  const answer = await fetch(`${suite.url}/api/payment/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', signature: signWebhook(body, SANDBOX_SECRET) },
    body,
  });
  expect(`${answer.status} ${await answer.text()}`).toMatch(/^200 /);
  let order: { status: string; number: number } | undefined;
  await expect
    .poll(async () => {
      order = (await suite.shop.api<{ order: typeof order }>('GET', `/api/admin/orders/${orderId}`)).order;
      return order?.status;
    })
    .toBe('payment_mismatch');
  return { orderId, number: order!.number };
}

async function openSignedIn(path: string, language = 'en') {
  const storage = { ...(await signedInStorage(suite.url, TEST_ADMIN)), 'admin-language': language };
  return suite.open(path, { storage });
}

describe('a payment that does not match its order', () => {
  it('is called out on the dashboard and in the list, and accepted after a confirmation', async () => {
    const { orderId, number } = await underpaidOrder(1);
    const dashboard = await openSignedIn('/admin');
    const card = dashboard.page.getByTestId('stat-payment-mismatch');
    await card.waitFor();
    expect(plain(await card.textContent())).toContain('1 order awaits your decision');
    await card.getByRole('link').click();
    await dashboard.page.getByTestId('orders-page').waitFor();
    expect(new URL(dashboard.page.url()).searchParams.get('status')).toBe('payment_mismatch');
    const row = dashboard.page.locator(`tr[data-row-id="${orderId}"] [data-status]`);
    await expect.poll(() => row.getAttribute('data-status')).toBe('payment_mismatch');
    expect(plain(await row.textContent())).toBe('Payment mismatch');
    const { page, errors } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const banner = page.getByTestId('order-payment-mismatch');
    await banner.waitFor();
    expect(plain(await banner.getByTestId('order-payment-mismatch-amounts').textContent())).toBe(
      'Paid 1 Da instead of 2,000 Da.',
    );
    expect(await page.getByTestId('order-detail-delete').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await banner.getByTestId('order-payment-accept').click();
    const confirm = page.getByTestId('order-payment-decision-confirm');
    expect(plain(await confirm.textContent())).toContain(
      `Order #${number} will be completed with 1 Da paid instead of 2,000 Da, and counted in revenue from now on.`,
    );
    await confirm.getByTestId('order-payment-decision-confirm-confirm').click();
    // The order's number is isolated (bidi) inside the toast's text.
    await page.getByText(new RegExp(`Payment accepted: order .?#${number}.? is completed`)).waitFor();
    await expect.poll(() => page.getByTestId('order-detail-body').getAttribute('data-status')).toBe('completed');
    expect(plain(await banner.textContent())).toContain('The payment was accepted: the order is completed.');
    expect(await banner.getByTestId('order-payment-accept').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('cancels the order after a confirmation that says the money is refunded with the provider', async () => {
    const { orderId, number } = await underpaidOrder(1500);
    const { page } = await openSignedIn(`/admin/orders?id=${orderId}`);
    const banner = page.getByTestId('order-payment-mismatch');
    await banner.waitFor();
    // In Arabic too: the banner and its buttons speak the admin's language.
    const arabic = await openSignedIn(`/admin/orders?id=${orderId}`, 'ar');
    const arabicBanner = arabic.page.getByTestId('order-payment-mismatch');
    await arabicBanner.waitFor();
    expect(plain(await arabicBanner.getByTestId('order-payment-cancel').textContent())).toBe('إلغاء الطلب');
    expect(plain(await arabicBanner.textContent())).toContain('الدفع لا يطابق هذا الطلب');
    await banner.getByTestId('order-payment-cancel').click();
    const confirm = page.getByTestId('order-payment-decision-confirm');
    expect(plain(await confirm.textContent())).toContain(
      `Order #${number} will be marked failed. The store does not refund the 1,500 Da paid: you must refund it with the payment provider.`,
    );
    await confirm.getByTestId('order-payment-decision-confirm-confirm').click();
    await expect.poll(() => page.getByTestId('order-detail-body').getAttribute('data-status')).toBe('failed');
    expect(plain(await banner.textContent())).toContain(
      'The order was canceled: refund the 1,500 Da paid with the payment provider.',
    );
  });
});
