import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerOrderView, ShopperOrderView } from '../src/shared/ordering';
import { TEST_ADMIN } from '../test/support/app';
import { adminBrowserSuite, plain, seriousViolations, signedInStorage } from './support/admin';

// Renewals in a real browser (docs/product.md#renewals): the renewal link the shop sends opens the
// order's page, which puts the renewal in the cart; the shopper picks a duration, pays in the
// sandbox, and the renewed order's page shows the new end and the renewal, live, with nothing
// delivered again; the back office marks the renewal's order and the dashboard counts its revenue.
// Also: an ended subscription (Renew first), a free trial's Upgrade, a refusal in the shopper's
// language, an unknown renewal link, axe in Arabic. SCREENSHOTS_DIR saves the pictures.

const DAY = 24 * 60 * 60 * 1000;
/** How far the store's clock is set back (to deliver a subscription that has ended since). */
let clockOffset = 0;
const suite = adminBrowserSuite({}, () => new Date(Date.now() + clockOffset));
const screenshots = process.env.SCREENSHOTS_DIR;
const PHONE = '0550123456';
const ENGLISH = { 'store-language': 'en', customerPhone: PHONE };
const LIVE = { timeout: 15_000 };
const COLOR_SCHEMES = ['light', 'dark'] as const;
let gold: { id: string; name: string };

beforeAll(async () => {
  const category = await suite.shop.createCategory('Renewals');
  gold = await suite.shop.createProduct({
    name: 'Gold',
    category_id: category.id,
    price_durations: [
      { duration: 'free trial', price: 0 },
      { duration: '1 month', price: 2000 },
      { duration: '3 months', price: 5000 },
      { duration: '6 months', price: 9000 },
    ],
  });
});

interface Delivered {
  orderId: string;
  number: number;
  token: string;
  subscriptionId: string;
  endsAt: string;
}

/** A paid 1-month Gold order, delivered (`daysAgo` days ago by the store's clock). */
async function deliveredOrder(daysAgo = 0, phone = PHONE): Promise<Delivered> {
  clockOffset = -daysAgo * DAY;
  try {
    const { orderId, accessToken } = await suite.shop.placeOrder(gold.id, 2000, { phone });
    const order = await suite.shop.deliverCodes(orderId);
    const [subscription] = order.subscriptions;
    return {
      orderId,
      number: order.number,
      token: accessToken,
      subscriptionId: subscription!.id,
      endsAt: subscription!.endsAt!,
    };
  } finally {
    clockOffset = 0;
  }
}

/** The order as its private page reads it. */
async function shopperOrder(token: string): Promise<ShopperOrderView> {
  const answer = await fetch(`${suite.url}/api/orders/${token}`);
  return ((await answer.json()) as { order: ShopperOrderView }).order;
}

/** A store page of a fresh profile, at a phone's width unless told. */
async function openShop(pathname: string, storage: Record<string, string>, colorScheme: 'light' | 'dark' = 'light') {
  const opened = await suite.open(pathname, { storage, colorScheme, width: 390 });
  await opened.page.locator('header.site-header').waitFor({ state: 'visible' });
  return opened;
}

const text = async (page: Page, testId: string) => plain(await page.getByTestId(testId).first().textContent());

const shot = async (page: Page, name: string) => {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
};

/** Pays the checkout page's cart in the sandbox; the order of the success screen it lands on. */
async function payInSandbox(page: Page): Promise<CustomerOrderView> {
  await page.getByTestId('place-order').click();
  await page.waitForURL(/\/sandbox\/checkout\//, LIVE);
  await page.locator('button[name="outcome"][value="paid"]').click();
  await page.waitForURL(/\/order-confirmation\?checkout_id=/, LIVE);
  await page.getByTestId('order-success').waitFor();
  const checkoutId = new URL(page.url()).searchParams.get('checkout_id')!;
  const answer = await fetch(`${suite.url}/api/payment/order/${checkoutId}`);
  return ((await answer.json()) as { order: CustomerOrderView }).order;
}

const longDate = (page: Page, iso: string) =>
  page.evaluate((value) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(value)), iso);

describe('a renewal', () => {
  it('comes from the renewal link, is paid in the sandbox and extends the same subscription, told live, never delivered again', async () => {
    const original = await deliveredOrder();

    // The order's page, open on another phone: it will hear of the renewal.
    const watcher = await openShop(`/orders/${original.token}`, ENGLISH);
    const watched = watcher.page.getByTestId('subscription');
    await watched.waitFor();
    expect(await watched.getAttribute('data-ended')).toBe('false');
    expect(plain(await watched.getByTestId('renew-button').getAttribute('aria-label'))).toBe('Renew Gold');
    expect(await watcher.page.getByTestId('renewals').count()).toBe(0);

    // The renewal link: the renewal goes into the cart, which opens.
    const { page, errors } = await openShop(`/orders/${original.token}?renew=${original.subscriptionId}`, ENGLISH);
    await page.waitForURL(/\/cart$/, LIVE);
    const line = page.getByTestId('cart-line');
    expect(await line.getAttribute('data-renewal-of')).toBe(original.subscriptionId);
    expect(await text(page, 'cart-renewal')).toBe(`Renewal of #${original.number}`);
    // Its own duration is chosen first; only paid durations are offered; one unit, no quantity to change.
    const duration = page.getByTestId('renewal-duration');
    expect(await duration.inputValue()).toBe('1 month');
    expect(
      await duration.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['1 month', '3 months', '6 months']);
    expect(await line.getByTestId('quantity-increase').count()).toBe(0);
    await duration.selectOption('3 months');
    expect(await text(page, 'line-total')).toBe('5,000 Da');
    // Back leads to the order's page, without the renewal link's parameter.
    await page.goBack();
    await page.waitForURL(new RegExp(`/orders/${original.token}$`));
    await page.getByTestId('subscription').waitFor();
    await page.goForward();

    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/checkout$/);
    expect(await text(page, 'checkout-items')).toContain(`Renewal of #${original.number}`);
    const renewal = await payInSandbox(page);

    // The success screen leads back to the renewed order, and promises no delivery.
    expect(await text(page, 'renewed-order')).toContain(`Renewal of order #${original.number}`);
    expect(await page.getByTestId('delivery-note').count()).toBe(0);

    // The server extended the subscription from its old end, and recorded the renewal.
    await expect.poll(async () => (await shopperOrder(original.token)).subscriptions[0]!.renewals.length, LIVE).toBe(1);
    const renewed = (await shopperOrder(original.token)).subscriptions[0]!;
    const expectedEnd = new Date(original.endsAt);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 3);
    expect(renewed.endsAt).toBe(expectedEnd.toISOString());
    expect(renewed.renewals[0]).toMatchObject({
      number: renewal.orderNumber,
      duration: '3 months',
      previousEnd: original.endsAt,
      newEnd: renewed.endsAt,
    });
    const renewalLine = `for 3 months — order #${renewal.orderNumber}`;

    // The page open elsewhere was told: the new end and the renewal, without a reload.
    await expect.poll(() => text(watcher.page, 'renewal'), LIVE).toContain(renewalLine);
    expect(await text(watcher.page, 'subscription-ends')).toBe(await longDate(watcher.page, renewed.endsAt!));

    // The renewed order's page, from the success screen.
    await page.getByTestId('renewed-order-open').click();
    await page.waitForURL(new RegExp(`/orders/${original.token}$`));
    await page.getByTestId('renewals').waitFor();
    expect(await text(page, 'subscription-ends')).toBe(await longDate(page, renewed.endsAt!));
    expect(await text(page, 'renewal')).toMatch(new RegExp(`^Renewed on .+ ${renewalLine}$`));
    await shot(page, 'renewal-renewed-en-light-390');

    // Nothing to deliver: the renewal's order opened no subscription, and says which order it renews.
    const { order: renewalOrder } = await suite.shop.orderDetail(renewal.dbOrderId);
    expect(renewalOrder).toMatchObject({
      renewal_of_number: original.number,
      deliveryState: 'none',
      subscriptions: [],
    });

    // The back office: "Renewal of #N" in the list, leading to the renewed order; the dashboard's revenue from renewals.
    const admin = await suite.signIn('/admin/orders');
    const row = admin.page.locator(`tr[data-row-id="${renewal.dbOrderId}"]`);
    await row.waitFor(LIVE);
    const mark = row.getByTestId('order-renewal-of');
    expect(plain(await mark.textContent())).toBe(`Renewal of #${original.number}`);
    await mark.click();
    await admin.page.locator(`tr[data-row-id="${original.orderId}"]`).waitFor();
    expect(new URL(admin.page.url()).searchParams.get('search')).toBe(`#${original.number}`);
    await admin.page.goto(`${suite.url}/admin/orders?id=${original.orderId}`);
    expect(await text(admin.page, 'delivered-renewal')).toContain(`#${renewal.orderNumber}`);
    // Its history: renewed by the shopper, paid by the renewal order.
    const detail = admin.page.getByTestId('order-detail');
    await detail.getByTestId('entity-history-toggle').click();
    const renewedEntry = detail.locator('[data-testid="audit-entry"][data-action="order.renewed"]');
    expect(plain(await renewedEntry.getByTestId('audit-entry-text').textContent())).toBe(
      `Shopper renewed the subscription of order #${original.number}`,
    );
    expect(plain(await renewedEntry.textContent())).toContain(`#${renewal.orderNumber}`);
    await admin.page.goto(`${suite.url}/admin`);
    await admin.page.getByTestId('subscription-stats').waitFor();
    expect(plain(await admin.page.getByTestId('stat-renewal-revenue').locator('.admin-stat-value').textContent())).toBe(
      '5,000 Da',
    );
    expect(
      plain(await admin.page.getByTestId('stat-active-subscriptions').locator('.admin-stat-value').textContent()),
    ).toBe('1');
    // No term ended in the range yet: no rate to give.
    expect(plain(await admin.page.getByTestId('stat-renewal-rate').locator('.admin-stat-value').textContent())).toBe(
      '—',
    );
    await admin.page.getByTestId('stat-active-subscriptions').getByRole('link').click();
    await admin.page.waitForURL(/\/admin\/subscriptions\?view=active$/);
    expect(errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
  }, 120_000);

  it('of a subscription that has ended is offered first; axe finds nothing serious on the page and the cart, in Arabic', async () => {
    const ended = await deliveredOrder(61);
    for (const colorScheme of COLOR_SCHEMES) {
      const { page, errors } = await openShop(`/orders/${ended.token}`, { 'store-language': 'ar' }, colorScheme);
      const card = page.getByTestId('subscription');
      await card.waitFor();
      expect(await card.getAttribute('data-ended')).toBe('true');
      expect(await text(page, 'renew')).toContain('انتهى هذا الاشتراك');
      // Renew comes before the dates once the subscription has ended.
      const order = await card.evaluate((element) =>
        [...element.querySelectorAll('[data-testid="renew"], [data-testid="subscription-dates"]')].map((e) =>
          e.getAttribute('data-testid'),
        ),
      );
      expect(order).toEqual(['renew', 'subscription-dates']);
      expect(await text(page, 'renew-button')).toBe('تجديد');
      expect(await seriousViolations(page), `order page, ar, ${colorScheme}`).toEqual([]);

      await page.getByTestId('renew-button').click();
      await page.waitForURL(/\/cart$/, LIVE);
      expect(await text(page, 'cart-renewal')).toBe(`تجديد الطلب #${ended.number}`);
      expect(await seriousViolations(page), `cart, ar, ${colorScheme}`).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it('refused by the server is said in the shopper’s language, and the cart kept', async () => {
    const first = await deliveredOrder(0, '0661112233');
    const other = await deliveredOrder(0, '0661112244');
    // A renewal line naming a subscription of one order with the link of another.
    const cart = JSON.stringify([
      {
        product: { id: gold.id, name: gold.name, price: 2000, duration: '1 month' },
        quantity: 1,
        selectedDuration: '3 months',
        selectedPrice: 5000,
        renewal: { subscriptionId: first.subscriptionId, orderNumber: first.number, orderToken: other.token },
      },
    ]);
    const { page, errors } = await openShop('/checkout', { 'store-language': 'ar', customerPhone: PHONE, cart });
    await page.getByTestId('place-order').click();
    await page.getByTestId('checkout-problem').waitFor();
    expect(await text(page, 'checkout-problem')).toBe('هذا الاشتراك ليس ضمن طلب هذا الرابط.');
    // Kept as it was (the cart adds the package's names by language as the catalogue gives them).
    const kept = JSON.parse((await page.evaluate(() => localStorage.getItem('cart')))!) as unknown[];
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject(JSON.parse(cart)[0]);
    expect(errors).toEqual([]);
  });

  it('link naming no renewable subscription of the order is ignored, politely', async () => {
    const order = await deliveredOrder(0, '0661112255');
    const { page, errors } = await openShop(`/orders/${order.token}?renew=not-a-subscription`, ENGLISH);
    await page.getByTestId('renew-link-unknown').waitFor();
    expect(await text(page, 'renew-link-unknown')).toContain('This renewal link does not match a subscription');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    expect(errors).toEqual([]);
  });
});

describe('a free trial', () => {
  it('is upgraded from its page to a paid duration of the same package, as a renewal', async () => {
    const started = await fetch(`${suite.url}/api/payment/create-checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        amount: 0,
        phone: '0770123456',
        items: [{ productId: gold.id, duration: 'free trial', quantity: 1 }],
      }),
    });
    expect(started.status).toBe(200);
    const { order, orderAccessToken } = (await started.json()) as {
      order: { id: string; number: number };
      orderAccessToken: string;
    };
    await suite.shop.deliverCodes(order.id);

    const { page, errors } = await openShop(`/orders/${orderAccessToken}`, { ...ENGLISH, customerPhone: '0770123456' });
    const button = page.getByTestId('renew-button');
    await button.waitFor();
    expect(plain(await button.textContent())).toBe('Upgrade');
    await button.click();
    await page.waitForURL(/\/cart$/, LIVE);
    expect(await text(page, 'cart-renewal')).toBe(`Upgrade of #${order.number}`);
    // The first paid duration, a free trial never offered.
    expect(await page.getByTestId('renewal-duration').inputValue()).toBe('1 month');
    expect(await page.getByTestId('renewal-duration').locator('option[value="free trial"]').count()).toBe(0);
    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/checkout$/);
    const upgrade = await payInSandbox(page);
    await expect
      .poll(async () => (await shopperOrder(orderAccessToken)).subscriptions[0]!.renewals.map((r) => r.number), LIVE)
      .toEqual([upgrade.orderNumber]);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe.runIf(screenshots)('screenshots', () => {
  it.each(['ar', 'fr', 'en'])(
    'of the order page with Renew, ended, and the cart in %s, light and dark',
    async (language) => {
      const active = await deliveredOrder(20, '0661112266');
      const ended = await deliveredOrder(61, '0661112277');
      for (const colorScheme of COLOR_SCHEMES) {
        const storage = { 'store-language': language };
        const { page } = await openShop(`/orders/${active.token}`, storage, colorScheme);
        await page.getByTestId('renew').waitFor();
        await shot(page, `renewal-order-page-${language}-${colorScheme}-390`);
        await page.goto(`${suite.url}/orders/${ended.token}`);
        await page.locator('[data-testid="renew"][data-ended="true"]').waitFor();
        await shot(page, `renewal-ended-${language}-${colorScheme}-390`);
        await page.getByTestId('renew-button').click();
        await page.waitForURL(/\/cart$/, LIVE);
        await shot(page, `renewal-cart-${language}-${colorScheme}-390`);
      }
    },
  );

  it.each(['ar', 'fr', 'en'])('of the dashboard’s subscription cards in %s at 1024 px', async (language) => {
    const storage = { ...(await signedInStorage(suite.url, TEST_ADMIN)), 'admin-language': language };
    for (const colorScheme of COLOR_SCHEMES) {
      const { page } = await suite.open('/admin', { storage, colorScheme, width: 1024 });
      const cards = page.getByTestId('subscription-stats');
      await cards.waitFor();
      expect(await seriousViolations(page), `dashboard, ${language}, ${colorScheme}`).toEqual([]);
      if (screenshots)
        await cards.screenshot({
          path: path.join(screenshots, `renewal-dashboard-${language}-${colorScheme}-1024.png`),
        });
    }
  });
});
